import { LatchkeyError } from './errors.js'
import { createHandover } from './handover.js'
import type { Answer, Json } from './http.js'
import type { Account, AuthEvent, AuthState, OrgClaim } from './types.js'

/** What a tab holds of a session: in memory only, never in storage or a readable cookie. */
export interface Held {
  token: string
  user: Account
  /** When the token expires, by this machine's clock (its lifetime from `iat` to `exp`, from receipt). */
  expiresAt: number
  lifetime: number
  /** When this tab got it. */
  receivedAt: number
  /** The session family (listSessions' id). */
  sid?: string
  /** The token's id (absent from a service older than the claim). */
  jti?: string
  /** The organization the token acts for (its `org` claim, after switchOrg). */
  org?: OrgClaim
}

type Message = { type: 'session', held: Held } | { type: 'signed-out' }

/** Who hears of a new token or a sign-out besides onAuthChange: the sockets. */
export interface Follower {
  tokenChanged: (token: string) => void
  signedOut: () => void
}

/** The claims of an access token (not verified: the service does that; the client only reads its times and organization). */
function claims (token: string): { exp?: number, iat?: number, sid?: string, jti?: string, org?: OrgClaim } {
  try {
    const part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')
    return JSON.parse(atob(part.padEnd(part.length + (4 - part.length % 4) % 4, '=')))
  } catch {
    return {}
  }
}

/** A sign-in's or a refresh's answer as held. */
export function heldFrom (body: Json): Held {
  const { exp, iat, sid, jti, org } = claims(body.token)
  // iat is rounded down to the second: the token may be up to a second older than it says.
  const lifetime = exp && iat ? Math.max(1000, (exp - iat - 1) * 1000) : 60_000
  const now = Date.now()
  return { token: body.token, user: body.user ?? body.admin, expiresAt: now + lifetime, lifetime, receivedAt: now, ...(sid ? { sid } : {}), ...(jti ? { jti } : {}), ...(org ? { org } : {}) }
}

export interface SessionOptions {
  /** Names the lock, the channel and the stamp: one per service and kind of account. */
  name: string
  lockTimeout: number
  refreshMargin?: number
  /** POST /v1/<kind>/refresh with the cookie. */
  refresh: (timeout: number) => Promise<Answer>
}

/**
 * The session of one tab, shared with the other tabs of its origin: one refreshes at a time (a
 * Web Lock, held for lockTimeout at most) and hands the token to the others (BroadcastChannel);
 * a tab that waited finds the token there and sends nothing. Before it lets the lock go, the tab
 * that refreshed records which token it replaced (handover.ts), so the next tab granted the lock
 * knows its token was refreshed even when the message has not reached it yet.
 */
export function createSession (opts: SessionOptions) {
  const { name, lockTimeout } = opts
  const handover = createHandover(name)
  // Not a secret: that this origin signed in and did not sign out since, so restore() asks the
  // service only then (a signed-out page load sends nothing, and logs no 401).
  const hintKey = `${name}:signed-in`
  let held: Held | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let inflight: Promise<Held | null> | null = null
  // A sign-out in flight: the service closes this device's sockets (4401) before it answers, and a
  // socket must not ask for a refresh that can only fail (a 401 in the console) meanwhile. It waits
  // for `ending`, which settles only once this tab is signed out (or the request failed and it is not).
  let ending: Promise<unknown> | null = null
  const listeners = new Set<(state: AuthState) => void>()
  const waiters = new Set<() => void>()
  const followers = new Set<Follower>()

  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null
  channel?.addEventListener('message', ({ data }: MessageEvent<Message>) => {
    if (data?.type === 'session' && data.held.token !== held?.token) adopt(data.held, false)
    if (data?.type === 'signed-out' && held) signOut(false)
  })

  function emit (event: AuthEvent) {
    const state: AuthState = { event, signedIn: held !== null, user: held?.user ?? null, org: held?.org ?? null }
    for (const listener of [...listeners]) {
      try { listener(state) } catch (err) { setTimeout(() => { throw err }) }
    }
  }

  const margin = (h: Held) => opts.refreshMargin ?? Math.min(60_000, h.lifetime / 4)

  function schedule () {
    clearTimeout(timer)
    if (!held) return
    const h = held
    timer = setTimeout(() => {
      // A failure leaves the token as it is until it expires: another try a little later.
      refresh().catch(() => { if (held === h) timer = setTimeout(schedule, Math.min(5000, h.lifetime / 4)) })
    }, Math.max(0, h.expiresAt - margin(h) - Date.now()))
  }

  /** A sign-in, a refresh or another tab's token. */
  function adopt (next: Held, announce: boolean) {
    const was = held
    held = { ...next, receivedAt: Date.now() }
    hint(true)
    schedule()
    if (announce) channel?.postMessage({ type: 'session', held: next } satisfies Message)
    for (const wake of [...waiters]) wake()
    for (const follower of [...followers]) follower.tokenChanged(next.token)
    emit(was ? 'TOKEN_REFRESHED' : 'SIGNED_IN')
  }

  function signOut (announce: boolean) {
    const was = held
    held = null
    hint(false)
    clearTimeout(timer)
    if (announce) channel?.postMessage({ type: 'signed-out' } satisfies Message)
    for (const follower of [...followers]) follower.signedOut()
    if (was) emit('SIGNED_OUT')
  }

  /** A token newer than `seen` that is not about to expire. */
  const fresher = (seen: string | null) => held && held.token !== seen && held.expiresAt - Date.now() > margin(held) / 2 ? held : null

  function waitForToken (seen: string | null, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => { clearTimeout(t); waiters.delete(wake); resolve() }
      const wake = () => { if (held?.token !== seen) done() }
      const t = setTimeout(done, ms)
      waiters.add(wake)
    })
  }

  function hint (signedIn: boolean) {
    try {
      if (signedIn) globalThis.localStorage?.setItem(hintKey, '1')
      else globalThis.localStorage?.removeItem(hintKey)
    } catch {}
  }

  async function refreshNow (seen: string | null, replaced: string | null): Promise<Held | null> {
    const answer = await opts.refresh(lockTimeout)
    if (answer.status === 200 && answer.body.token) {
      const next = heldFrom(answer.body)
      adopt(next, true)
      // Awaited inside the lock: the record is committed before the next tab is granted it.
      await handover.write({ replaced, jti: next.jti ?? null, at: Date.now() })
      return next
    }
    if (answer.status === 400 || answer.status === 401 || answer.status === 403) {
      // No session behind the cookie: signed out (the other tabs too, if there was one).
      signOut(seen !== null)
      return null
    }
    throw LatchkeyError.from(answer.status, answer.body)
  }

  async function singleFlight (): Promise<Held | null> {
    const seen = held?.token ?? null
    const seenId = held ? held.jti ?? null : null
    // A token-less tab (a restore) can use a refresh that ended after it asked: its channel was open.
    const since = held?.receivedAt ?? Date.now()
    const work = async () => {
      const got = fresher(seen)
      if (got) return got
      const last = await handover.read()
      if (last && (seenId ? last.replaced === seenId : last.at > since)) {
        // Another tab refreshed this tab's token and posted the new one before letting the lock go.
        await waitForToken(seen, Math.min(lockTimeout, 5000))
        const arrived = fresher(seen)
        if (arrived) return arrived
      }
      return await refreshNow(seen, seenId)
    }
    return await locked(work)
  }

  /** `work` holding the origin's lock (for lockTimeout at most; alone if it never comes). */
  async function locked<T> (work: () => Promise<T>): Promise<T> {
    const locks = globalThis.navigator?.locks
    if (!locks) return await work()
    let granted = false
    try {
      return await locks.request(name, { signal: AbortSignal.timeout(lockTimeout) }, async () => {
        granted = true
        return await work()
      })
    } catch (err) {
      if (granted) throw err
      // The lock never came (a tab hangs while holding it): go on alone.
      return await work()
    }
  }

  /**
   * Trades the refresh cookie for new tokens by another action than refresh (switchorg), under
   * the same lock as a refresh and announced like one. A refusal is thrown and changes nothing,
   * but a 401: the session behind the cookie (or the token) has ended, and the tab is signed out
   * as a refused refresh signs it out.
   */
  async function rotate (send: (timeout: number) => Promise<Answer>): Promise<Held> {
    if (inflight) await inflight.catch(() => null)
    return await locked(async () => {
      const replaced = held ? held.jti ?? null : null
      const answer = await send(lockTimeout)
      if (answer.status === 401) signOut(held !== null)
      if (answer.status !== 200 || !answer.body.token) throw LatchkeyError.from(answer.status, answer.body)
      const next = heldFrom(answer.body)
      adopt(next, true)
      await handover.write({ replaced, jti: next.jti ?? null, at: Date.now() })
      return next
    })
  }

  /** Refreshes now, once at a time in this tab and across the origin's tabs; null when signed out. */
  function refresh (): Promise<Held | null> {
    return (inflight ??= singleFlight().finally(() => { inflight = null }))
  }

  return {
    get held () { return held },
    adopt,
    signOut,
    refresh,
    rotate,
    /** Runs a sign-out request, then signs this tab out (when it failed too, if `evenOnFailure`). */
    async signOutAfter (work: () => Promise<unknown>, evenOnFailure: boolean): Promise<void> {
      const done = (async () => {
        try {
          await work()
        } catch (err) {
          if (evenOnFailure) signOut(true)
          throw err
        }
        signOut(true)
      })()
      ending = done.catch(() => {})
      try { await done } finally { ending = null }
    },
    /** The sign-out in flight, settled once this tab is signed out (or its request failed); null when none. */
    get ending (): Promise<unknown> | null { return ending },
    /** An access token that is not about to expire, refreshed first when needed; UNAUTHORIZED when signed out. */
    async accessToken (): Promise<string> {
      if (held && held.expiresAt - Date.now() > Math.min(5000, margin(held))) return held.token
      const h = await refresh()
      if (!h) throw new LatchkeyError('UNAUTHORIZED', 401, 'Not signed in')
      return h.token
    },
    /** The account as the service answered it now (same token). */
    setUser (user: Account): Account { if (held) held = { ...held, user }; return user },
    onChange (listener: (state: AuthState) => void): () => void {
      listeners.add(listener)
      return () => { listeners.delete(listener) }
    },
    follow (follower: Follower): () => void {
      followers.add(follower)
      return () => { followers.delete(follower) }
    },
    /** Whether this origin signed in and has not signed out since (restore() asks the service only then). */
    get hinted (): boolean {
      // No storage to tell (not a browser, or storage blocked): ask.
      try { return !globalThis.localStorage || globalThis.localStorage.getItem(hintKey) === '1' } catch { return true }
    },
    destroy () {
      clearTimeout(timer)
      channel?.close()
      handover.close()
      listeners.clear()
    }
  }
}

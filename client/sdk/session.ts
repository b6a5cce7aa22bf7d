import { LatchkeyError } from './errors.js'
import type { Answer, Json } from './http.js'
import type { Account, AuthEvent, AuthState } from './types.js'

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
}

type Message = { type: 'session', held: Held } | { type: 'signed-out' }

/** Who hears of a new token or a sign-out besides onAuthChange: the sockets. */
export interface Follower {
  tokenChanged: (token: string) => void
  signedOut: () => void
}

/** The claims of an access token (not verified: the service does that; the client only reads its times). */
function claims (token: string): { exp?: number, iat?: number, sid?: string } {
  try {
    const part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')
    return JSON.parse(atob(part.padEnd(part.length + (4 - part.length % 4) % 4, '=')))
  } catch {
    return {}
  }
}

/** A sign-in's or a refresh's answer as held. */
export function heldFrom (body: Json): Held {
  const { exp, iat, sid } = claims(body.token)
  // iat is rounded down to the second: the token may be up to a second older than it says.
  const lifetime = exp && iat ? Math.max(1000, (exp - iat - 1) * 1000) : 60_000
  const now = Date.now()
  return { token: body.token, user: body.user ?? body.admin, expiresAt: now + lifetime, lifetime, receivedAt: now, ...(sid ? { sid } : {}) }
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
 * a tab that waited finds the token there and sends nothing.
 */
export function createSession (opts: SessionOptions) {
  const { name, lockTimeout } = opts
  // Not a secret: when this origin's last refresh happened, so a tab that got the lock after
  // another's refresh knows the token is on its way rather than spending the cookie again.
  const stampKey = `${name}:refreshed`
  let held: Held | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let inflight: Promise<Held | null> | null = null
  const listeners = new Set<(state: AuthState) => void>()
  const waiters = new Set<() => void>()
  const followers = new Set<Follower>()

  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null
  channel?.addEventListener('message', ({ data }: MessageEvent<Message>) => {
    if (data?.type === 'session' && data.held.token !== held?.token) adopt(data.held, false)
    if (data?.type === 'signed-out' && held) signOut(false)
  })

  function emit (event: AuthEvent) {
    const state: AuthState = { event, signedIn: held !== null, user: held?.user ?? null }
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
    schedule()
    if (announce) channel?.postMessage({ type: 'session', held: next } satisfies Message)
    for (const wake of [...waiters]) wake()
    for (const follower of [...followers]) follower.tokenChanged(next.token)
    emit(was ? 'TOKEN_REFRESHED' : 'SIGNED_IN')
  }

  function signOut (announce: boolean) {
    const was = held
    held = null
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

  function stamp (): number {
    try { return Number(globalThis.localStorage?.getItem(stampKey)) || 0 } catch { return 0 }
  }

  async function refreshNow (seen: string | null): Promise<Held | null> {
    const answer = await opts.refresh(lockTimeout)
    if (answer.status === 200 && answer.body.token) {
      try { globalThis.localStorage?.setItem(stampKey, String(Date.now())) } catch {}
      adopt(heldFrom(answer.body), true)
      return held
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
    const since = held?.receivedAt ?? Infinity
    const work = async () => {
      const got = fresher(seen)
      if (got) return got
      if (stamp() > since) {
        // Another tab refreshed since this one got its token: the new one is on its way.
        await waitForToken(seen, 1000)
        const arrived = fresher(seen)
        if (arrived) return arrived
      }
      return await refreshNow(seen)
    }
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

  /** Refreshes now, once at a time in this tab and across the origin's tabs; null when signed out. */
  function refresh (): Promise<Held | null> {
    return (inflight ??= singleFlight().finally(() => { inflight = null }))
  }

  return {
    get held () { return held },
    adopt,
    signOut,
    refresh,
    /** An access token that is not about to expire, refreshed first when needed; UNAUTHORIZED when signed out. */
    async accessToken (): Promise<string> {
      if (held && held.expiresAt - Date.now() > Math.min(5000, margin(held))) return held.token
      const h = await refresh()
      if (!h) throw new LatchkeyError('UNAUTHORIZED', 401, 'Not signed in')
      return h.token
    },
    /** The account as the service answered it now (same token). */
    setUser (user: Account) { if (held) held = { ...held, user } },
    onChange (listener: (state: AuthState) => void): () => void {
      listeners.add(listener)
      return () => { listeners.delete(listener) }
    },
    follow (follower: Follower): () => void {
      followers.add(follower)
      return () => { followers.delete(follower) }
    },
    destroy () {
      clearTimeout(timer)
      channel?.close()
      listeners.clear()
    }
  }
}

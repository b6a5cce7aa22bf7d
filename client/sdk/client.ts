import { startAuthentication, startRegistration } from '@simplewebauthn/browser'
import { LatchkeyError } from './errors.js'
import { LatchkeySocket, type SocketOptions } from './socket.js'
import type {
  Account, AuthEvent, AuthState, Factor, Kind, LoginArgs, PasskeyFactor, Provider, RegisterArgs, Session, SignInResult, VerifyMfaArgs
} from './types.js'

export interface ClientOptions {
  /** The service's origin (`https://auth.example.com`); empty or left out: the page's own origin. */
  baseUrl?: string
  /** `users` (default) or `admins`. */
  kind?: Kind
  /** The language of the API's messages (`en`, `es`); left out: the browser's Accept-Language. */
  lang?: string
  /**
   * How long a tab waits for another tab's refresh (the Web Lock) before refreshing on its own,
   * and how long a refresh request may take (ms, default 10 s): a tab that hangs or dies while
   * holding the lock never blocks the others for longer.
   */
  lockTimeout?: number
  /** How long before the access token expires it is refreshed (ms; default a quarter of its lifetime, at most a minute). */
  refreshMargin?: number
}

/** What the client holds of a session: in memory only, never in storage or a readable cookie. */
interface Held {
  token: string
  user: Account
  /** When the token expires, by this machine's clock (its lifetime from `iat` to `exp`, from receipt). */
  expiresAt: number
  lifetime: number
  /** When this tab got it. */
  receivedAt: number
  sid?: string
}

type Message = { type: 'session', held: Held } | { type: 'signed-out' }

type Json = Record<string, any>

/** The claims of an access token (not verified: the service does that; the client only reads its times). */
function claims (token: string): { exp?: number, iat?: number, sid?: string } {
  try {
    const part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')
    return JSON.parse(atob(part.padEnd(part.length + (4 - part.length % 4) % 4, '=')))
  } catch {
    return {}
  }
}

export type LatchkeyClient = ReturnType<typeof createClient>

/**
 * A client of one kind of account (section 19 of the contract). The access token lives in this
 * tab's memory; the refresh token is the service's HttpOnly cookie, sent with `credentials:
 * 'include'`. Tabs of one origin share the session: one refreshes at a time (Web Locks), and
 * hands the new token to the others (BroadcastChannel); a tab opened later gets it by a refresh.
 */
export function createClient (options: ClientOptions = {}) {
  const kind: Kind = options.kind ?? 'users'
  const base = (options.baseUrl ?? '').replace(/\/+$/, '') || globalThis.location?.origin || ''
  const scheme = kind === 'users' ? 'jwt-user' : 'jwt-admin'
  const lockTimeout = options.lockTimeout ?? 10_000
  let lang = options.lang
  const name = `latchkey:${kind}:${base}`
  // Not a secret: when this origin's last refresh happened, so a tab that waited for the lock
  // knows the token is on its way rather than spending the (rotated) cookie again.
  const stampKey = `${name}:refreshed`

  let held: Held | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let inflight: Promise<Held | null> | null = null
  const listeners = new Set<(state: AuthState) => void>()
  const tokenWaiters = new Set<() => void>()
  const sockets = new Set<LatchkeySocket>()

  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null
  channel?.addEventListener('message', ({ data }: MessageEvent<Message>) => {
    if (data?.type === 'session' && data.held.token !== held?.token) adopt(data.held, false)
    if (data?.type === 'signed-out' && held) signedOut(false)
  })

  const url = (action: string) => `${base}/v1/${kind}/${action}${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`

  async function request (action: string, args: Json = {}, token?: string, timeout?: number): Promise<{ status: number, body: Json }> {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (token) headers.authorization = `${scheme} ${token}`
    let res: Response
    try {
      res = await fetch(url(action), {
        method: 'POST',
        credentials: 'include',
        headers,
        body: JSON.stringify(args),
        ...(timeout ? { signal: AbortSignal.timeout(timeout) } : {})
      })
    } catch (err) {
      throw new LatchkeyError('NETWORK_ERROR', 0, (err as Error).message || 'The service could not be reached')
    }
    const body = await res.json().catch(() => ({})) as Json
    return { status: res.status, body }
  }

  function ok (answer: { status: number, body: Json }): Json {
    if (answer.status >= 400 || answer.body.success === false) throw LatchkeyError.from(answer.status, answer.body)
    return answer.body
  }

  // Sessions: adopt a token (a sign-in, a refresh, another tab's), drop it, refresh it.

  function heldFrom (body: Json): Held {
    const { exp, iat, sid } = claims(body.token)
    // iat is rounded down to the second: the token may be up to a second older than it says.
    const lifetime = exp && iat ? Math.max(1000, (exp - iat - 1) * 1000) : 60_000
    const now = Date.now()
    return { token: body.token, user: body.user ?? body.admin, expiresAt: now + lifetime, lifetime, receivedAt: now, ...(sid ? { sid } : {}) }
  }

  function emit (event: AuthEvent) {
    const state: AuthState = { event, signedIn: held !== null, user: held?.user ?? null }
    for (const listener of [...listeners]) {
      try { listener(state) } catch (err) { setTimeout(() => { throw err }) }
    }
  }

  function margin (h: Held) {
    return options.refreshMargin ?? Math.min(60_000, h.lifetime / 4)
  }

  function schedule () {
    clearTimeout(timer)
    if (!held) return
    const h = held
    timer = setTimeout(() => {
      // A failure leaves the token as it is until it expires: another try a little later.
      refresh().catch(() => { if (held === h) timer = setTimeout(schedule, Math.min(5000, h.lifetime / 4)) })
    }, Math.max(0, h.expiresAt - margin(h) - Date.now()))
  }

  function adopt (next: Held, announce: boolean) {
    const was = held
    held = { ...next, receivedAt: Date.now() }
    schedule()
    if (announce) channel?.postMessage({ type: 'session', held: next } satisfies Message)
    for (const wake of [...tokenWaiters]) wake()
    for (const socket of sockets) socket.tokenChanged(next.token)
    emit(was ? 'TOKEN_REFRESHED' : 'SIGNED_IN')
  }

  function signedOut (announce: boolean) {
    const was = held
    held = null
    clearTimeout(timer)
    if (announce) channel?.postMessage({ type: 'signed-out' } satisfies Message)
    for (const socket of sockets) socket.signedOut()
    if (was) emit('SIGNED_OUT')
  }

  function signIn (body: Json): SignInResult {
    if (body.mfaRequired) return { mfaRequired: true, mfaToken: body.mfaToken as string, factors: body.factors as Factor[] }
    adopt(heldFrom(body), true)
    return { mfaRequired: false, user: held!.user }
  }

  /** A token newer than `seen` that is not about to expire. */
  function fresher (seen: string | null): Held | null {
    return held && held.token !== seen && held.expiresAt - Date.now() > margin(held) / 2 ? held : null
  }

  function waitForToken (seen: string | null, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => { clearTimeout(t); tokenWaiters.delete(wake); resolve() }
      const wake = () => { if (held?.token !== seen) done() }
      const t = setTimeout(done, ms)
      tokenWaiters.add(wake)
    })
  }

  function stamp (): number {
    try { return Number(globalThis.localStorage?.getItem(stampKey)) || 0 } catch { return 0 }
  }

  async function refreshNow (seen: string | null): Promise<Held | null> {
    const answer = await request('refresh', {}, undefined, lockTimeout)
    if (answer.status === 200 && answer.body.token) {
      try { globalThis.localStorage?.setItem(stampKey, String(Date.now())) } catch {}
      adopt(heldFrom(answer.body), true)
      return held
    }
    if (answer.status === 400 || answer.status === 401 || answer.status === 403) {
      // No session behind the cookie: signed out (the other tabs too, if there was one).
      signedOut(seen !== null)
      return null
    }
    throw LatchkeyError.from(answer.status, answer.body)
  }

  /**
   * One refresh at a time across this origin's tabs. The tab holding the lock refreshes and
   * broadcasts the token; a tab that waited finds it already there (or announced) and sends
   * nothing. The wait is bounded: past lockTimeout a tab refreshes without the lock.
   */
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
      // The lock never came (a tab hung while holding it): go on alone.
      return await work()
    }
  }

  /** Refreshes the session now (the cookie); resolves with the account, or null when signed out. */
  function refresh (): Promise<Held | null> {
    return (inflight ??= singleFlight().finally(() => { inflight = null }))
  }

  /** An access token that is not about to expire, refreshed first when needed. */
  async function accessToken (): Promise<string> {
    if (held && held.expiresAt - Date.now() > Math.min(5000, margin(held))) return held.token
    const h = await refresh()
    if (!h) throw new LatchkeyError('UNAUTHORIZED', 401, 'Not signed in')
    return h.token
  }

  /** An authenticated action: the token added, refreshed once and retried on a 401. */
  async function authed (action: string, args: Json = {}): Promise<Json> {
    const token = await accessToken()
    let answer = await request(action, args, token)
    if (answer.status === 401) {
      const h = await refresh()
      if (h) answer = await request(action, args, h.token)
    }
    return ok(answer)
  }

  function onlyUsers (what: string) {
    if (kind !== 'users') throw new LatchkeyError('BAD_REQUEST_INVALID_ARGUMENTS', 400, `${what} is for users only`)
  }

  const client = {
    kind,
    baseUrl: base,

    /** The signed-in account, or null (after restore(), a sign-in or a refresh). */
    get user (): Account | null { return held?.user ?? null },
    get signedIn (): boolean { return held !== null },

    /** Picks the language of the API's messages from now on. */
    setLang (next: string | undefined) { lang = next },

    /**
     * The session of this origin, if any: the token in memory, or a refresh with the cookie (a
     * tab opened after the sign-in). Resolves with the account, or null when signed out.
     */
    async restore (): Promise<Account | null> {
      if (held && held.expiresAt > Date.now()) return held.user
      return (await refresh())?.user ?? null
    },

    /** Refreshes the access token now (single-flight across tabs); null when signed out. */
    async refresh (): Promise<Account | null> {
      return (await refresh())?.user ?? null
    },

    /** An access token that is valid for a while yet (refreshed first if needed); throws UNAUTHORIZED when signed out. */
    accessToken,

    /** Users only. Signs in as well, unless the service wants the email confirmed first (signedIn false). */
    async register (args: RegisterArgs & Json): Promise<{ user: Account, signedIn: boolean }> {
      onlyUsers('register')
      const body = ok(await request('register', args))
      if (!body.token) return { user: body.user, signedIn: false }
      adopt(heldFrom(body), true)
      return { user: held!.user, signedIn: true }
    },

    /** `{ mfaRequired: true, mfaToken, factors }` when a second factor is needed: then verifyMfa. */
    async login (args: LoginArgs): Promise<SignInResult> {
      return signIn(ok(await request('login', args)))
    },

    /** The second step: the mfaToken of login with a factor's code (`factorId`, `code`) or a `recoveryCode`. */
    async verifyMfa (args: VerifyMfaArgs): Promise<Account> {
      adopt(heldFrom(ok(await request('verifymfa', args))), true)
      return held!.user
    },

    /** Registers a passkey of this device for the signed-in account (the browser asks the user). */
    async passkeyRegister (args: { name?: string } = {}): Promise<PasskeyFactor> {
      const { options } = await authed('passkeyregisteroptions')
      const response = await startRegistration({ optionsJSON: options })
      const body = await authed('passkeyregister', { response, ...(args.name ? { name: args.name } : {}) })
      return body.factor
    },

    /** Signs in with a passkey the authenticator offers (nothing typed). */
    async passkeyLogin (): Promise<Account> {
      const { options, challengeId } = ok(await request('passkeyloginoptions'))
      const response = await startAuthentication({ optionsJSON: options })
      adopt(heldFrom(ok(await request('passkeylogin', { challengeId, response }))), true)
      return held!.user
    },

    /** Users only: the configured identity providers, for the buttons of a sign-in page. */
    async listProviders (): Promise<Provider[]> {
      onlyUsers('listProviders')
      return ok(await request('oauthproviders')).providers
    },

    /**
     * Users only: leaves the page for the provider. The service sends the browser back to
     * `redirectTo` (default: this page; it must start with PUBLIC_APP_URL or one of
     * OAUTH_REDIRECT_URLS) with `?code=`, which completeOAuth() trades for the session.
     */
    signInWithProvider (provider: string, args: { redirectTo?: string } = {}): void {
      onlyUsers('signInWithProvider')
      const redirectTo = args.redirectTo ?? globalThis.location.href
      globalThis.location.assign(`${base}/v1/users/oauth/${encodeURIComponent(provider)}/authorize?redirectTo=${encodeURIComponent(redirectTo)}`)
    },

    /**
     * On the page the provider sign-in came back to: trades `?code=` for the session (and takes
     * `code` or `error` out of the address bar). Null when the address has neither; a provider's
     * `?error=` (email_not_verified, access_denied, ...) is thrown as that code with status 400.
     */
    async completeOAuth (address: string = globalThis.location.href): Promise<SignInResult | null> {
      onlyUsers('completeOAuth')
      const parsed = new URL(address)
      const code = parsed.searchParams.get('code')
      const error = parsed.searchParams.get('error')
      if (!code && !error) return null
      if (address === globalThis.location?.href) {
        parsed.searchParams.delete('code')
        parsed.searchParams.delete('error')
        globalThis.history.replaceState(globalThis.history.state, '', parsed.toString())
      }
      if (error) throw new LatchkeyError(error, 400, `The provider sign-in failed: ${error}`)
      return signIn(ok(await request('oauthexchange', { code })))
    },

    /** Users only: mails a sign-in link (always succeeds, whether or not the address has an account). */
    async requestSignInLink (email: string): Promise<void> {
      onlyUsers('requestSignInLink')
      ok(await request('requestsigninlink', { email }))
    },

    /** Users only: the page the mailed link opens calls this with its `token`. */
    async signInWithLink (token: string): Promise<SignInResult> {
      onlyUsers('signInWithLink')
      return signIn(ok(await request('signinwithlink', { token })))
    },

    /** Signs this device out (every tab of this origin with it); signed out here even if the service cannot be reached. */
    async logout (): Promise<void> {
      try {
        if (held || await refresh()) await authed('logout')
      } finally {
        signedOut(true)
      }
    },

    /** Signs every device of the account out. */
    async logoutAll (): Promise<void> {
      await authed('logoutall')
      signedOut(true)
    },

    /** The account's devices (one per session family), this one marked `current`. */
    async listSessions (): Promise<Session[]> {
      return (await authed('listsessions')).sessions
    },

    /** Signs one device out by its id from listSessions; this device's own id is a logout. */
    async revokeSession (sessionId: string): Promise<void> {
      await authed('revokesession', { sessionId })
      if (held?.sid && held.sid === sessionId.toLowerCase()) signedOut(true)
    },

    /** The signed-in account, as the service has it now. */
    async me (): Promise<Account> {
      const body = await authed('me')
      const user = (body.user ?? body.admin) as Account
      if (held) held = { ...held, user }
      return user
    },

    /** Any other authenticated action of this kind: `call('listfactors')`; the answer's body, or a LatchkeyError. */
    call: authed,

    /**
     * fetch() with the access token added (refreshed before it expires, and once more on a 401)
     * and the cookie sent. The token is only ever sent to the service's own origin.
     */
    async fetch (input: string | URL, init: RequestInit = {}): Promise<Response> {
      const target = new URL(String(input), `${base}/`)
      if (target.origin !== new URL(`${base}/`).origin) return await fetch(target, init)
      const send = (token: string | null) => {
        const headers = new Headers(init.headers)
        if (token) headers.set('authorization', `${scheme} ${token}`)
        return fetch(target, { credentials: 'include', ...init, headers })
      }
      const token = await accessToken().catch(() => null)
      const res = await send(token)
      if (res.status !== 401 || !token) return res
      const h = await refresh().catch(() => null)
      return h ? await send(h.token) : res
    },

    /** Called with `{ event, signedIn, user }` on every sign-in, refresh and sign-out; returns the unsubscribe. */
    onAuthChange (listener: (state: AuthState) => void): () => void {
      listeners.add(listener)
      return () => { listeners.delete(listener) }
    },

    /**
     * A WebSocket on /v1/ws that follows the session (users only): it authenticates, joins its
     * rooms, re-sends `auth` with every new access token, reconnects with backoff after 1001
     * and 1006, and stops on 4401 (status `signed-out` when the session is gone).
     */
    socket (opts: SocketOptions = {}): LatchkeySocket {
      onlyUsers('socket')
      const socket = new LatchkeySocket({
        url: opts.url ?? `${base.replace(/^http/, 'ws')}/v1/ws`,
        accessToken,
        refresh: async () => (await refresh())?.token ?? null,
        closed: (s) => { sockets.delete(s) }
      }, opts)
      sockets.add(socket)
      return socket
    },

    /** Stops the timers, the channel and the sockets of this client. */
    destroy () {
      clearTimeout(timer)
      channel?.close()
      for (const socket of sockets) socket.close()
      listeners.clear()
    }
  }
  return client
}

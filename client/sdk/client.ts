import { startAuthentication, startRegistration } from '@simplewebauthn/browser'
import { LatchkeyError } from './errors.js'
import { createRequester, ok, type Json } from './http.js'
import { createMailedLinks } from './links.js'
import { createOrgs, createSwitchOrg } from './orgs.js'
import { createSession, heldFrom } from './session.js'
import { LatchkeySocket, type SocketOptions } from './socket.js'
import { warnIfCrossSite } from './site.js'
import type {
  Account, AuthState, Factor, Kind, LoginArgs, OrgClaim, PasskeyFactor, ProfileChanges, Provider, RegisterArgs, Session, SignInResult, VerifyMfaArgs
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

export type LatchkeyClient = ReturnType<typeof createClient>

/**
 * A client of one kind of account (docs/api.md#the-browser-sdk-the-demo-and-the-console). The
 * access token lives in this tab's memory; the refresh token is the service's HttpOnly cookie,
 * sent with `credentials: 'include'`. Tabs of one origin share the session (session.ts): one
 * refreshes at a time and hands the new token to the others; a tab opened later gets it by a refresh.
 */
export function createClient (options: ClientOptions = {}) {
  const kind: Kind = options.kind ?? 'users'
  const base = (options.baseUrl ?? '').replace(/\/+$/, '') || globalThis.location?.origin || ''
  let lang = options.lang
  const { request, scheme } = createRequester(base, kind, () => lang)
  const session = createSession({
    name: `latchkey:${kind}:${base}`,
    lockTimeout: options.lockTimeout ?? 10_000,
    refreshMargin: options.refreshMargin,
    refresh: (timeout) => request('refresh', {}, undefined, timeout)
  })
  const { accessToken, refresh } = session
  const sockets = new Set<LatchkeySocket>()
  warnIfCrossSite(base)

  function signIn (body: Json): SignInResult {
    if (body.mfaRequired) return { mfaRequired: true, mfaToken: body.mfaToken as string, factors: body.factors as Factor[] }
    session.adopt(heldFrom(body), true)
    return { mfaRequired: false, user: session.held!.user }
  }

  /** An authenticated action: the token added, refreshed once and retried on a 401. */
  async function authed (action: string, args: Json = {}): Promise<Json> {
    let answer = await request(action, args, await accessToken())
    if (answer.status === 401) {
      const h = await refresh()
      if (h) answer = await request(action, args, h.token)
    }
    return ok(answer)
  }

  /** An answer's account (`user`, or `admin`), kept as the session's from now on (the same token). */
  const current = (body: Json): Account => session.setUser((body.user ?? body.admin) as Account)

  function onlyUsers (what: string) {
    if (kind !== 'users') throw new LatchkeyError('BAD_REQUEST_INVALID_ARGUMENTS', 400, `${what} is for users only`)
  }
  const switchOrg = createSwitchOrg(session, request, accessToken)

  const client = {
    kind,
    baseUrl: base,

    /** The signed-in account, or null (after restore(), a sign-in or a refresh). */
    get user (): Account | null { return session.held?.user ?? null },
    get signedIn (): boolean { return session.held !== null },

    /** Picks the language of the API's messages from now on. */
    setLang (next: string | undefined) { lang = next },

    /**
     * The session of this origin, if any: the token in memory, or a refresh with the cookie (a
     * tab opened after the sign-in). Resolves with the account, or null when signed out. Asks
     * the service only when this origin's SDK signed in and did not sign out since (a hint in
     * localStorage, no token): a signed-out page load sends nothing. refresh() always asks.
     */
    async restore (): Promise<Account | null> {
      const { held } = session
      if (held && held.expiresAt > Date.now()) return held.user
      if (!session.hinted) return null
      return (await refresh())?.user ?? null
    },

    /** Refreshes the access token now (single-flight across tabs), whatever restore() would guess; null when signed out. */
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
      session.adopt(heldFrom(body), true)
      return { user: session.held!.user, signedIn: true }
    },

    /** `{ mfaRequired: true, mfaToken, factors }` when a second factor is needed: then verifyMfa. */
    async login (args: LoginArgs): Promise<SignInResult> {
      return signIn(ok(await request('login', args)))
    },

    /** The second step: the mfaToken of login with a factor's code (`factorId`, `code`) or a `recoveryCode`. */
    async verifyMfa (args: VerifyMfaArgs): Promise<Account> {
      session.adopt(heldFrom(ok(await request('verifymfa', args))), true)
      return session.held!.user
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
      session.adopt(heldFrom(ok(await request('passkeylogin', { challengeId, response }))), true)
      return session.held!.user
    },

    /** Users only: the configured identity providers, for the buttons of a sign-in page. */
    async listProviders (): Promise<Provider[]> {
      onlyUsers('listProviders')
      return ok(await request('oauthproviders')).providers
    },

    /**
     * Users only: leaves the page for the provider. The service sends the browser back to
     * `redirectTo` (default: this page; it must start with PUBLIC_APP_URL, else PUBLIC_URL, or one of
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

    /** The mailed links' tokens: verifyEmail, resetPassword, confirmEmailChange, cancelDeletion (links.ts). */
    ...createMailedLinks(kind, request, signIn),

    /** Signs this device out (every tab of this origin with it); signed out here even if the service cannot be reached. */
    async logout (): Promise<void> {
      try {
        if (session.held || await refresh()) await session.signOutAfter(() => authed('logout'), true)
      } finally {
        session.signOut(true)
      }
    },

    /** Signs every device of the account out. */
    async logoutAll (): Promise<void> {
      await session.signOutAfter(() => authed('logoutall'), false)
    },

    /** The account's devices (one per session family), this one marked `current`. */
    async listSessions (): Promise<Session[]> {
      return (await authed('listsessions')).sessions
    },

    /** Signs one device out by its id from listSessions; this device's own id is a logout. */
    async revokeSession (sessionId: string): Promise<void> {
      const sid = session.held?.sid
      const current = sid !== undefined && sid === sessionId.toLowerCase()
      if (current) await session.signOutAfter(() => authed('revokesession', { sessionId }), false)
      else await authed('revokesession', { sessionId })
    },

    /** The signed-in account, as the service has it now. */
    async me (): Promise<Account> {
      return current(await authed('me'))
    },

    /**
     * The account's own profile and `userMetadata` changed (only the fields given; null or '' clears one, the metadata is
     * replaced whole): the account, as after me(); a refused value is a LatchkeyError naming it in `fields`.
     */
    async updateProfile (changes: ProfileChanges): Promise<Account> {
      return current(await authed('updateprofile', changes))
    },

    /** Any other authenticated action of this kind, `call('listfactors')`, or path, `call('/v1/posts/create', {...})`: the body, or a LatchkeyError. */
    call: authed,

    /** Users only: the organizations, one method per /v1/orgs route (`orgs.create({ slug, name })`, `orgs.list()`, ...; orgs.ts). */
    orgs: createOrgs(authed, onlyUsers),
    /** The organization this session acts for (the access token's `org` claim: id, slug, my role, its permissions), or null. */
    get org (): OrgClaim | null { return session.held?.org ?? null },
    /** Users only: acts for an organization of mine (null: none) by new tokens, adopted as a refresh's (tabs, sockets, onAuthChange). */
    async switchOrg (organizationId: string | null): Promise<OrgClaim | null> { onlyUsers('switchOrg'); return await switchOrg(organizationId) },

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
      return session.onChange(listener)
    },

    /**
     * A WebSocket on /v1/ws that follows the session (users only): it authenticates, joins its
     * rooms, re-sends `auth` with every new access token, reconnects with backoff after 1001
     * and 1006, and stops on 4401 (status `signed-out` when the session is gone).
     */
    socket (opts: SocketOptions = {}): LatchkeySocket {
      onlyUsers('socket')
      let unfollow = () => {}
      const socket = new LatchkeySocket({
        url: opts.url ?? `${base.replace(/^http/, 'ws')}/v1/ws`,
        accessToken,
        refresh: async () => {
          await session.ending
          return session.held ? (await refresh())?.token ?? null : null
        },
        closed: (s) => { unfollow(); sockets.delete(s) }
      }, opts)
      unfollow = session.follow(socket)
      sockets.add(socket)
      return socket
    },

    /** Stops the timers, the channel and the sockets of this client. */
    destroy () {
      for (const socket of [...sockets]) socket.close()
      session.destroy()
    }
  }
  return client
}

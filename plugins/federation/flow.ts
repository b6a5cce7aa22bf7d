import type { FastifyInstance } from 'fastify'
import * as oidc from 'openid-client'
import { AppError } from '../core/errors.js'
import type { Queryable } from '../core/db.js'
import { appUrl } from '../core/links.js'
import { accountError, ACCOUNT_TYPES, normalizeEmail, repositoryOf, claimAccount, fillProfile, OPAQUE_TOKEN, hashToken, newOpaqueToken, type ProfileClaims, type SessionMeta, type SignIn } from '../accounts/index.js'
import { recordEvent, type AuditContext } from '../audit/index.js'
import { uuidv7 } from '../../random.js'
import { federationStatements as q, type AccountState } from './repository.js'
import { allowedRedirect, withParam } from './redirects.js'
import type { createProviders } from './providers.js'

const USER = ACCOUNT_TYPES.user
/** The state, nonce and PKCE verifier of a sign-in under way live 10 minutes; the exchange code 2. */
export const STATE_TTL = 10 * 60
export const EXCHANGE_TTL = 2 * 60

/** A refusal sent back to the app as `?error=<reason>` (and recorded as oauth.failed). */
class SignInRefused extends Error {
  constructor (readonly reason: string, readonly accountId: string | null = null, readonly detail?: string) {
    super(reason)
  }
}

/** What the provider's ID token (or userinfo) says about the person: its profile claims fill the account's empty fields. */
interface Person { subject: string, email: string | null, emailVerified: boolean, profile: ProfileClaims }

/** Why the code grant failed, as the app sees it in `?error=`: never the provider's own words. */
function grantFailure (err: unknown): SignInRefused {
  const code = String((err as { code?: unknown }).code ?? (err as Error).name)
  if (err instanceof oidc.ResponseBodyError) return new SignInRefused('token_request_failed', null, (err as { error?: string }).error)
  if (/^OAUTH_(JWT|JWS|KEY_SELECTION)/.test(code)) return new SignInRefused('invalid_id_token', null, code)
  if (/Abort|Timeout|TypeError/.test(code)) return new SignInRefused('provider_unreachable', null, code)
  return new SignInRefused('invalid_response', null, code)
}

/**
 * The redirect flow of a provider sign-in (users only): authorize -> provider -> callback ->
 * the app with a single-use code -> oauthexchange, which answers like a login.
 */
export function createFlow (app: FastifyInstance, providers: ReturnType<typeof createProviders>) {
  const { sql, config } = app
  // The application (without PUBLIC_APP_URL, the service's own pages); the OpenID provider's sign-in page
  // (/oidc/interaction/:uid) offers provider sign-in too, and comes back to itself.
  const redirectPrefixes = [appUrl(config), ...config.oauthRedirectUrls, ...config.oidcProviderEnabled ? [`${config.oidcIssuer}/interaction/`] : []]
  const invalidToken = () => accountError(USER, 'BAD_REQUEST_INVALID_TOKEN')

  const failed = (db: Queryable, provider: string, refused: SignInRefused, context: AuditContext) =>
    recordEvent(db, {
      event: 'oauth.failed',
      accountType: USER.type,
      accountId: refused.accountId,
      data: { provider, reason: refused.reason, ...(refused.detail ? { detail: refused.detail } : {}) }
    }, context)

  /** The account of `person`: its identity, an account with the same verified email, or a new one. */
  async function resolve (tx: Queryable, provider: string, person: Person, context: AuditContext): Promise<AccountState> {
    const [known] = await q.identityBySubject.run(tx, { provider, subject: person.subject })
    if (known) {
      await q.touchIdentity.run(tx, { id: known.identity_id, email: person.email, verified: person.emailVerified })
      return known
    }
    if (!person.email) throw new SignInRefused('email_missing')
    const [existing] = await q.accountByEmail.run(tx, { email: person.email })
    let account: AccountState
    if (existing) {
      // An address the provider did not verify never takes over an account.
      if (!person.emailVerified) throw new SignInRefused('email_not_verified', existing.id)
      // A verified address proves the mailbox: an unconfirmed account becomes this person's, emptied
      // of whatever its registrant set up (a confirmed one is only linked).
      if (!existing.is_email_confirmed) {
        await claimAccount(tx, USER, existing.id, { via: 'oauth', provider }, { ...context, actorType: USER.type, actorId: existing.id },
          app.accountData)
      }
      account = { ...existing, is_email_confirmed: true }
    } else {
      if (!config.registrationEnabled) throw new SignInRefused('registration_disabled')
      ;[account] = await repositoryOf(USER).owners.createWithoutPassword.run(tx, { id: uuidv7(), email: person.email, confirmed: person.emailVerified })
      await recordEvent(tx, { event: 'register', accountType: USER.type, accountId: account.id, data: { provider } },
        { ...context, actorType: USER.type, actorId: account.id })
    }
    const identityId = uuidv7()
    await q.linkIdentity.run(tx, { id: identityId, userId: account.id, provider, subject: person.subject, email: person.email,
      verified: person.emailVerified })
    await recordEvent(tx, { event: 'oauth.identity_linked', accountType: USER.type, accountId: account.id, data: { provider, identityId } },
      { ...context, actorType: USER.type, actorId: account.id })
    return account
  }

  /** The account is signed in by the provider: its state is checked, then the exchange code is issued (its raw value returned). */
  async function admit (provider: string, person: Person, context: AuditContext): Promise<string> {
    // Two first sign-ins of one person at once: the second one's insert fails and it runs again, finding the first one's rows.
    for (let attempt = 0; ; attempt++) {
      try {
        return await sql.begin(async (tx) => {
          const account = await resolve(tx, provider, person, context)
          if (!account.is_active) throw new SignInRefused('account_inactive', account.id)
          if (account.deleted_at) throw new SignInRefused('account_deleted', account.id)
          if (config.requireEmailConfirmed && !account.is_email_confirmed) throw new SignInRefused('email_not_confirmed', account.id)
          await fillProfile(tx, USER, account.id, person.profile)
          const { token, hash } = newOpaqueToken()
          await repositoryOf(USER).tokens.issueExchange.run(tx, { ownerId: account.id, tokenId: uuidv7(), hash, lifetime: EXCHANGE_TTL })
          await recordEvent(tx, { event: 'oauth.signed_in', accountType: USER.type, accountId: account.id, data: { provider } },
            { ...context, actorType: USER.type, actorId: account.id })
          return token
        })
      } catch (err) {
        if (attempt > 0 || (err as { code?: string }).code !== '23505') throw err
      }
    }
  }

  /** The person the ID token names; the address from userinfo when the ID token has none. */
  async function personOf (client: oidc.Configuration, tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>): Promise<Person> {
    const claims = tokens.claims()!
    let { email, email_verified: verified } = claims as { email?: unknown, email_verified?: unknown }
    let profile: ProfileClaims = claims as ProfileClaims
    if (typeof email !== 'string' && client.serverMetadata().userinfo_endpoint) {
      const info = await oidc.fetchUserInfo(client, tokens.access_token, claims.sub)
      email = info.email
      verified = info.email_verified
      profile = { ...info, ...claims }
    }
    const address = typeof email === 'string' && email.length <= 254 && email.includes('@') ? normalizeEmail(email) : null
    return { subject: claims.sub, email: address, emailVerified: verified === true || verified === 'true', profile }
  }

  return {
    /**
     * Where to send the browser to sign in with `name`: the provider's authorization URL with a
     * fresh state, nonce and PKCE challenge, kept server-side. `state` is also set in a cookie
     * by the route, binding the callback to the browser that started the sign-in.
     */
    async authorize (name: string, redirectTo: string, callbackUrl: string): Promise<{ url: string, state: string }> {
      if (!allowedRedirect(redirectTo, redirectPrefixes)) {
        throw new AppError('BAD_REQUEST_INVALID_ARGUMENTS', {
          params: { names: 'redirectTo' },
          fields: [{ name: 'redirectTo', key: 'GLOBAL[redirect_not_allowed]' }]
        })
      }
      const { client, settings } = await providers.get(name)
      const state = oidc.randomState()
      const nonce = oidc.randomNonce()
      const verifier = oidc.randomPKCECodeVerifier()
      await q.saveState.run(sql, { id: uuidv7(), hash: hashToken(state), provider: name, nonce, verifier, redirectTo, callbackUrl,
        lifetime: STATE_TTL })
      const url = oidc.buildAuthorizationUrl(client, {
        redirect_uri: callbackUrl,
        scope: settings.scopes,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256'
      })
      return { url: url.href, state }
    },

    /**
     * The provider's answer: the state must be one this service issued to this browser
     * (`boundState`, the cookie), unused and fresh, else 400 INVALID_TOKEN (nowhere safe to send
     * the browser). Then the code is exchanged and the ID token validated by openid-client
     * (signature, issuer, audience, nonce, expiry, PKCE), and the browser goes back to
     * `redirectTo` with `?code=` or `?error=`.
     */
    async callback (name: string, search: URLSearchParams, boundState: string | undefined, context: AuditContext): Promise<string> {
      const provider = await providers.get(name)
      const state = search.get('state') ?? ''
      const [saved] = state && state === boundState ? await q.takeState.run(sql, { hash: hashToken(state), provider: name }) : []
      if (!saved) {
        await failed(sql, name, new SignInRefused(state && state === boundState ? 'invalid_state' : 'state_mismatch'), context)
        throw invalidToken()
      }
      const back = (param: 'code' | 'error', value: string) => withParam(saved.redirect_to, param, value)
      try {
        const providerError = search.get('error')
        if (providerError) throw new SignInRefused(/^[a-z_]{1,64}$/.test(providerError) ? providerError : 'provider_error', null, 'provider')
        let tokens
        try {
          const current = new URL(saved.callback_url)
          current.search = search.toString()
          tokens = await oidc.authorizationCodeGrant(provider.client, current, {
            pkceCodeVerifier: saved.code_verifier, expectedState: state, expectedNonce: saved.nonce, idTokenExpected: true
          })
        } catch (err) {
          throw grantFailure(err)
        }
        const person = await personOf(provider.client, tokens).catch((err) => { throw grantFailure(err) })
        return back('code', await admit(name, person, context))
      } catch (err) {
        if (!(err instanceof SignInRefused)) throw err
        await failed(sql, name, err, context)
        return back('error', err.reason)
      }
    },

    /**
     * The single-use code of a callback for a session (amr oauth), or the second step when the
     * account has a verified factor; unknown, used or expired: INVALID_TOKEN.
     */
    async exchange (code: string, meta: SessionMeta): Promise<SignIn> {
      if (!OPAQUE_TOKEN.test(code)) throw invalidToken()
      const [row] = await repositoryOf(USER).tokens.useExchange.run(sql, { hash: hashToken(code) })
      if (!row) throw invalidToken()
      return app.sessions.completeSignIn(USER, { id: row.owner_id }, meta, 'oauth')
    }
  }
}

import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { Account, AccountType, Client } from './registry.js'
import { presentAccount, repositoryOf } from './repository.js'
import { authenticateWithStatement, type AuthenticateJoin } from './repository/owners.js'
import { createLogin } from './login.js'
import { createSignup } from './signup.js'
import { createRefresh } from './refresh.js'
import { createDevices } from './devices.js'
import { claimedAssurance } from './assurance.js'
import { UUID_PATTERN } from '../../random.js'
import type { PublicAccount } from '../../schemas/accounts.js'

export { isMfaRequired, type FirstStep, type Issued, type MfaRequired, type SessionMeta, type SignIn, type SignInAccount } from './login.js'
export type { Within } from './signup.js'
export type { Device } from './devices.js'

declare module 'fastify' {
  interface FastifyInstance { sessions: ReturnType<typeof createSessions> }
}

/**
 * The session service of every account type: sign-in in steps (login.ts), new accounts
 * (signup.ts), rotation (refresh.ts), devices and revocation (devices.ts), and the check of an
 * access token on every authenticated request.
 */
export function createSessions (app: FastifyInstance) {
  const { sql, tokens } = app
  const login = createLogin(app)
  const refresh = createRefresh(app, login)
  // The owner reads with a subquery joined, built once per subquery and account type (prepared statements).
  const composed = new Map<AuthenticateJoin, Map<string, ReturnType<typeof authenticateWithStatement>>>()
  function withJoin (kind: AccountType, join: AuthenticateJoin) {
    const byKind = composed.get(join) ?? composed.set(join, new Map()).get(join)!
    return byKind.get(kind.type) ?? byKind.set(kind.type, authenticateWithStatement(kind, join)).get(kind.type)!
  }

  return {
    // The steps, for the sign-in methods that build on them; newSession and issue stay inside.
    checkCredentials: login.checkCredentials,
    nextStep: login.nextStep,
    openSession: login.openSession,
    // The one way every sign-in method ends (password, provider, link): see README, "Where a new sign-in method plugs into login".
    completeSignIn: login.completeSignIn,
    login: login.login,
    ...createSignup(app, login),
    ...createDevices(app),
    refresh: refresh.refresh,
    switchOrganization: refresh.switchOrganization,

    /** The caller's own account (`me`); null when it was deleted since its token was checked. */
    async account (kind: AccountType, ownerId: string): Promise<PublicAccount | null> {
      const [row] = await repositoryOf(kind).owners.account.run(sql, { id: ownerId })
      return row ? presentAccount(row) : null
    },

    /**
     * The owner of an access token, or null: signature, exp and iss are checked by the verifier,
     * then type and audience against this route and request (`client` null accepts either of
     * the type's audiences, as the WebSocket does), then one indexed read of the owner; with
     * `member` (a route's permission check) and an org token, the membership in its organization
     * is read in the same statement (`account.member`: the subquery's row, null when none).
     */
    async authenticate (kind: AccountType, token: string, client: Client | null, member?: AuthenticateJoin): Promise<Account | null> {
      let claims
      try {
        claims = tokens.verify(token)
      } catch {
        return null
      }
      client ??= claims.aud === kind.audiences.app ? 'app' : 'web'
      if (claims.type !== kind.type || claims.aud !== kind.audiences[client] || !UUID_PATTERN.test(claims.sub)) return null
      // An org token on a route with a permission: the membership is read with the owner.
      const org = member && kind.organizations && claims.org && typeof claims.org.id === 'string' && UUID_PATTERN.test(claims.org.id)
        ? claims.org.id
        : null
      const [owner] = org
        ? await withJoin(kind, member!).run(sql, { id: claims.sub, argument: org })
        : await repositoryOf(kind).owners.authenticate.run(sql, { id: claims.sub })
      if (!owner || !owner.is_active || owner.deleted_at || owner.token_version !== claims.tokenVersion) return null
      const { token_version: _version, is_active: _active, deleted_at: _deleted, ...joined } = owner as Record<string, unknown>
      const sessionId = typeof claims.sid === 'string' && UUID_PATTERN.test(claims.sid) ? claims.sid : null
      return { type: kind.type, id: claims.sub, tokenVersion: claims.tokenVersion, client, sessionId, expiresAt: claims.exp, ...claimedAssurance(claims),
        // As the token states it: the organization's routes compare membershipVersion with the current one.
        ...(kind.organizations && claims.org && { org: claims.org }), ...(org && { member: Object.values(joined).some((v) => v !== null) ? joined : null }) }
    },

    close () {
      refresh.close()
    }
  }
}

export default fp(async (app) => {
  const sessions = createSessions(app)
  app.decorate('sessions', sessions)
  app.addHook('onClose', async () => sessions.close())
}, { name: 'sessions', dependencies: ['db', 'tokens', 'config', 'account-metrics', 'sign-in-steps'] })

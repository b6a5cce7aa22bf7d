import type { FastifyInstance } from 'fastify'
import type { AccountType } from '../accounts/registry.js'
import type { Issued, SessionMeta } from '../accounts/sessions.js'

/**
 * The last step of a provider or link sign-in, in one place: the session of `ownerId`, opened
 * with one factor by `method`. When second factors land (sessions.completeSignIn), this is the
 * call that asks for one instead when the account has a verified factor.
 */
export function signInWith (app: FastifyInstance, kind: AccountType, ownerId: string, meta: SessionMeta, method: 'oauth' | 'link'): Promise<Issued> {
  return app.sessions.openSession(kind, ownerId, meta, { aal: 'aal1', amr: [method] })
}

import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { TSchema } from '@sinclair/typebox'
import { defineAction } from '../../core/action.js'
import { Success } from '../../../schemas/common.js'
import { RefreshArgsSchema } from '../../../schemas/accounts.js'
import type { RouteAssurance } from '../auth.js'
import type { AccountType } from '../registry.js'
import { auditContext, operation, presentedRefreshToken, refreshCookieOptions } from './common.js'

/** What a sign-out action revokes, and what else it is. */
export interface SignOut {
  summary: string
  args: TSchema
  assurance: RouteAssurance
  /** Revokes the sessions the action ends. */
  end: (app: FastifyInstance, request: FastifyRequest) => Promise<unknown>
}

/** /v1/<type>/<action> (authenticated): `end` revokes, then the refresh cookie is cleared (200); logout and logoutall. */
export function signOut (kind: AccountType, action: 'logout' | 'logoutall', { end, ...spec }: SignOut): FastifyPluginAsync {
  return async (app) => {
    const cookie = refreshCookieOptions(app)
    defineAction(app, {
      url: `/${action}`,
      operation: operation(kind, action),
      auth: kind.type,
      ...spec,
      responses: { 200: Success(200) },
      handler: async (request, reply) => {
        await end(app, request)
        reply.clearCookie(kind.cookie, cookie)
        return { status: 200 as const, success: true as const }
      }
    })
  }
}

/** /v1/<type>/logout (authenticated): revokes the presented session and clears the cookie (200). */
export function logout (kind: AccountType): FastifyPluginAsync {
  return signOut(kind, 'logout', {
    assurance: 'aal1',
    summary: 'Sign out this device and clear the refresh cookie',
    args: RefreshArgsSchema,
    end: ({ sessions }, request) => sessions.logout(kind, request.account!.id, presentedRefreshToken(kind, request), auditContext(request))
  })
}

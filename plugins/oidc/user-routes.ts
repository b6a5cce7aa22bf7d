import type { FastifyPluginAsync } from 'fastify'
import type { KindRoutes } from '../accounts/routes.js'
import { defineAction } from '../core/action.js'
import { operationNamed } from '../accounts/actions/common.js'
import { NoArgsSchema } from '../../schemas/accounts.js'
import {
  ListAuthorizedAppsResponseSchema, RevokeAuthorizedAppArgsSchema, RevokeAuthorizedAppResponseSchema
} from '../../schemas/authorized-apps.js'
import { authorizedApps, revokeAuthorizedApp } from './grants.js'

/**
 * The applications a user let sign them in through the OpenID provider (their consents, kept as
 * oidc-provider Grants), and the withdrawal of one: its tokens stop working and its next
 * authorization asks for consent again. Users only.
 */
const authorizedAppRoutes: FastifyPluginAsync<KindRoutes> = async (app, { kind }) => {
  defineAction(app, {
    url: '/listauthorizedapps',
    operation: operationNamed(kind, 'ListAuthorizedApps'),
    auth: kind.type,
    assurance: 'policy',
    summary: 'List the applications the caller let sign them in (OpenID provider)',
    args: NoArgsSchema,
    responses: { 200: ListAuthorizedAppsResponseSchema },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return { status: 200 as const, success: true as const, apps: await authorizedApps(app.sql, request.account!.id) }
    }
  })
  defineAction(app, {
    url: '/revokeauthorizedapp',
    operation: operationNamed(kind, 'RevokeAuthorizedApp'),
    auth: kind.type,
    assurance: 'policy',
    summary: 'Withdraw an application\'s consent and revoke its tokens',
    args: RevokeAuthorizedAppArgsSchema,
    responses: { 200: RevokeAuthorizedAppResponseSchema },
    handler: async (request) => {
      const revoked = await revokeAuthorizedApp(app.sql, request.account!.id, request.query.clientId)
      return { status: 200 as const, success: true as const, revoked }
    }
  })
}
export default authorizedAppRoutes

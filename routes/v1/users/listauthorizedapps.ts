import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { NoArgsSchema } from '../../../schemas/accounts.js'
import { ListAuthorizedAppsResponseSchema } from '../../../schemas/authorized-apps.js'
import { ACCOUNT_TYPES, operationNamed } from '../../../plugins/accounts/index.js'
import { authorizedApps } from '../../../plugins/oidc/index.js'

const kind = ACCOUNT_TYPES.user

/**
 * /v1/users/listauthorizedapps (authenticated): the applications the caller let sign them in
 * through the OpenID provider (their consents, kept as oidc-provider Grants).
 */
const listauthorizedapps: FastifyPluginAsync = async (app) => {
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
}
export default listauthorizedapps

import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { orgOf } from '../../../plugins/orgs/index.js'
import { ApiKeysResponseSchema, KeyOrgArgsSchema } from '../../../schemas/orgs.js'

/** /v1/orgs/listapikeys: `organizationId` (`apikeys:manage`). */
const listapikeys: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/listapikeys',
    operation: 'V1ListOrgApiKeys',
    auth: 'user',
    assurance: 'policy',
    permission: 'apikeys:manage',
    summary: 'List an organization\'s API keys (prefixes, never the keys)',
    args: KeyOrgArgsSchema,
    responses: { 200: ApiKeysResponseSchema },
    handler: async (request) => {
      const apiKeys = await orgs.listKeys(orgOf(request))
      return { status: 200 as const, success: true as const, apiKeys }
    }
  })
}
export default listapikeys

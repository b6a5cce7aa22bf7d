import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../core/action.js'
import { ApiKeysResponseSchema, OrgArgsSchema } from '../../../schemas/orgs.js'

/** /v1/orgs/listapikeys: `organizationId` (`apikeys:manage`). */
export const listapikeys: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/listapikeys',
    operation: 'V1ListOrgApiKeys',
    auth: 'user',
    assurance: 'policy',
    permission: 'apikeys:manage',
    summary: 'List an organization\'s API keys (prefixes, never the keys)',
    args: OrgArgsSchema,
    responses: { 200: ApiKeysResponseSchema },
    handler: async (request) => {
      const apiKeys = await orgs.listKeys(request.query.organizationId)
      return { status: 200 as const, success: true as const, apiKeys }
    }
  })
}

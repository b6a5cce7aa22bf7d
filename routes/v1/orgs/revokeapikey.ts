import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { ApiKeyIdArgsSchema, ApiKeyResponseSchema } from '../../../schemas/orgs.js'
import { callerOf, orgOf, orgError } from '../../../plugins/orgs/index.js'

/** /v1/orgs/revokeapikey: `organizationId`, `apiKeyId` (`apikeys:manage`). */
const revokeapikey: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/revokeapikey',
    operation: 'V1RevokeOrgApiKey',
    auth: 'user',
    assurance: 'policy',
    permission: 'apikeys:manage',
    errors: [orgError('ORG_API_KEY_NOT_FOUND')],
    summary: 'Revoke an API key (refused from its next request)',
    args: ApiKeyIdArgsSchema,
    responses: { 200: ApiKeyResponseSchema },
    handler: async (request) => {
      const apiKey = await orgs.revokeKey(callerOf(request), orgOf(request), request.query.apiKeyId)
      return { status: 200 as const, success: true as const, apiKey }
    }
  })
}
export default revokeapikey

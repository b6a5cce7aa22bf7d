import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { CreateApiKeyArgsSchema, CreatedApiKeyResponseSchema } from '../../../schemas/orgs.js'
import { callerOf, orgOf, orgError } from '../../../plugins/orgs/index.js'

/** /v1/orgs/createapikey: `organizationId`, `name`, `permissions` (held by the caller; never `org:transfer` nor `org:delete`), `expiresIn` (seconds) (`apikeys:manage`): the key, once. */
const createapikey: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/createapikey',
    operation: 'V1CreateOrgApiKey',
    auth: 'user',
    assurance: 'policy',
    permission: 'apikeys:manage',
    errors: [orgError('ORG_BAD_REQUEST_PERMISSION_NOT_ALLOWED')],
    summary: 'Create an API key (the key is shown once)',
    args: CreateApiKeyArgsSchema,
    responses: { 201: CreatedApiKeyResponseSchema },
    handler: async (request, reply) => {
      const { name, permissions, expiresIn } = request.query
      const created = await orgs.createKey(callerOf(request), orgOf(request), { name, permissions, ...(expiresIn !== undefined && { expiresIn }) })
      reply.code(201).headers({ 'cache-control': 'no-store', pragma: 'no-cache' })
      return { status: 201 as const, success: true as const, ...created }
    }
  })
}
export default createapikey

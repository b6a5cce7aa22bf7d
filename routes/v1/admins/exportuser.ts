import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { ACCOUNT_TYPES, accountError, auditContext } from '../../../plugins/accounts/index.js'
import { UserIdArgsSchema } from '../../../schemas/admin.js'
import { ExportResponseSchema } from '../../../schemas/privacy.js'
import { sendExport } from '../../../plugins/privacy/index.js'

const USER = ACCOUNT_TYPES.user
const ADMIN = ACCOUNT_TYPES.admin

/** /v1/admins/exportuser (admins) with `userId`: the user's export document, as the user gets it. Unknown: 404 USER.NOT_FOUND. */
const exportuser: FastifyPluginAsync = async (app) => {
  defineAction(app, {
    url: '/exportuser',
    operation: 'V1ExportUserByAdmin',
    auth: ADMIN.type,
    assurance: 'policy',
    errors: ['USER.NOT_FOUND'],
    summary: 'Everything kept about a user, as one JSON document to download',
    args: UserIdArgsSchema,
    responses: { 200: ExportResponseSchema },
    handler: async (request, reply) => {
      const document = await app.privacy.export(USER, request.query.userId, auditContext(request))
      if (!document) throw accountError(USER, 'NOT_FOUND')
      return sendExport(reply, document)
    }
  })
}
export default exportuser

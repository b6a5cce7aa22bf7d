import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { ACCOUNT_TYPES, auditContext, callerId, operationNamed, passwordRateLimit } from '../../../plugins/accounts/index.js'
import { AppError } from '../../../plugins/core/errors.js'
import { sendExport } from '../../../plugins/privacy/index.js'
import { ExportResponseSchema, ReauthenticationArgsSchema } from '../../../schemas/privacy.js'

const USER = ACCOUNT_TYPES.user

/**
 * /v1/users/exportdata (authenticated; the same proof as deleteaccount): one JSON document of
 * everything kept about the caller, as a download (`Content-Disposition: attachment`,
 * `Cache-Control: no-store`); account.exported is recorded.
 */
const exportdata: FastifyPluginAsync = async (app) => {
  defineAction(app, {
    url: '/exportdata',
    operation: operationNamed(USER, 'ExportData'),
    hashesPassword: true,
    auth: USER.type,
    assurance: 'policy',
    errors: ['USER.BAD_REQUEST_INVALID_CURRENT_PASSWORD', 'USER.FORBIDDEN_REAUTHENTICATION_REQUIRED', 'USER.FORBIDDEN_AAL2_REQUIRED'],
    summary: 'Everything kept about the caller, as one JSON document to download',
    args: ReauthenticationArgsSchema,
    responses: { 200: ExportResponseSchema },
    preHandler: passwordRateLimit(app, USER, 'exportdata', callerId),
    handler: async (request, reply) => {
      const account = request.account!
      await app.privacy.reauthenticate(USER, account, request.query.password)
      const document = await app.privacy.export(USER, account.id, auditContext(request))
      if (!document) throw new AppError('UNAUTHORIZED')
      return sendExport(reply, document)
    }
  })
}
export default exportdata

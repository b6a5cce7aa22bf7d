import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { defineAction } from '../../core/action.js'
import { ACCOUNT_TYPES } from '../../accounts/registry.js'
import { AppError } from '../../core/errors.js'
import { auditContext, callerId, operationNamed, passwordRateLimit } from '../../accounts/actions/common.js'
import { ExportResponseSchema, ReauthenticationArgsSchema } from '../../../schemas/privacy.js'

const USER = ACCOUNT_TYPES.user

/** The export as a download: a file name with the date, never cached. */
export function sendExport (reply: FastifyReply, document: Record<string, unknown>) {
  const day = String(document.exportedAt).slice(0, 10)
  reply.headers({ 'content-disposition': `attachment; filename="latchkey-export-${day}.json"`, 'cache-control': 'no-store' })
  return { status: 200 as const, success: true as const, ...document } as never
}

/**
 * /v1/users/exportdata (authenticated; the same proof as deleteaccount): one JSON document of
 * everything kept about the caller, as a download (`Content-Disposition: attachment`,
 * `Cache-Control: no-store`); account.exported is recorded.
 */
export const exportdata: FastifyPluginAsync = async (app) => {
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

import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { Success } from '../../../schemas/common.js'
import { NoArgsSchema } from '../../../schemas/accounts.js'
import { ACCOUNT_TYPES, auditContext, callerId, operation, passwordRateLimit } from '../../../plugins/accounts/index.js'

const kind = ACCOUNT_TYPES.user

/**
 * /v1/users/requestemailverification (authenticated): mails a verification link to the
 * caller's address, superseding earlier links (200). A confirmed address: 200 and no mail.
 */
const requestemailverification: FastifyPluginAsync = async (app) => {
  const { accountLifecycle } = app
  defineAction(app, {
    url: '/requestemailverification',
    operation: operation(kind, 'requestemailverification'),
    auth: kind.type,
    assurance: 'policy',
    summary: 'Mail a new verification link to the caller\'s address',
    args: NoArgsSchema,
    responses: { 200: Success(200) },
    preHandler: passwordRateLimit(app, kind, 'requestemailverification', callerId),
    handler: async (request) => {
      await accountLifecycle.queueVerification(kind, request.account!.id, request.locale, auditContext(request))
      return { status: 200 as const, success: true as const }
    }
  })
}
export default requestemailverification

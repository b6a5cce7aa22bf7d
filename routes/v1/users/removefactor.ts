import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { Success } from '../../../schemas/common.js'
import { RemoveFactorArgsSchema } from '../../../schemas/factors.js'
import { accountTypeAt, auditContext, callerId, errorsOf, operation, passwordRateLimit } from '../../../plugins/accounts/index.js'
import { checkProof } from '../../../plugins/factors/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/**
 * /v1/<type>/removefactor (authenticated, aal2 while a verified factor exists) with `factorId`
 * and `password` or a current `code`: the factor is removed and the account's other sessions
 * are revoked (200).
 */
const removefactor: FastifyPluginAsync = async (app) => {
  const kind = accountTypeAt(servedUnder(app))
  const { factors } = app
  defineAction(app, {
    url: '/removefactor',
    operation: operation(kind, 'removefactor'),
    hashesPassword: true,
    auth: kind.type,
    assurance: 'policy',
    errors: errorsOf(kind, 'FORBIDDEN_AAL2_REQUIRED', 'BAD_REQUEST_INVALID_CURRENT_PASSWORD', 'BAD_REQUEST_INVALID_MFA_CODE', 'FACTOR_NOT_FOUND'),
    summary: 'Remove a second factor (with the password or a code)',
    args: RemoveFactorArgsSchema,
    responses: { 200: Success(200) },
    preHandler: [async (request) => checkProof(request.query), passwordRateLimit(app, kind, 'removefactor', callerId)],
    handler: async (request) => {
      const { factorId, password, code } = request.query
      await factors.removeFactor(kind, request.account!, factorId, { password, code }, auditContext(request))
      return { status: 200 as const, success: true as const }
    }
  })
}
export default removefactor

import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { VerifyTotpArgsSchema, VerifyTotpResponseSchema } from '../../../schemas/factors.js'
import { accountTypeAt, auditContext, callerId, errorsOf, operation, passwordRateLimit } from '../../../plugins/accounts/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/**
 * /v1/<type>/verifytotp (authenticated) with `factorId` and `code`: the factor is verified and
 * ten recovery codes are shown this once (200); the first verified factor revokes the
 * account's other sessions.
 */
const verifytotp: FastifyPluginAsync = async (app) => {
  const kind = accountTypeAt(servedUnder(app))
  const { factors } = app
  defineAction(app, {
    url: '/verifytotp',
    operation: operation(kind, 'verifytotp'),
    auth: kind.type,
    assurance: 'aal1',
    errors: errorsOf(kind, 'FORBIDDEN_AAL2_REQUIRED', 'FACTOR_NOT_FOUND', 'BAD_REQUEST_FACTOR_EXISTS', 'BAD_REQUEST_INVALID_MFA_CODE'),
    summary: 'Finish a TOTP enrolment with a first code: the recovery codes',
    args: VerifyTotpArgsSchema,
    responses: { 200: VerifyTotpResponseSchema },
    preHandler: passwordRateLimit(app, kind, 'verifytotp', callerId),
    handler: async (request, reply) => {
      const { factorId, code } = request.query
      reply.headers({ 'cache-control': 'no-store', pragma: 'no-cache' })
      return { status: 200 as const, success: true as const, ...await factors.verifyTotp(kind, request.account!, factorId, code, auditContext(request)) }
    }
  })
}
export default verifytotp

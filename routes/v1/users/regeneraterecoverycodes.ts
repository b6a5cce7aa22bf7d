import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { ProofArgsSchema, RecoveryCodesResponseSchema } from '../../../schemas/factors.js'
import { accountTypeAt, auditContext, callerId, errorsOf, operation, passwordRateLimit } from '../../../plugins/accounts/index.js'
import { checkProof } from '../../../plugins/factors/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/**
 * /v1/<type>/regeneraterecoverycodes (an aal2 session, with a verified factor) with `password` or
 * a current `code`: ten new recovery codes, shown this once; the old ones die and the account's
 * other sessions are revoked (200).
 */
const regeneraterecoverycodes: FastifyPluginAsync = async (app) => {
  const kind = accountTypeAt(servedUnder(app))
  const { factors } = app
  defineAction(app, {
    url: '/regeneraterecoverycodes',
    operation: operation(kind, 'regeneraterecoverycodes'),
    hashesPassword: true,
    auth: kind.type,
    assurance: 'policy',
    errors: errorsOf(kind, 'FORBIDDEN_AAL2_REQUIRED', 'FACTOR_NOT_FOUND', 'BAD_REQUEST_INVALID_CURRENT_PASSWORD', 'BAD_REQUEST_INVALID_MFA_CODE'),
    summary: 'Replace the recovery codes (with the password or a code)',
    args: ProofArgsSchema,
    responses: { 200: RecoveryCodesResponseSchema },
    preHandler: [async (request) => checkProof(request.query), passwordRateLimit(app, kind, 'regeneraterecoverycodes', callerId)],
    handler: async (request, reply) => {
      const recoveryCodes = await factors.regenerateRecoveryCodes(kind, request.account!, request.query, auditContext(request))
      reply.headers({ 'cache-control': 'no-store', pragma: 'no-cache' })
      return { status: 200 as const, success: true as const, recoveryCodes }
    }
  })
}
export default regeneraterecoverycodes

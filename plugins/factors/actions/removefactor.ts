import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, Success, responses } from '../../../schemas/common.js'
import { RemoveFactorArgsSchema } from '../../../schemas/factors.js'
import type { AccountType } from '../../accounts/registry.js'
import { auditContext, callerId, errorsOf, operation, passwordRateLimit } from '../../accounts/actions/common.js'
import { checkProof } from '../enrolment.js'

/**
 * /v1/<type>/removefactor (authenticated, aal2 while a verified factor exists) with `factorId`
 * and `password` or a current `code`: the factor is removed and the account's other sessions
 * are revoked (200).
 */
export function removefactor (kind: AccountType): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
    const { factors } = app
    app.route({
      method: ANY_METHOD,
      url: '/removefactor',
      config: {
        operation: operation(kind, 'removefactor'),
        hashesPassword: true,
        auth: kind.type,
        errors: errorsOf(kind, 'FORBIDDEN_AAL2_REQUIRED', 'BAD_REQUEST_INVALID_CURRENT_PASSWORD', 'BAD_REQUEST_INVALID_MFA_CODE', 'FACTOR_NOT_FOUND')
      },
      schema: {
        summary: 'Remove a second factor (with the password or a code)',
        querystring: RemoveFactorArgsSchema,
        response: responses({ 200: Success(200) })
      },
      preHandler: [async (request) => checkProof(request.query), passwordRateLimit(app, kind, 'removefactor', callerId)],
      handler: async (request) => {
        const { factorId, password, code } = request.query
        await factors.removeFactor(kind, request.account!, factorId, { password, code }, auditContext(request))
        return { status: 200 as const, success: true as const }
      }
    })
  }
}

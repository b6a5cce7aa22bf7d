import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, responses } from '../../../schemas/common.js'
import { VerifyTotpArgsSchema, VerifyTotpResponseSchema } from '../../../schemas/factors.js'
import type { AccountType } from '../../accounts/registry.js'
import { auditContext, callerId, errorsOf, operation, passwordRateLimit } from '../../accounts/actions/common.js'

/**
 * /v1/<type>/verifytotp (authenticated) with `factorId` and `code`: the factor is verified and
 * ten recovery codes are shown this once (200); the first verified factor revokes the
 * account's other sessions.
 */
export function verifytotp (kind: AccountType): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
    const { factors } = app
    app.route({
      method: ANY_METHOD,
      url: '/verifytotp',
      config: {
        operation: operation(kind, 'verifytotp'),
        auth: kind.type,
        errors: errorsOf(kind, 'FORBIDDEN_AAL2_REQUIRED', 'FACTOR_NOT_FOUND', 'BAD_REQUEST_FACTOR_EXISTS', 'BAD_REQUEST_INVALID_MFA_CODE')
      },
      schema: {
        summary: 'Finish a TOTP enrolment with a first code: the recovery codes',
        querystring: VerifyTotpArgsSchema,
        response: responses({ 200: VerifyTotpResponseSchema })
      },
      preHandler: passwordRateLimit(app, kind, 'verifytotp', callerId),
      handler: async (request, reply) => {
        const { factorId, code } = request.query
        reply.headers({ 'cache-control': 'no-store', pragma: 'no-cache' })
        return { status: 200 as const, success: true as const, ...await factors.verifyTotp(kind, request.account!, factorId, code, auditContext(request)) }
      }
    })
  }
}

import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, responses } from '../../../schemas/common.js'
import { EnrollTotpArgsSchema, EnrollTotpResponseSchema } from '../../../schemas/factors.js'
import type { AccountType } from '../../accounts/registry.js'
import { errorsOf, operation } from '../../accounts/actions/common.js'

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' }

/**
 * /v1/<type>/enrolltotp (authenticated), `name` optional: a new unverified TOTP factor, its
 * secret, otpauth:// URI and QR code (200), shown this once; verifytotp verifies it.
 */
export function enrolltotp (kind: AccountType): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
    const { factors } = app
    app.route({
      method: ANY_METHOD,
      url: '/enrolltotp',
      config: {
        operation: operation(kind, 'enrolltotp'),
        auth: kind.type,
        errors: errorsOf(kind, 'FORBIDDEN_AAL2_REQUIRED', 'BAD_REQUEST_FACTOR_EXISTS')
      },
      schema: {
        summary: 'Start enrolling an authenticator app (TOTP): its secret and QR code',
        querystring: EnrollTotpArgsSchema,
        response: responses({ 200: EnrollTotpResponseSchema })
      },
      handler: async (request, reply) => {
        reply.headers(NO_STORE)
        return { status: 200 as const, success: true as const, ...await factors.enrolTotp(kind, request.account!, request.query.name) }
      }
    })
  }
}

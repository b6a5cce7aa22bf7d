import type { FastifyPluginAsync } from 'fastify'
import { defineAction, type SharedRouteOptions } from '../../../plugins/core/action.js'
import { EnrollTotpArgsSchema, EnrollTotpResponseSchema } from '../../../schemas/factors.js'
import { accountTypeAt, errorsOf, operation } from '../../../plugins/accounts/index.js'

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' }

/**
 * /v1/<type>/enrolltotp (authenticated), `name` optional: a new unverified TOTP factor, its
 * secret, otpauth:// URI and QR code (200), shown this once; verifytotp verifies it.
 */
const enrolltotp: FastifyPluginAsync<SharedRouteOptions> = async (app, { under }) => {
  const kind = accountTypeAt(under)
  const { factors } = app
  defineAction(app, {
    url: '/enrolltotp',
    operation: operation(kind, 'enrolltotp'),
    auth: kind.type,
    assurance: 'aal1',
    errors: errorsOf(kind, 'FORBIDDEN_AAL2_REQUIRED', 'BAD_REQUEST_FACTOR_EXISTS'),
    summary: 'Start enrolling an authenticator app (TOTP): its secret and QR code',
    args: EnrollTotpArgsSchema,
    responses: { 200: EnrollTotpResponseSchema },
    handler: async (request, reply) => {
      reply.headers(NO_STORE)
      return { status: 200 as const, success: true as const, ...await factors.enrolTotp(kind, request.account!, request.query.name) }
    }
  })
}
export default enrolltotp

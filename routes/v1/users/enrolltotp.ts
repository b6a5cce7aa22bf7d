import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { EnrollTotpArgsSchema, EnrollTotpResponseSchema } from '../../../schemas/factors.js'
import { accountTypeAt, errorsOf, operation } from '../../../plugins/accounts/index.js'

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' }

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/**
 * /v1/<type>/enrolltotp (authenticated), `name` optional: a new unverified TOTP factor, its
 * secret, otpauth:// URI and QR code (200), shown this once; verifytotp verifies it.
 */
const enrolltotp: FastifyPluginAsync = async (app) => {
  const kind = accountTypeAt(servedUnder(app))
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

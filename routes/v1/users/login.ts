import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { AuthResponseSchema, LoginArgsSchema } from '../../../schemas/accounts.js'
import { MfaRequiredResponseSchema } from '../../../schemas/factors.js'
import { accountTypeAt, countOutcomes, errorsOf, operation, passwordRateLimit, sendSignIn, sessionMeta } from '../../../plugins/accounts/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/**
 * /v1/<type>/login: email and password for an access token and a refresh token (201), or, for
 * an account with a verified TOTP factor, the second step (200 mfaRequired; verifymfa ends it).
 */
const login: FastifyPluginAsync = async (app) => {
  const kind = accountTypeAt(servedUnder(app))
  const { sessions } = app
  defineAction(app, {
    url: '/login',
    operation: operation(kind, 'login'),
    hashesPassword: true,
    signsIn: true,
    errors: errorsOf(kind, 'BAD_REQUEST_INVALID_LOGIN_CREDENTIALS', 'BAD_REQUEST_ACCOUNT_INACTIVE', 'BAD_REQUEST_ACCOUNT_DELETED', 'UNAUTHORIZED_EMAIL_NOT_CONFIRMED'),
    summary: 'Sign in with email and password',
    args: LoginArgsSchema,
    responses: { 201: AuthResponseSchema(kind, 201), 200: MfaRequiredResponseSchema },
    preHandler: passwordRateLimit(app, kind, 'login'),
    ...countOutcomes(app, kind, 'logins'),
    handler: async (request, reply) => {
      const { email, password } = request.query
      return sendSignIn(app, kind, reply, await sessions.login(kind, email, password, sessionMeta(request)))
    }
  })
}
export default login

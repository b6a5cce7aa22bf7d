import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { AuthResponseSchema } from '../../../schemas/accounts.js'
import { MfaRequiredResponseSchema } from '../../../schemas/factors.js'
import { ExchangeArgsSchema } from '../../../schemas/federation.js'
import { ACCOUNT_TYPES, countOutcomes, sendSignIn, sessionMeta } from '../../../plugins/accounts/index.js'

const USER = ACCOUNT_TYPES.user

/**
 * /v1/users/oauthexchange with the `code` a provider sign-in sent the app: answers like a login
 * (201, tokens, cookie, `user`; the session's amr is oauth), or, for an account with a verified
 * second factor, 200 `{ mfaRequired, mfaToken, factors }` for verifymfa. Single use, 2 minutes; unknown,
 * used or expired: 400 USER.BAD_REQUEST_INVALID_TOKEN.
 */
const oauthexchange: FastifyPluginAsync = async (app) => {
  const { federation } = app
  defineAction(app, {
    url: '/oauthexchange',
    operation: 'V1OAuthExchange',
    signsIn: true,
    errors: ['USER.BAD_REQUEST_INVALID_TOKEN', 'USER.BAD_REQUEST_INVALID_LOGIN_CREDENTIALS'],
    summary: 'Exchange the code of a provider sign-in for tokens',
    args: ExchangeArgsSchema,
    responses: { 201: AuthResponseSchema(USER, 201), 200: MfaRequiredResponseSchema },
    ...countOutcomes(app, USER, 'logins'),
    handler: async (request, reply) => {
      return sendSignIn(app, USER, reply, await federation.exchange(request.query.code, sessionMeta(request)))
    }
  })
}
export default oauthexchange

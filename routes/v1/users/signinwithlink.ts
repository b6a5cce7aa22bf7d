import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { AuthResponseSchema } from '../../../schemas/accounts.js'
import { MfaRequiredResponseSchema } from '../../../schemas/factors.js'
import { SignInLinkArgsSchema } from '../../../schemas/federation.js'
import { ACCOUNT_TYPES, auditContext, countOutcomes, sendSignIn, sessionMeta } from '../../../plugins/accounts/index.js'

const USER = ACCOUNT_TYPES.user

/**
 * /v1/users/signinwithlink (public) with the `token` of a mailed sign-in link: answers like a
 * login (201; the session's amr is link; 200 mfaRequired when a second factor is due) and
 * confirms the email. Unknown, used, expired or
 * superseded, or an account deactivated or deleted since: 400 USER.BAD_REQUEST_INVALID_TOKEN.
 * MAGIC_LINK_ENABLED=false: 404.
 */
const signinwithlink: FastifyPluginAsync = async (app) => {
  const { accountLifecycle, config } = app
  if (!config.magicLinkEnabled) return
  defineAction(app, {
    url: '/signinwithlink',
    operation: 'V1SignInWithLink',
    signsIn: true,
    errors: ['USER.BAD_REQUEST_INVALID_TOKEN', 'USER.BAD_REQUEST_INVALID_LOGIN_CREDENTIALS'],
    summary: 'Sign in with the token of a mailed sign-in link',
    args: SignInLinkArgsSchema,
    responses: { 201: AuthResponseSchema(USER, 201), 200: MfaRequiredResponseSchema },
    ...countOutcomes(app, USER, 'logins'),
    handler: async (request, reply) => {
      const userId = await accountLifecycle.useSignInLink(USER, request.query.token, auditContext(request))
      return sendSignIn(app, USER, reply, await app.sessions.completeSignIn(USER, { id: userId }, sessionMeta(request), 'link'))
    }
  })
}
export default signinwithlink

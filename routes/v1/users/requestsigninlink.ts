import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { Success } from '../../../schemas/common.js'
import { EmailArgsSchema } from '../../../schemas/accounts.js'
import { ACCOUNT_TYPES, auditContext, passwordRateLimit } from '../../../plugins/accounts/index.js'

const USER = ACCOUNT_TYPES.user

/**
 * /v1/users/requestsigninlink (public) with `email`: mails a sign-in link to an active account
 * with that address. Always 200 with the same body, in about the same time, whether or not there
 * is one (the reset request's statement); limited per IP and email like login. MAGIC_LINK_ENABLED=false: 404.
 */
const requestsigninlink: FastifyPluginAsync = async (app) => {
  const { accountLifecycle, config } = app
  if (!config.magicLinkEnabled) return
  defineAction(app, {
    url: '/requestsigninlink',
    operation: 'V1RequestSignInLink',
    summary: 'Mail a sign-in link (always 200)',
    args: EmailArgsSchema,
    responses: { 200: Success(200) },
    preHandler: passwordRateLimit(app, USER, 'requestsigninlink'),
    handler: async (request) => {
      await accountLifecycle.requestSignInLink(USER, request.query.email, request.locale, auditContext(request))
      return { status: 200 as const, success: true as const }
    }
  })
}
export default requestsigninlink

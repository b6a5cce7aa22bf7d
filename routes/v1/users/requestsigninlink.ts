import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, Success, responses } from '../../../schemas/common.js'
import { EmailArgsSchema } from '../../../schemas/accounts.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { auditContext, passwordRateLimit } from '../../../plugins/accounts/actions/common.js'

const USER = ACCOUNT_TYPES.user

/**
 * /v1/users/requestsigninlink (public) with `email`: mails a sign-in link to an active account
 * with that address. Always 200 with the same body, in about the same time, whether or not there
 * is one (the reset request's statement); limited per IP and email like login. MAGIC_LINK_ENABLED=false: 404.
 */
const requestsigninlink: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { accountLifecycle, config } = app
  if (!config.magicLinkEnabled) return
  app.route({
    method: ANY_METHOD,
    url: '/requestsigninlink',
    config: { operation: 'V1RequestSignInLink' },
    schema: {
      summary: 'Mail a sign-in link (always 200)',
      querystring: EmailArgsSchema,
      response: responses({ 200: Success(200) })
    },
    preHandler: passwordRateLimit(app, USER, 'requestsigninlink'),
    handler: async (request) => {
      await accountLifecycle.requestSignInLink(USER, request.query.email, request.locale, auditContext(request))
      return { status: 200 as const, success: true as const }
    }
  })
}
export default requestsigninlink

import type { FastifyPluginAsync } from 'fastify'
import { Type } from '@sinclair/typebox'
import { defineAction } from '../../../../../plugins/core/action.js'
import { CallbackArgsSchema, ProviderParamsSchema } from '../../../../../schemas/federation.js'
import { cookiesOf } from '../../../../../plugins/core/cookies.js'
import { auditContext } from '../../../../../plugins/accounts/index.js'
import { STATE_COOKIE, stateCookieOptions } from '../../../../../plugins/federation/index.js'

/**
 * GET /v1/users/oauth/<provider>/callback: where the provider sends the browser back. After
 * every check, 302 to the redirectTo of the sign-in with `?code=<64 hex>` (for oauthexchange) or
 * `?error=<reason>`; never a token in a URL. A state that this browser was not given, or that
 * was used or expired: 400 USER.BAD_REQUEST_INVALID_TOKEN (there is nowhere safe to send it).
 */
const callback: FastifyPluginAsync = async (app) => {
  const { federation } = app
  defineAction(app, {
    method: 'GET',
    url: '/callback',
    operation: 'V1OAuthCallback',
    errors: ['USER.OAUTH_PROVIDER_NOT_FOUND', 'USER.BAD_REQUEST_INVALID_TOKEN'],
    summary: 'Finish a provider sign-in: a redirect back to the app',
    params: ProviderParamsSchema,
    args: CallbackArgsSchema,
    responses: { 302: Type.Null({ description: 'to redirectTo with ?code= or ?error=' }) },
    handler: async (request, reply) => {
      // The provider's parameters exactly as sent: openid-client checks them (state, iss).
      const raw = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : ''
      const location = await federation.callback(request.params.provider, new URLSearchParams(raw),
        cookiesOf(request)[STATE_COOKIE], auditContext(request))
      return reply.clearCookie(STATE_COOKIE, stateCookieOptions(app)).redirect(location, 302)
    }
  })
}
export default callback

import type { FastifyPluginAsync } from 'fastify'
import { Type } from '@sinclair/typebox'
import { defineAction } from '../../../../../plugins/core/action.js'
import { AuthorizeArgsSchema, ProviderParamsSchema } from '../../../../../schemas/federation.js'
import { STATE_COOKIE, stateCookieOptions, callbackUrl } from '../../../../../plugins/federation/index.js'

/**
 * GET /v1/users/oauth/<provider>/authorize?redirectTo=<url>: 302 to the provider, with a state,
 * a nonce and a PKCE challenge kept server-side (10 minutes, single use); the state is also set
 * in a cookie so that only this browser can finish the sign-in. Unknown provider: 404; one that
 * cannot be discovered: 503; a redirectTo outside PUBLIC_APP_URL (unset: PUBLIC_URL) and OAUTH_REDIRECT_URLS: 400.
 */
const authorize: FastifyPluginAsync = async (app) => {
  const { federation } = app
  defineAction(app, {
    method: 'GET',
    url: '/authorize',
    operation: 'V1OAuthAuthorize',
    errors: ['USER.OAUTH_PROVIDER_NOT_FOUND'],
    summary: 'Start a sign-in with a provider: a redirect to it',
    params: ProviderParamsSchema,
    args: AuthorizeArgsSchema,
    responses: { 302: Type.Null({ description: 'to the provider\'s authorization endpoint' }) },
    handler: async (request, reply) => {
      const { provider } = request.params
      const { url, state } = await federation.authorize(provider, request.query.redirectTo, callbackUrl(request, provider))
      return reply.setCookie(STATE_COOKIE, state, stateCookieOptions(app)).redirect(url, 302)
    }
  })
}
export default authorize

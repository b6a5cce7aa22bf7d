import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { CookieSerializeOptions } from '@fastify/cookie'
import type { Static } from '@sinclair/typebox'
import { ANY_METHOD, Success, responses } from '../schemas/common.js'
import { AuthResponseSchema, LoginArgsSchema, NoArgsSchema, RefreshArgsSchema, RegisterArgsSchema } from '../schemas/accounts.js'
import { clientOf } from './tokens.js'
import { cookiesOf } from './cookies.js'
import { AppError } from './errors.js'
import type { AccountType } from './accounts.js'
import type { Issued, SessionMeta } from './sessions.js'

/**
 * The v1 account actions, written once and instantiated per account type by the one-line route
 * files under routes/v1/<type>/: `export default accountAction(ACCOUNT_TYPES.user, 'login')`.
 */
export type AccountAction = 'login' | 'register' | 'refresh' | 'logout' | 'logoutall'

const ACTION_NAMES: Record<AccountAction, string> = {
  login: 'Login', register: 'Register', refresh: 'Refresh', logout: 'Logout', logoutall: 'LogoutAll'
}

function operation (kind: AccountType, action: AccountAction): string {
  const role = kind.type === 'user' ? '' : `By${kind.type[0].toUpperCase()}${kind.type.slice(1)}`
  return `V1${ACTION_NAMES[action]}${role}`
}

function cookieOptions (app: FastifyInstance): CookieSerializeOptions {
  return { httpOnly: true, secure: app.config.isProduction, sameSite: 'strict', path: '/' }
}

function meta (request: FastifyRequest): SessionMeta {
  const platform = request.headers['x-platform']
  return {
    client: clientOf(request.headers['x-client']),
    platform: typeof platform === 'string' && platform.trim() ? platform.trim().slice(0, 32) : 'web',
    userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
    ip: request.ip ?? null
  }
}

/** Cookie first (web clients), else the body field (mobile clients). */
function presentedRefreshToken (kind: AccountType, request: FastifyRequest, body: { refreshToken?: unknown }): unknown {
  return cookiesOf(request)[kind.cookie] ?? body.refreshToken
}

export function accountAction (kind: AccountType, action: AccountAction): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
    const { sessions, config } = app
    const cookie = cookieOptions(app)
    const route = { method: ANY_METHOD, url: `/${action}` }

    // The body key depends on the account type, which TypeScript cannot follow; the response
    // schema still validates and filters what is sent.
    function issued (reply: FastifyReply, status: 200 | 201, out: Issued): any {
      reply.code(status).setCookie(kind.cookie, out.refreshToken, { ...cookie, maxAge: config.refreshTokenTtl })
      return { status, success: true as const, token: out.token, refreshToken: out.refreshToken, [kind.bodyKey]: out.account }
    }

    switch (action) {
      case 'login':
      case 'register': {
        if (action === 'register' && !config.registrationEnabled) return
        const schema = action === 'login' ? LoginArgsSchema : RegisterArgsSchema
        // Per IP and email, on top of the global limit: slows password guessing on one account.
        const loginLimit = app.createRateLimit({
          max: config.loginRateLimit.max,
          timeWindow: config.loginRateLimit.windowMs,
          keyGenerator: (request) => `${action}:${kind.type}:${request.ip}:${String((request.query as { email?: unknown }).email ?? '').toLowerCase()}`
        })
        const limitLogin = async (request: FastifyRequest, reply: FastifyReply) => {
          const limit = await loginLimit(request)
          if (!limit.isAllowed && limit.isExceeded) {
            reply.header('retry-after', limit.ttlInSeconds)
            throw new AppError('TOO_MANY_REQUESTS', { params: { after: `${limit.ttlInSeconds} s` } })
          }
        }
        app.route({
          ...route,
          config: { operation: operation(kind, action) },
          schema: { querystring: schema, response: responses({ 201: AuthResponseSchema(kind, 201) }) },
          preHandler: limitLogin,
          handler: async (request, reply) => {
            const { email, password } = request.query as Static<typeof LoginArgsSchema>
            const out = await sessions[action](kind, email, password, meta(request))
            return issued(reply, 201, out)
          }
        })
        return
      }
      case 'refresh':
        app.route({
          ...route,
          config: { operation: operation(kind, action) },
          schema: { querystring: RefreshArgsSchema, response: responses({ 200: AuthResponseSchema(kind, 200) }) },
          handler: async (request, reply) => {
            const { userAgent, ip } = meta(request)
            const out = await sessions.refresh(kind, presentedRefreshToken(kind, request, request.query), { userAgent, ip })
            return issued(reply, 200, out)
          }
        })
        return
      case 'logout':
      case 'logoutall':
        app.route({
          ...route,
          config: { operation: operation(kind, action), auth: kind.type },
          schema: {
            querystring: action === 'logout' ? RefreshArgsSchema : NoArgsSchema,
            response: responses({ 200: Success(200) })
          },
          handler: async (request, reply) => {
            const account = request.account!
            if (action === 'logout') {
              await sessions.logout(kind, account.id, presentedRefreshToken(kind, request, request.query))
            } else {
              await sessions.logoutAll(kind, account.id)
            }
            reply.clearCookie(kind.cookie, cookie)
            return { status: 200 as const, success: true as const }
          }
        })
    }
  }
}

import type { FastifyInstance } from 'fastify'
import type { KoaContextWithOIDC } from 'oidc-provider'
import { ACCOUNT_TYPES } from '../accounts/index.js'

const USER = ACCOUNT_TYPES.user

/**
 * RP-initiated logout ends the Latchkey session too: when the user confirms signing out of the
 * provider (`/oidc/session/end/confirm` with `logout`), the Latchkey session of this browser (its
 * refresh cookie, sent to the same origin) is revoked and the cookie cleared, as
 * /v1/users/logout does. Only a session of the provider's own account is touched.
 * A Koa middleware of the provider's (plugins/oidc/provider.ts).
 */
export function endLatchkeySession (app: FastifyInstance) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    const cookie = ctx.path === '/session/end/confirm' ? ctx.cookies.get(USER.cookie, { signed: false }) : undefined
    await next()
    const accountId = ctx.oidc?.session?.accountId
    if (!cookie || ctx.status !== 303 || !ctx.oidc?.params?.logout || !accountId) return
    await app.sessions.logout(USER, accountId, cookie, {
      actorType: USER.type, actorId: accountId, sessionId: null, ip: ctx.ip ?? null, userAgent: ctx.get('user-agent').slice(0, 512) || null
    })
    ctx.cookies.set(USER.cookie, null, { signed: false, httpOnly: true, secure: app.config.isProduction, sameSite: 'strict', path: '/' })
  }
}

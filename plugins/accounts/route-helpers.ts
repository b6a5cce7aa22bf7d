import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, onErrorHookHandler, onResponseHookHandler, preHandlerAsyncHookHandler } from 'fastify'
import type { CookieSerializeOptions } from '@fastify/cookie'
import { cookiesOf } from '../core/cookies.js'
import { AppError } from '../core/errors.js'
import { clientOf, type AccountType } from './registry.js'
import { isMfaRequired, type Issued, type SessionMeta, type SignIn } from './sessions.js'
import type { AuditContext } from '../audit/index.js'
import type { Static } from '@sinclair/typebox'
import type { AccountResponseSchema, AuthResponseSchema, PublicAccount } from '../../schemas/accounts.js'
import type { MfaRequiredResponseSchema } from '../../schemas/factors.js'

/**
 * What the account routes share (routes/v1/users/, some shared with admins): each takes its
 * account type from the prefix it is served under, and with it its operation name and errors.
 */
export type AccountAction = 'login' | 'register' | 'refresh' | 'logout' | 'logoutall' | 'me' |
  'listsessions' | 'revokesession' | 'logoutothers' | 'requestemailverification' | 'verifyemail' |
  'requestpasswordreset' | 'resetpassword' | 'changepassword' | 'enrolltotp' | 'verifytotp' | 'listfactors' |
  'removefactor' | 'regeneraterecoverycodes' | 'verifymfa' |
  'requestsigninlink' |
  'requestemailchange' | 'confirmemailchange' | 'resendverification' | 'updateprofile'

const ACTION_NAMES: Record<AccountAction, string> = {
  login: 'Login',
  register: 'Register',
  refresh: 'Refresh',
  logout: 'Logout',
  logoutall: 'LogoutAll',
  me: 'Me',
  listsessions: 'ListSessions',
  revokesession: 'RevokeSession',
  logoutothers: 'LogoutOthers',
  requestemailverification: 'RequestEmailVerification',
  verifyemail: 'VerifyEmail',
  requestpasswordreset: 'RequestPasswordReset',
  resetpassword: 'ResetPassword',
  changepassword: 'ChangePassword',
  enrolltotp: 'EnrollTotp',
  verifytotp: 'VerifyTotp',
  listfactors: 'ListFactors',
  removefactor: 'RemoveFactor',
  regeneraterecoverycodes: 'RegenerateRecoveryCodes',
  verifymfa: 'VerifyMfa',
  requestsigninlink: 'RequestSignInLink',
  requestemailchange: 'RequestEmailChange',
  confirmemailchange: 'ConfirmEmailChange',
  resendverification: 'ResendVerification',
  updateprofile: 'UpdateProfile'
}

/** The operation name: V1Login for users, V1LoginByAdmin for admins. */
export function operation (kind: AccountType, action: AccountAction): string {
  return operationNamed(kind, ACTION_NAMES[action])
}

/** The operation name of an action another domain adds for every account type (`PasskeyLogin`: V1PasskeyLogin, V1PasskeyLoginByAdmin). */
export function operationNamed (kind: AccountType, name: string): string {
  const role = kind.type === 'user' ? '' : `By${kind.type[0].toUpperCase()}${kind.type.slice(1)}`
  return `V1${name}${role}`
}

/** The `outcome` label of a failed login or refresh (docs/operations.md#metrics): a few fixed values. */
function failureOutcome (err: FastifyError): string {
  const code = err instanceof AppError ? err.code : ''
  if (/_(INVALID_LOGIN_CREDENTIALS|ACCOUNT_DOES_NOT_EXIST)$/.test(code)) return 'invalid_credentials'
  if (/_ACCOUNT_(INACTIVE|DELETED)$/.test(code)) return 'inactive'
  if (code.endsWith('_EMAIL_NOT_CONFIRMED')) return 'email_not_confirmed'
  if (code.endsWith('_INVALID_REFRESH_TOKEN') || code.endsWith('_UNAUTHORIZED_MFA_TOKEN')) return 'invalid_token'
  if (code.endsWith('_INVALID_MFA_CODE')) return 'invalid_code'
  const status = err instanceof AppError ? err.statusCode : err.statusCode ?? 500
  if (status === 429) return 'rate_limited'
  if (status === 503) return 'unavailable'
  return status < 500 ? 'bad_request' : 'error'
}

/**
 * Route-level hooks counting the action's outcomes in latchkey_logins_total or
 * latchkey_refreshes_total; none at all when metrics are off.
 */
export function countOutcomes (app: FastifyInstance, kind: AccountType, family: 'logins' | 'refreshes'):
  { onResponse?: onResponseHookHandler, onError?: onErrorHookHandler } {
  const { accountMetrics: metrics } = app
  if (!metrics) return {}
  const counter = metrics[family]
  return {
    onResponse (_request, reply, done) {
      // A login's 200 is the second step's answer (mfaRequired): nothing was opened yet.
      if (reply.statusCode < 400) counter.inc({ type: kind.type, outcome: family === 'logins' && reply.statusCode === 200 ? 'mfa_required' : 'success' })
      done()
    },
    onError (_request, _reply, err, done) {
      counter.inc({ type: kind.type, outcome: failureOutcome(err) })
      done()
    }
  }
}

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' }

export function refreshCookieOptions (app: FastifyInstance): CookieSerializeOptions {
  return { httpOnly: true, secure: app.config.isProduction, sameSite: 'strict', path: '/' }
}

/** The User-Agent as stored on sessions and audit events (at most 512 characters). */
function userAgentOf (request: FastifyRequest): string | null {
  return request.headers['user-agent']?.slice(0, 512) ?? null
}

export function sessionMeta (request: FastifyRequest): SessionMeta {
  const platform = request.headers['x-platform']
  return {
    client: clientOf(request.headers['x-client']),
    platform: typeof platform === 'string' && platform.trim() ? platform.trim().slice(0, 32) : 'web',
    userAgent: userAgentOf(request),
    ip: request.ip ?? null,
    locale: request.locale
  }
}

/** Who is acting in an audit event: the authenticated caller (and its session family), from where. */
export function auditContext (request: FastifyRequest): AuditContext {
  const { account } = request
  return {
    actorType: account?.type ?? null,
    actorId: account?.id ?? null,
    sessionId: account?.sessionId ?? null,
    ip: request.ip ?? null,
    userAgent: userAgentOf(request)
  }
}

/** Cookie first (web clients), else the `refreshToken` argument (mobile clients). */
export function presentedRefreshToken (kind: AccountType, request: FastifyRequest): unknown {
  return cookiesOf(request)[kind.cookie] ?? (request.query as { refreshToken?: unknown }).refreshToken
}

/**
 * The body of login, register and refresh, with the refresh cookie set and caching forbidden
 * (RFC 6749 section 5.1: a response carrying a token). The body key depends on the account type,
 * which TypeScript cannot follow (hence the cast); the response schema validates and filters what is sent.
 */
export function sendIssued (app: FastifyInstance, kind: AccountType, reply: FastifyReply, status: 200 | 201, out: Issued):
  Static<ReturnType<typeof AuthResponseSchema>> {
  reply.code(status).headers(NO_STORE)
    .setCookie(kind.cookie, out.refreshToken, { ...refreshCookieOptions(app), maxAge: app.config.refreshTokenTtl })
  return { status, success: true, token: out.token, refreshToken: out.refreshToken, [kind.bodyKey]: out.account } as
    Static<ReturnType<typeof AuthResponseSchema>>
}

/**
 * The answer of a sign-in (login and every method that ends in completeSignIn): 201 with the
 * tokens and the cookie, or 200 `{ mfaRequired, mfaToken, factors }` with neither.
 */
export function sendSignIn (app: FastifyInstance, kind: AccountType, reply: FastifyReply, out: SignIn):
  Static<ReturnType<typeof AuthResponseSchema>> | Static<typeof MfaRequiredResponseSchema> {
  if (!isMfaRequired(out)) return sendIssued(app, kind, reply, 201, out)
  reply.code(200).headers(NO_STORE)
  return { status: 200, success: true, ...out }
}

/** `{ status, success, <user|admin>: account }`, typed as sendIssued's body is. */
export function accountBody (kind: AccountType, status: 200 | 201, account: PublicAccount): Static<ReturnType<typeof AccountResponseSchema>> {
  return { status, success: true, [kind.bodyKey]: account } as Static<ReturnType<typeof AccountResponseSchema>>
}

/** The caller's account id, for the limits of authenticated routes. */
export const callerId = (request: FastifyRequest) => request.account!.id

const emailArgument = (request: FastifyRequest) => String((request.query as { email?: unknown }).email ?? '').toLowerCase()

/**
 * Per IP and email (or, on an authenticated route, the caller's account), on top of the global
 * limit, with LOGIN_RATE_LIMIT_*: slows password guessing on one account and mail floods to one
 * address.
 */
export function passwordRateLimit (app: FastifyInstance, kind: AccountType, action: AccountAction | (string & {}),
  subject: (request: FastifyRequest) => string = emailArgument): preHandlerAsyncHookHandler {
  const { max, windowMs } = app.config.loginRateLimit
  const limit = app.createRateLimit({
    max,
    timeWindow: windowMs,
    keyGenerator: (request) => `${action}:${kind.type}:${request.ip}:${subject(request)}`
  })
  return async (request, reply) => {
    const result = await limit(request)
    if (!result.isAllowed && result.isExceeded) {
      // The same headers as the global limiter's 429.
      reply.headers({
        'x-ratelimit-limit': result.max,
        'x-ratelimit-remaining': 0,
        'x-ratelimit-reset': result.ttlInSeconds,
        'retry-after': result.ttlInSeconds
      })
      throw new AppError('TOO_MANY_REQUESTS', { params: { after: `${result.ttlInSeconds} s` } })
    }
  }
}

/** An action's own error codes for one account type (`config.errors`): `USER.NOT_FOUND`, `ADMIN.NOT_FOUND`. */
export function errorsOf (kind: AccountType, ...names: string[]): string[] {
  return names.map((name) => `${kind.errorPrefix}.${name}`)
}

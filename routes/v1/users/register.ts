import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { AccountResponseSchema, AuthResponseSchema, RegisterArgsSchema } from '../../../schemas/accounts.js'
import { ACCOUNT_TYPES, type Within, checkProfile, refuseAppMetadata, accountBody, auditContext, errorsOf, operation, passwordRateLimit, sendIssued, sessionMeta } from '../../../plugins/accounts/index.js'

const kind = ACCOUNT_TYPES.user

/**
 * /v1/users/register: a new active account, signed in like a login (201), and a verification
 * mail queued in the same transaction. With REQUIRE_EMAIL_CONFIRMED the answer is 201 `{ user }`
 * alone: no session until the link is followed. Off: 404. Users only: admins are created with
 * `latchkey user create --admin`.
 */
const register: FastifyPluginAsync = async (app) => {
  const { sessions, accountLifecycle, config } = app
  if (!config.registrationEnabled) return
  const signIn = !config.requireEmailConfirmed
  defineAction(app, {
    url: '/register',
    operation: operation(kind, 'register'),
    hashesPassword: true,
    signsIn: true,
    errors: errorsOf(kind, 'BAD_REQUEST_USER_ALREADY_EXISTS', 'BAD_REQUEST_WEAK_PASSWORD'),
    summary: 'Create an account and sign it in',
    args: RegisterArgsSchema,
    responses: { 201: signIn ? AuthResponseSchema(kind, 201) : AccountResponseSchema(kind, 201) },
    preValidation: refuseAppMetadata,
    preHandler: passwordRateLimit(app, kind, 'register'),
    handler: async (request, reply) => {
      const { email, password, ...changes } = request.query
      // The profile is checked before the password is hashed: a refused field costs no hash.
      const profile = checkProfile(changes, false)
      const meta = sessionMeta(request)
      // The new account asks for its own verification mail.
      const verify: Within = (tx, ownerId) => accountLifecycle.queueVerification(kind, ownerId, request.locale,
        { ...auditContext(request), actorType: kind.type, actorId: ownerId }, tx)
      if (signIn) return sendIssued(app, kind, reply, 201, await sessions.register(kind, email, password, meta, verify, profile))
      const account = await sessions.registerWithoutSession(kind, email, password, meta, verify, profile)
      return reply.code(201).send(accountBody(kind, 201, account))
    }
  })
}
export default register

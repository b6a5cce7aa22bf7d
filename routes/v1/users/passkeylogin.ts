import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { AuthResponseSchema } from '../../../schemas/accounts.js'
import { PasskeyLoginArgsSchema } from '../../../schemas/passkeys.js'
import { accountTypeAt, countOutcomes, errorsOf, operationNamed, sendIssued, sessionMeta } from '../../../plugins/accounts/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/** /v1/<type>/passkeylogin (public): a passkey's answer to passkeyloginoptions for a session, like login (201). */
const passkeyLogin: FastifyPluginAsync = async (app) => {
  const kind = accountTypeAt(servedUnder(app))
  const { passkeys } = app
  defineAction(app, {
    url: '/passkeylogin',
    operation: operationNamed(kind, 'PasskeyLogin'),
    signsIn: true,
    errors: errorsOf(kind, 'BAD_REQUEST_INVALID_PASSKEY', 'BAD_REQUEST_ACCOUNT_INACTIVE', 'BAD_REQUEST_ACCOUNT_DELETED',
      'UNAUTHORIZED_EMAIL_NOT_CONFIRMED', 'BAD_REQUEST_INVALID_LOGIN_CREDENTIALS'),
    summary: 'Sign in with a passkey',
    args: PasskeyLoginArgsSchema,
    responses: { 201: AuthResponseSchema(kind, 201) },
    ...countOutcomes(app, kind, 'logins'),
    handler: async (request, reply) => {
      const { challengeId, response } = request.query
      return sendIssued(app, kind, reply, 201, await passkeys.login(kind, challengeId, response, sessionMeta(request)))
    }
  })
}
export default passkeyLogin

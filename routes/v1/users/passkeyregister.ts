import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { FactorResponseSchema, PasskeyRegisterArgsSchema } from '../../../schemas/passkeys.js'
import { accountTypeAt, auditContext, errorsOf, operationNamed } from '../../../plugins/accounts/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/** /v1/<type>/passkeyregister (authenticated): the authenticator's answer to passkeyregisteroptions becomes a verified factor (200). */
const passkeyRegister: FastifyPluginAsync = async (app) => {
  const kind = accountTypeAt(servedUnder(app))
  const { passkeys } = app
  defineAction(app, {
    url: '/passkeyregister',
    operation: operationNamed(kind, 'PasskeyRegister'),
    auth: kind.type,
    assurance: 'aal1',
    errors: errorsOf(kind, 'FORBIDDEN_AAL2_REQUIRED', 'BAD_REQUEST_INVALID_PASSKEY', 'BAD_REQUEST_TOO_MANY_PASSKEYS'),
    summary: 'Register a passkey with the authenticator\'s answer',
    args: PasskeyRegisterArgsSchema,
    responses: { 200: FactorResponseSchema },
    handler: async (request) => {
      const { response, name = 'Passkey' } = request.query
      const factor = await passkeys.register(kind, request.account!, response, name, auditContext(request))
      return { status: 200 as const, success: true as const, factor }
    }
  })
}
export default passkeyRegister

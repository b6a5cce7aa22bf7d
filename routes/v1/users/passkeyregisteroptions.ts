import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { NoArgsSchema } from '../../../schemas/accounts.js'
import { PasskeyRegisterOptionsResponseSchema } from '../../../schemas/passkeys.js'
import { accountTypeAt, errorsOf, operationNamed } from '../../../plugins/accounts/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/** /v1/<type>/passkeyregisteroptions (authenticated): the options of navigator.credentials.create() for a new passkey (200). */
const passkeyRegisterOptions: FastifyPluginAsync = async (app) => {
  const kind = accountTypeAt(servedUnder(app))
  const { passkeys } = app
  defineAction(app, {
    url: '/passkeyregisteroptions',
    operation: operationNamed(kind, 'PasskeyRegisterOptions'),
    auth: kind.type,
    assurance: 'aal1',
    errors: errorsOf(kind, 'FORBIDDEN_AAL2_REQUIRED', 'BAD_REQUEST_TOO_MANY_PASSKEYS'),
    summary: 'Get the WebAuthn options of a passkey registration',
    args: NoArgsSchema,
    responses: { 200: PasskeyRegisterOptionsResponseSchema },
    handler: async (request, reply) => {
      const options = await passkeys.registrationOptions(kind, request.account!)
      reply.header('cache-control', 'no-store')
      return { status: 200 as const, success: true as const, options }
    }
  })
}
export default passkeyRegisterOptions

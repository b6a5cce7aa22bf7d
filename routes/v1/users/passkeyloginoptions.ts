import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { NoArgsSchema } from '../../../schemas/accounts.js'
import { PasskeyLoginOptionsResponseSchema } from '../../../schemas/passkeys.js'
import { accountTypeAt, operationNamed } from '../../../plugins/accounts/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/** /v1/<type>/passkeyloginoptions (public): the options of navigator.credentials.get() and the challenge's id (200). */
const passkeyLoginOptions: FastifyPluginAsync = async (app) => {
  const kind = accountTypeAt(servedUnder(app))
  const { passkeys } = app
  defineAction(app, {
    url: '/passkeyloginoptions',
    operation: operationNamed(kind, 'PasskeyLoginOptions'),
    summary: 'Get the WebAuthn options of a passkey sign-in',
    args: NoArgsSchema,
    responses: { 200: PasskeyLoginOptionsResponseSchema },
    handler: async (_request, reply) => {
      const { options, challengeId } = await passkeys.loginOptions(kind)
      reply.header('cache-control', 'no-store')
      return { status: 200 as const, success: true as const, options, challengeId }
    }
  })
}
export default passkeyLoginOptions

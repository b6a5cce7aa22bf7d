import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, responses } from '../../../schemas/common.js'
import { ListSessionsResponseSchema, NoArgsSchema } from '../../../schemas/accounts.js'
import type { AccountType } from '../registry.js'
import { operation } from './common.js'

/** /v1/<type>/listsessions (authenticated): the caller's devices, one per session family (200). */
export function listsessions (kind: AccountType): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
    const { sessions } = app
    app.route({
      method: ANY_METHOD,
      url: '/listsessions',
      config: { operation: operation(kind, 'listsessions'), auth: kind.type },
      schema: {
        summary: 'List the caller\'s devices (one per session family)',
        querystring: NoArgsSchema,
        response: responses({ 200: ListSessionsResponseSchema })
      },
      handler: async (request, reply) => {
        const { id, sessionId } = request.account!
        reply.header('cache-control', 'no-store')
        return { status: 200 as const, success: true as const, sessions: await sessions.listSessions(kind, id, sessionId) }
      }
    })
  }
}

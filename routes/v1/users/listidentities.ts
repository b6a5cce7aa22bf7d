import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, responses } from '../../../schemas/common.js'
import { NoArgsSchema } from '../../../schemas/accounts.js'
import { ListIdentitiesResponseSchema } from '../../../schemas/federation.js'

/** /v1/users/listidentities (authenticated): the caller's accounts at providers, oldest first. */
const listidentities: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { federation } = app
  app.route({
    method: ANY_METHOD,
    url: '/listidentities',
    config: { operation: 'V1ListIdentities', auth: 'user' },
    schema: {
      summary: 'List the sign-in providers linked to the account',
      querystring: NoArgsSchema,
      response: responses({ 200: ListIdentitiesResponseSchema })
    },
    handler: async (request) => {
      return { status: 200 as const, success: true as const, identities: await federation.identities.list(request.account!.id) }
    }
  })
}
export default listidentities

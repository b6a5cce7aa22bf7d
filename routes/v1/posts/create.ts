import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, responses } from '../../../schemas/common.js'
import { CreatePostArgsSchema, PostResponseSchema } from '../../../schemas/posts.js'

/** POST /v1/posts/create: a draft owned by the caller. */
const create: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { posts } = app
  app.route({
    method: ANY_METHOD,
    url: '/create',
    config: { operation: 'V1CreatePost', auth: 'user' },
    schema: {
      summary: 'Create a draft post',
      querystring: CreatePostArgsSchema,
      response: responses({ 201: PostResponseSchema(201) })
    },
    handler: async (request, reply) => {
      const post = await posts.create(request.account!.id, request.query.title)
      reply.code(201)
      return { status: 201 as const, success: true as const, post }
    }
  })
}
export default create

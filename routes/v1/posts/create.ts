import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { CreatePostArgsSchema, PostResponseSchema } from '../../../schemas/posts.js'

/** POST /v1/posts/create: a draft owned by the caller. */
const create: FastifyPluginAsync = async (app) => {
  const { posts } = app
  defineAction(app, {
    url: '/create',
    operation: 'V1CreatePost',
    auth: 'user',
    assurance: 'policy',
    summary: 'Create a draft post',
    args: CreatePostArgsSchema,
    responses: { 201: PostResponseSchema(201) },
    handler: async (request, reply) => {
      const post = await posts.create(request.account!.id, request.query.title)
      reply.code(201)
      return { status: 201 as const, success: true as const, post }
    }
  })
}
export default create

import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { JobResponseSchema, PostResponseSchema, PublishArgsSchema } from '../../../schemas/posts.js'

/**
 * POST /v1/posts/publish: 200 with the post (PUBLISH_MODE=direct), or 202 with the id of the
 * V1PublishTask job (async). A post already published answers 200 unchanged in both modes.
 */
const publish: FastifyPluginAsync = async (app) => {
  const { posts, config } = app
  defineAction(app, {
    url: '/publish',
    operation: 'V1Publish',
    auth: 'user',
    assurance: 'policy',
    errors: ['POST.NOT_FOUND'],
    summary: 'Publish a post to its room',
    args: PublishArgsSchema,
    responses: { 200: PostResponseSchema(200), 202: JobResponseSchema },
    handler: async (request, reply) => {
      const userId = request.account!.id
      const { postId } = request.query
      if (config.publishMode === 'direct') {
        return { status: 200 as const, success: true as const, post: await posts.publish(postId, userId) }
      }
      const queued = await posts.enqueuePublish(postId, userId, request.locale)
      if ('post' in queued) return { status: 200 as const, success: true as const, post: queued.post }
      reply.code(202)
      return { status: 202 as const, success: true as const, jobId: queued.jobId }
    }
  })
}
export default publish

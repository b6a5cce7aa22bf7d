import type { Task } from 'graphile-worker'
import type { FastifyInstance } from 'fastify'
import { Ajv } from 'ajv'
import { PublishTaskPayloadSchema, type PublishTaskPayload } from '../schemas/posts.js'

/**
 * Publishes a post queued by /v1/posts/publish in async mode. Throwing fails this attempt;
 * graphile-worker retries up to the job's max_attempts, and the post stays a draft meanwhile.
 * Idempotent: a post published by an earlier attempt is left alone and emits nothing.
 */
const validPayload = new Ajv().compile<PublishTaskPayload>(PublishTaskPayloadSchema)

export function V1PublishTask (app: FastifyInstance): Task {
  return async (payload, helpers) => {
    if (!validPayload(payload)) {
      throw new Error(`invalid V1PublishTask payload: ${JSON.stringify(payload)}`)
    }
    const post = await app.posts.runPublishJob(payload.postId, payload.locale)
    helpers.logger.info(`post ${post.id} is ${post.status}`)
  }
}

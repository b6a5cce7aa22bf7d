import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { AppError } from '../../../plugins/core/errors.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/index.js'
import { orgError, notFound, forbidden } from '../../../plugins/orgs/index.js'
import { PublishRoomArgsSchema, PublishedResponseSchema } from '../../../schemas/rooms.js'
import { PUBLISH_PERMISSION, createPublishing } from '../../../plugins/realtime/index.js'

/**
 * /v1/rooms/publish: `room`, `event`, `data`, from a backend: an organization's API key holding
 * rooms:publish (into its organization's rooms), or an admin's token. The key's organization is
 * the room's, not an argument: the route checks it (`mayBackend`) once the key is known.
 */
const publish: FastifyPluginAsync = async (app) => {
  const { rooms } = app
  const publishing = createPublishing(app)
  defineAction(app, {
    url: '/publish',
    operation: 'V1PublishToRoom',
    auth: ACCOUNT_TYPES.admin.type,
    assurance: 'policy',
    apiKeys: true,
    errors: ['FORBIDDEN', orgError('ORG_NOT_FOUND'), orgError('ORG_FORBIDDEN')],
    summary: 'Publish an event into a room (an API key with rooms:publish, or an admin)',
    args: PublishRoomArgsSchema,
    responses: { 200: PublishedResponseSchema },
    handler: async (request) => {
      const { room, event, data } = request.query
      const refused = publishing.mayBackend(request.apiKey, room)
      if (refused === 'not_found') throw notFound()
      if (refused === 'forbidden') throw request.apiKey ? forbidden(PUBLISH_PERMISSION) : new AppError('FORBIDDEN')
      if (!publishing.fits(data)) throw new AppError('PAYLOAD_TOO_LARGE')
      const { offset, epoch } = await rooms.publish(room, event, data)
      return { status: 200 as const, success: true as const, room, offset, epoch }
    }
  })
}
export default publish

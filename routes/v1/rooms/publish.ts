import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { AppError } from '../../../plugins/core/errors.js'
import { API_KEY_SCHEME, ACCOUNT_TYPES, clientOf, adminMfaRequired } from '../../../plugins/accounts/index.js'
import { orgError, notFound, forbidden } from '../../../plugins/orgs/index.js'
import { PublishRoomArgsSchema, PublishedResponseSchema } from '../../../schemas/rooms.js'
import { PUBLISH_PERMISSION, createPublishing } from '../../../plugins/realtime/index.js'

/**
 * /v1/rooms/publish: `room`, `event`, `data`, from a backend: an organization's API key holding
 * rooms:publish (into its organization's rooms), or an admin's token.
 */
const publish: FastifyPluginAsync = async (app) => {
  const { rooms, sessions, config } = app
  const publishing = createPublishing(app)
  const admin = ACCOUNT_TYPES.admin
  const keyPrefix = `${API_KEY_SCHEME} `
  const adminPrefix = `${admin.scheme} `

  /** Before the arguments are looked at, as the routes that declare `auth`. */
  async function authenticate (request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization ?? ''
    const keys = app.routeAccess.permissions
    if (header.startsWith(keyPrefix) && keys) {
      const caller = await keys.authenticateKey(request, reply, header.slice(keyPrefix.length).trim())
      if (caller) return void (request.apiKey = caller)
      reply.header('www-authenticate', `${API_KEY_SCHEME} error="invalid_token"`)
      throw new AppError('UNAUTHORIZED')
    }
    const token = header.startsWith(adminPrefix) ? header.slice(adminPrefix.length).trim() : ''
    const account = token ? await sessions.authenticate(admin, token, clientOf(request.headers['x-client'])) : null
    if (!account) {
      reply.header('www-authenticate', token ? `${admin.scheme} error="invalid_token"` : `${API_KEY_SCHEME}, ${admin.scheme}`)
      throw new AppError('UNAUTHORIZED')
    }
    if (config.adminMfaRequired && account.aal !== 'aal2') throw adminMfaRequired()
    request.account = account
  }

  defineAction(app, {
    url: '/publish',
    operation: 'V1PublishToRoom',
    schemes: [API_KEY_SCHEME, admin.scheme],
    errors: ['UNAUTHORIZED', 'FORBIDDEN', orgError('ORG_NOT_FOUND'), orgError('ORG_FORBIDDEN')],
    summary: 'Publish an event into a room (an API key with rooms:publish, or an admin)',
    args: PublishRoomArgsSchema,
    responses: { 200: PublishedResponseSchema },
    preValidation: authenticate,
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

import type { FastifyPluginAsync } from 'fastify'
import { create } from './actions/create.js'
import { publish } from './actions/publish.js'

/** Posts (the routes of plugins/posts/actions/), under /v1/posts. */
const postRoutes: FastifyPluginAsync = async (app) => {
  await app.register(create)
  await app.register(publish)
}
export default postRoutes

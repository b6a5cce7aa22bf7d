import type { FastifyPluginAsync } from 'fastify'
import { defineUserAction } from '../../../plugins/admin/index.js'

/** /v1/admins/restoreuser (admins) with `userId`: a deleted user restored (plugins/admin/user-actions.ts). */
const restoreuser: FastifyPluginAsync = async (app) => {
  defineUserAction(app, 'restore')
}
export default restoreuser

import type { FastifyPluginAsync } from 'fastify'
import { defineUserAction } from '../../../plugins/admin/index.js'

/** /v1/admins/deleteuser (admins) with `userId`: the user deleted (soft) and signed out everywhere (plugins/admin/user-actions.ts). */
const deleteuser: FastifyPluginAsync = async (app) => {
  defineUserAction(app, 'delete')
}
export default deleteuser

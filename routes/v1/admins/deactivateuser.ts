import type { FastifyPluginAsync } from 'fastify'
import { defineUserAction } from '../../../plugins/admin/index.js'

/** /v1/admins/deactivateuser (admins) with `userId`: the user deactivated and signed out everywhere (plugins/admin/user-actions.ts). */
const deactivateuser: FastifyPluginAsync = async (app) => {
  defineUserAction(app, 'deactivate')
}
export default deactivateuser

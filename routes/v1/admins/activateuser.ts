import type { FastifyPluginAsync } from 'fastify'
import { defineUserAction } from '../../../plugins/admin/index.js'

/** /v1/admins/activateuser (admins) with `userId`: a deactivated user active again (plugins/admin/user-actions.ts). */
const activateuser: FastifyPluginAsync = async (app) => {
  defineUserAction(app, 'activate')
}
export default activateuser

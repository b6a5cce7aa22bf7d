import type { FastifyPluginAsync } from 'fastify'
import { defineUserAction } from '../../../plugins/admin/index.js'

/** /v1/admins/signoutuser (admins) with `userId`: the user signed out on every device (plugins/admin/user-actions.ts). */
const signoutuser: FastifyPluginAsync = async (app) => {
  defineUserAction(app, 'signout')
}
export default signoutuser

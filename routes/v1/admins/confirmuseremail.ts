import type { FastifyPluginAsync } from 'fastify'
import { defineUserAction } from '../../../plugins/admin/index.js'

/** /v1/admins/confirmuseremail (admins) with `userId`: the user's email address marked as confirmed (plugins/admin/user-actions.ts). */
const confirmuseremail: FastifyPluginAsync = async (app) => {
  defineUserAction(app, 'confirmemail')
}
export default confirmuseremail

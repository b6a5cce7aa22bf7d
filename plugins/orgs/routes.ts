import type { FastifyPluginAsync } from 'fastify'
import { create } from './actions/create.js'
import { list } from './actions/list.js'
import { get } from './actions/get.js'
import { update } from './actions/update.js'
import { deleteOrg } from './actions/delete.js'
import { listmembers } from './actions/listmembers.js'
import { invite } from './actions/invite.js'
import { listinvitations } from './actions/listinvitations.js'
import { revokeinvitation } from './actions/revokeinvitation.js'
import { acceptinvitation } from './actions/acceptinvitation.js'
import { updatemember } from './actions/updatemember.js'
import { removemember } from './actions/removemember.js'
import { leave } from './actions/leave.js'
import { transferownership } from './actions/transferownership.js'
import { createrole } from './actions/createrole.js'
import { updaterole } from './actions/updaterole.js'
import { deleterole } from './actions/deleterole.js'
import { listroles } from './actions/listroles.js'
import { createapikey } from './actions/createapikey.js'
import { listapikeys } from './actions/listapikeys.js'
import { revokeapikey } from './actions/revokeapikey.js'

/** Organizations, members, roles, invitations and API keys (the routes of plugins/orgs/actions/), under /v1/orgs. */
const orgRoutes: FastifyPluginAsync = async (app) => {
  for (const action of [create, list, get, update, deleteOrg, listmembers, invite, listinvitations, revokeinvitation, acceptinvitation, updatemember, removemember, leave, transferownership, createrole, updaterole, deleterole, listroles, createapikey, listapikeys, revokeapikey]) {
    await app.register(action)
  }
}
export default orgRoutes

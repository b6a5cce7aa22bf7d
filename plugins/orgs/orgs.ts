import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { OrgClaim } from '../accounts/index.js'
import { createAccessHooks, memberAccess } from './access.js'
import { createOrganizations } from './organizations.js'
import { createMembers } from './members.js'
import { createRolesAndKeys } from './roles.js'

declare module 'fastify' {
  interface FastifyInstance { orgs: ReturnType<typeof createOrgs> }
}

export function createOrgs (app: FastifyInstance) {
  return {
    ...createOrganizations(app),
    ...createMembers(app),
    ...createRolesAndKeys(app),
    /** The permission check of the organization routes, for others (realtime's org rooms). */
    access: (user: { id: string, org?: OrgClaim }, organizationId: string, permission: string | true) => memberAccess(app.sql, user, organizationId, permission),
    /** Whether the user may do `permission` there now (why not does not matter to the caller). */
    allows: async (user: { id: string, org?: OrgClaim }, organizationId: string, permission: string | true) =>
      !('refused' in await memberAccess(app.sql, user, organizationId, permission))
  }
}

/**
 * Organizations, their members, roles, invitations and API keys (docs/behaviour.md#organizations).
 * Where routes are served (the auth plugin is there), it decides the routes' `permission` and
 * verifies API keys; the worker uses it to check an invitation before mailing it.
 */
export default fp(async (app) => {
  app.decorateRequest('membership', null)
  app.decorate('orgs', createOrgs(app))
  if (app.hasDecorator('routeAccess')) app.routeAccess.permissions = createAccessHooks(app)
}, { name: 'orgs', dependencies: ['db', 'rate-limit'] })

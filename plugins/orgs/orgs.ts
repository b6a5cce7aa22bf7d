import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createAccessHooks } from './access.js'
import { createOrganizations } from './organizations.js'
import { createMembers } from './members.js'
import { createRolesAndKeys } from './roles.js'

declare module 'fastify' {
  interface FastifyInstance { orgs: ReturnType<typeof createOrgs> }
}

export function createOrgs (app: FastifyInstance) {
  return { ...createOrganizations(app), ...createMembers(app), ...createRolesAndKeys(app) }
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

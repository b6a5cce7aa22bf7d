import type { FastifyRequest } from 'fastify'
import type { RouteAccess } from '../../accounts/auth.js'
import type { WebhookScope } from '../webhooks.js'

/** Who manages the endpoints: admins (under /v1/admins) or an organization's members (under /v1/orgs). */
export type Owner = 'admin' | 'org'

/** The route access of each owner: admins, or members (and API keys) holding `apikeys:manage`. */
export function accessOf (owner: Owner): RouteAccess {
  return owner === 'admin' ? { auth: 'admin', assurance: 'policy' } : { auth: 'user', assurance: 'policy', permission: 'apikeys:manage' }
}

/** `V1<Verb>Webhook...` for admins, `V1<Verb>OrgWebhook...` for organizations. */
export const operationOf = (owner: Owner, verb: string, rest: string) => `V1${verb}${owner === 'org' ? 'Org' : ''}${rest}`

/** The endpoints a request may see: the admins' (no organization), or those of the organization its permission was checked for. */
export function scopeOf (request: FastifyRequest): WebhookScope {
  return { organizationId: request.membership?.organizationId ?? null }
}

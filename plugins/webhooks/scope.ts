import type { FastifyRequest } from 'fastify'
import { type RouteAccess, auditContext } from '../accounts/index.js'
import { callerOf } from '../orgs/index.js'
import type { WebhookActor, WebhookScope } from './webhooks.js'

/** Who manages the endpoints: admins (under /v1/admins) or an organization's members (under /v1/orgs). */
export type Owner = 'admin' | 'org'

const OWNERS: Record<string, Owner> = { admins: 'admin', orgs: 'org' }

/** The owner whose endpoints are managed under `/v1/<under>`: the webhook routes of routes/v1/orgs/, shared with admins. */
export function ownerAt (under: string): Owner {
  const owner = OWNERS[under]
  if (!owner) throw new Error(`no webhook owner is served under /v1/${under}`)
  return owner
}

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

/** Who changes an endpoint, for the audit log: the admin, or the member (null for an API key, the actor then). */
export function actorOf (request: FastifyRequest): WebhookActor {
  if (!request.membership) return { accountType: 'admin', accountId: request.account?.id ?? null, context: auditContext(request) }
  const caller = callerOf(request)
  return { accountType: 'user', accountId: caller.userId, context: caller.context }
}

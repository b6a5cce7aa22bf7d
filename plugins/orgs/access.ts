import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../core/errors.js'
import { hashToken, auditContext, type KeyCaller, type PermissionHooks, type OrgClaim } from '../accounts/index.js'
import type { AuditContext } from '../audit/index.js'
import type { Queryable } from '../core/db.js'
import { ORG_ERRORS, orgError } from './errors.js'
import { keyStatements, membershipJoin, orgStatements, type JoinedMembership } from './repository.js'
import type { OrgProfile } from './present.js'
import { grants } from './permissions.js'

/** What the permission check leaves for the handler: the organization and what the caller holds in it. */
export interface Membership {
  organizationId: string
  /** The member's role; null for an API key. */
  role: string | null
  permissions: string[]
  /** The membership's version (org claims of access tokens carry it); null for an API key. */
  version: number | null
  /** The organization as the check read it (with the membership, or with the key), for the handler. */
  organization: OrgProfile
}

/** An API key's caller as this domain verifies it: with its organization, read with the key. */
interface OrgKeyCaller extends KeyCaller { organization: OrgProfile }

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the permission check on routes that declare `permission`; null elsewhere. */
    membership: Membership | null
  }
}

/** `lk_` and 52 base32 characters (32 random bytes). */
export const API_KEY_FORMAT = /^lk_[a-z2-7]{52}$/

/** Who acts in an organization: a member (userId) or a key, with what it holds, for the audit log. */
export interface OrgCaller {
  userId: string | null
  permissions: string[]
  context: AuditContext
}

/** The caller of a route that declared a permission (after the check). */
export function callerOf (request: FastifyRequest): OrgCaller {
  const key = request.apiKey
  const context = key
    ? { actorType: 'api_key', actorId: key.id, sessionId: null, ip: request.ip ?? null, userAgent: auditContext(request).userAgent }
    : auditContext(request)
  return { userId: request.account?.id ?? null, permissions: request.membership?.permissions ?? [], context }
}

/** Why a user may not act in an organization: not a member (or no such organization), a stale org claim, a permission the role lacks. */
export type Refusal = 'not_found' | 'stale_token' | 'forbidden'

/**
 * Whether a user may do `permission` (true: anything a member may) in an organization. `org`,
 * the org claim of the user's access token: issued for this organization at another membership
 * version, it is stale. For the token's own organization on a route, the membership came with
 * the owner (`member`, plugins/accounts/auth.ts) and, at the claim's version, the claim's role
 * and permissions are the membership's (every change of role or of its permissions bumps the
 * version): no read. Otherwise the one indexed read of the membership with its role, and when
 * it began (`since`: an org room's history reaches no further back).
 */
export async function memberAccess (sql: Queryable, user: { id: string, org?: OrgClaim, member?: unknown }, organizationId: string,
  permission: string | true): Promise<{ membership: Membership, since?: Date } | { refused: Refusal }> {
  const claim = user.org?.id === organizationId ? user.org : undefined
  let membership: Membership
  let since: Date | undefined
  if (claim && user.member !== undefined) {
    const joined = user.member as JoinedMembership | null
    if (!joined) return { refused: 'not_found' }
    membership = {
      organizationId, role: claim.role, permissions: claim.permissions, version: joined.member_version,
      organization: { id: organizationId, slug: joined.org_slug, name: joined.org_name, created_at: joined.org_created_at, updated_at: joined.org_updated_at }
    }
  } else {
    const [row] = await orgStatements.membership.run(sql, { organizationId, userId: user.id })
    if (!row) return { refused: 'not_found' }
    membership = { organizationId, role: row.role, permissions: row.permissions, version: row.version, organization: row }
    since = row.member_since
  }
  if (claim && claim.membershipVersion !== membership.version) return { refused: 'stale_token' }
  if (permission !== true && !grants(membership.permissions, permission)) return { refused: 'forbidden' }
  return { membership, since }
}

/** The organization a route acts in, as the permission check settled it: the argument, or an API key's own. */
export const orgOf = (request: FastifyRequest): string => request.membership!.organizationId

/** A user names the organization; only an API key has one to default to. */
const organizationRequired = () => new AppError('BAD_REQUEST_INVALID_ARGUMENTS', {
  params: { names: 'organizationId' },
  fields: [{ name: 'organizationId', key: 'ORG[organization_required]' }]
})

export const notFound = () => new AppError(ORG_ERRORS.ORG_NOT_FOUND)
export const forbidden = (permission: string) => new AppError(ORG_ERRORS.ORG_FORBIDDEN, { params: { permission } })

export function createOrgMetrics (metrics: NonNullable<FastifyInstance['metrics']>) {
  return {
    keyAuthentications: metrics.counter({
      name: 'latchkey_api_key_authentications_total',
      help: 'Requests with an organization API key by outcome (ok, malformed, unknown, revoked, expired, rate_limited)',
      labelNames: ['outcome'] as const
    }),
    accessDenied: metrics.counter({
      name: 'latchkey_org_access_denied_total',
      help: 'Organization routes refused by the permission check, by reason (not_found, forbidden, stale_token)',
      labelNames: ['reason'] as const
    })
  }
}

/**
 * The permission check of the organization routes and the API-key scheme, plugged into
 * plugins/accounts/auth.ts: one indexed read of the caller's membership with its role, per
 * request, so a removed or demoted member is refused at once.
 */
export function createAccessHooks (app: FastifyInstance): PermissionHooks {
  const { sql, config } = app
  const metrics = app.metrics && createOrgMetrics(app.metrics)
  const limit = app.createRateLimit({
    max: config.apiKeyRateLimitMax,
    timeWindow: 60_000,
    keyGenerator: (request) => `apikey:${request.apiKey?.id ?? ''}`
  })
  const deny = (reason: Refusal) => { metrics?.accessDenied.inc({ reason }) }
  const keyOutcome = (outcome: string) => { metrics?.keyAuthentications.inc({ outcome }) }

  async function authenticateKey (request: FastifyRequest, reply: FastifyReply, key: string): Promise<KeyCaller | null> {
    if (!API_KEY_FORMAT.test(key)) { keyOutcome('malformed'); return null }
    const [row] = await keyStatements.authenticate.run(sql, { hash: hashToken(key) })
    if (!row) { keyOutcome('unknown'); return null }
    if (row.revoked || row.expired) { keyOutcome(row.revoked ? 'revoked' : 'expired'); return null }
    // last_used_at, at most once a minute: a second statement then only.
    if (!row.used) await keyStatements.touch.run(sql, { id: row.id })
    const organization = { id: row.organization_id, slug: row.org_slug, name: row.org_name, created_at: row.org_created_at, updated_at: row.org_updated_at }
    const caller: OrgKeyCaller = { id: row.id, organizationId: row.organization_id, permissions: row.permissions, organization }
    request.apiKey = caller
    const result = await limit(request)
    if (!result.isAllowed && result.isExceeded) {
      keyOutcome('rate_limited')
      reply.headers({ 'x-ratelimit-limit': result.max, 'x-ratelimit-remaining': 0, 'x-ratelimit-reset': result.ttlInSeconds, 'retry-after': result.ttlInSeconds })
      throw new AppError('TOO_MANY_REQUESTS', { params: { after: `${result.ttlInSeconds} s` } })
    }
    keyOutcome('ok')
    return caller
  }

  async function check (request: FastifyRequest, reply: FastifyReply, permission: string | true): Promise<void> {
    const key = request.apiKey
    // An API key's own organization is the default (it acts for no other); a user names one.
    const organizationId = (request.query as { organizationId?: unknown }).organizationId ?? key?.organizationId
    if (organizationId === undefined) throw organizationRequired()
    if (typeof organizationId !== 'string') throw new Error(`route ${request.routeOptions.url}: a permission without an organizationId argument`)
    if (key) {
      // A key acts for its own organization only: another one is as unknown as any.
      if (key.organizationId !== organizationId) { deny('not_found'); throw notFound() }
      if (permission !== true && !grants(key.permissions, permission)) { deny('forbidden'); throw forbidden(permission) }
      request.membership = { organizationId, role: null, permissions: key.permissions, version: null, organization: (key as OrgKeyCaller).organization }
      return
    }
    const access = await memberAccess(sql, request.account!, organizationId, permission)
    if ('refused' in access) {
      deny(access.refused)
      if (access.refused === 'not_found') throw notFound()
      if (access.refused === 'forbidden') throw forbidden(permission as string)
      // A token issued for this organization at another membership version is stale: refresh it.
      reply.header('www-authenticate', 'jwt-user error="invalid_token"')
      throw new AppError('UNAUTHORIZED')
    }
    request.membership = access.membership
  }

  return { authenticateKey, check, errors: [orgError('ORG_NOT_FOUND'), orgError('ORG_FORBIDDEN')], member: membershipJoin }
}

import { statement } from '../core/db.js'
import { apiKeys, invitations, memberships, nameOf, organizations, roles, users, type Row } from '../../db/schema.js'
import { queueInvitationSql } from '../mail/index.js'
import { ALL_APP, OWNER_ROLE } from './permissions.js'

/**
 * Every statement on the organizations' tables (organizations, roles, memberships, invitations,
 * api_keys): nothing else writes them. Deleted organizations (`deleted_at`) are invisible to
 * every read but the admins'.
 */
const O = nameOf(organizations)
const R = nameOf(roles)
const M = nameOf(memberships)
const I = nameOf(invitations)
const K = nameOf(apiKeys)
const U = nameOf(users)

/**
 * SQL selecting the `user_id` of the members of `organizationId` (an SQL expression) whose role
 * grants `permission`: `grants` of permissions.ts, for statements of other domains that act on
 * them (webhooks mail the members who manage its endpoints) without restating the rule.
 */
export function membersHoldingSql (organizationId: string, permission: string): string {
  // Written into the SQL text: only a permission's own characters.
  if (!/^[a-z0-9_.:*-]+$/.test(permission)) throw new Error(`not a permission: ${permission}`)
  const held = permission.startsWith('app:') ? `array['${permission}', '${ALL_APP}']` : `array['${permission}']`
  return `select m.user_id from ${M} m join ${R} r on r.id = m.role_id where m.organization_id = ${organizationId} and r.permissions && ${held}::text[]`
}

export type OrgRow = Row<typeof organizations>
export type RoleRow = Pick<Row<typeof roles>, 'id' | 'organization_id' | 'name' | 'permissions'>
export type KeyRow = Omit<Row<typeof apiKeys>, 'key_hash'>
/** A member's organization with the member's role (the permission check reads this one row). */
export type MembershipRow = OrgRow & { user_id: string, role_id: string, role: string, permissions: string[], version: number }
export type MemberRow = { user_id: string, email: string, role: string, created_at: Date }
export type InvitationRow = Row<typeof invitations> & { role: string }
export type AdminOrgRow = OrgRow & { members: number }

/**
 * What the owner read of an org token brings of the membership in the token's organization
 * (plugins/accounts joins this subquery in: `account.member`): its version, which the check
 * compares with the claim's, and the organization as `get` shows it. Plain indexed lookups, no
 * role: at the claim's version the claim's role and permissions are the membership's.
 */
export interface JoinedMembership { member_version: number, org_slug: string, org_name: string, org_created_at: Date, org_updated_at: Date }
export const membershipJoin = (ownerId: string, organizationId: string) => `select m.version as member_version, o.slug as org_slug,
    o.name as org_name, o.created_at as org_created_at, o.updated_at as org_updated_at
  from ${M} m join ${O} o on o.id = m.organization_id where m.organization_id = ${organizationId}::uuid and m.user_id = ${ownerId} and ${LIVE}`

type ByOrg = { organizationId: string }
type ByMember = ByOrg & { userId: string }
const LIVE = 'o.deleted_at is null'
const KEY_FIELDS = 'id, organization_id, name, prefix, permissions, created_by, expires_at, last_used_at, revoked_at, created_at'

/**
 * Channel of the notices that an organization's memberships changed, sent in the transaction
 * of the change: `{organizationId, userId, gone}` for one member (`gone`: removed or left; else
 * another role), userId null for all of them (a role's permissions; `gone`: the organization
 * deleted). Every instance takes the members who are out of the organization's rooms.
 */
export const MEMBERSHIP_CHANNEL = 'latchkey_memberships'

export const orgStatements = {
  /** The one indexed read of every permission check: the caller's membership (primary key) in a live organization, with its role and start. */
  membership: statement<MembershipRow & { member_since: Date }, ByMember>((p) => `select o.*, m.user_id, m.role_id, r.name as role, r.permissions, m.version, m.created_at as member_since
    from ${M} m join ${O} o on o.id = m.organization_id join ${R} r on r.id = m.role_id
    where m.organization_id = ${p.organizationId} and m.user_id = ${p.userId} and ${LIVE}`),
  mine: statement<MembershipRow, { userId: string }>((p) => `select o.*, m.user_id, m.role_id, r.name as role, r.permissions, m.version
    from ${M} m join ${O} o on o.id = m.organization_id join ${R} r on r.id = m.role_id
    where m.user_id = ${p.userId} and ${LIVE} order by o.created_at, o.id`),
  /** A new organization and its creator as owner; no row when the slug is taken. */
  create: statement<OrgRow, { id: string, slug: string, name: string, userId: string }>((p) => `with o as (
      insert into ${O} (id, slug, name, created_by) values (${p.id}, ${p.slug}, ${p.name}, ${p.userId}) on conflict (slug) do nothing returning *),
    m as (insert into ${M} (organization_id, user_id, role_id) select id, ${p.userId}, '${OWNER_ROLE}' from o)
    select * from o`),
  update: statement<OrgRow, ByOrg & { slug: string | null, name: string | null }>((p) => `update ${O}
    set slug = coalesce(${p.slug}::text, slug), name = coalesce(${p.name}::text, name), updated_at = now()
    where id = ${p.organizationId} and deleted_at is null returning *`),
  softDelete: statement<OrgRow, ByOrg>((p) => `update ${O} set deleted_at = now(), updated_at = now()
    where id = ${p.organizationId} and deleted_at is null returning *`),
  /** Serializes the changes of an organization's memberships (the last-owner rule): its row, locked. */
  lock: statement<{ id: string }, ByOrg>((p) => `select id from ${O} o where id = ${p.organizationId} and ${LIVE} for update`),
  owners: statement<{ n: number }, ByOrg>((p) => `select count(*)::int as n from ${M} where organization_id = ${p.organizationId} and role_id = '${OWNER_ROLE}'`),
  member: statement<MembershipRow, ByMember>((p) => `select o.*, m.user_id, m.role_id, r.name as role, r.permissions, m.version
    from ${M} m join ${O} o on o.id = m.organization_id join ${R} r on r.id = m.role_id
    where m.organization_id = ${p.organizationId} and m.user_id = ${p.userId}`),
  members: statement<MemberRow, ByOrg>((p) => `select m.user_id, u.email, r.name as role, m.created_at
    from ${M} m join ${U} u on u.id = m.user_id join ${R} r on r.id = m.role_id
    where m.organization_id = ${p.organizationId} order by m.created_at, m.user_id`),
  memberByEmail: statement<{ user_id: string }, ByOrg & { email: string }>((p) => `select m.user_id from ${M} m join ${U} u on u.id = m.user_id
    where m.organization_id = ${p.organizationId} and u.email = ${p.email}`),
  /** A member's new role; the version grows so that tokens issued for the old one are refused. */
  setRole: statement<{ version: number }, ByMember & { roleId: string }>((p) => `update ${M} set role_id = ${p.roleId}, version = version + 1
    where organization_id = ${p.organizationId} and user_id = ${p.userId} returning version`),
  join: statement<{ version: number }, ByMember & { roleId: string }>((p) => `insert into ${M} (organization_id, user_id, role_id)
    values (${p.organizationId}, ${p.userId}, ${p.roleId}) on conflict do nothing returning version`),
  changed: statement<never, ByOrg & { userId: string | null, gone: boolean }>((p) => `select pg_notify('${MEMBERSHIP_CHANNEL}',
    json_build_object('organizationId', ${p.organizationId}::text, 'userId', ${p.userId}::text, 'gone', ${p.gone}::boolean)::text)`),
  remove: statement<{ user_id: string }, ByMember>((p) => `delete from ${M} where organization_id = ${p.organizationId} and user_id = ${p.userId} returning user_id`)
}

export const roleStatements = {
  /** Built-in roles first (owner, admin, member: their ids' order), then the organization's own by name. */
  list: statement<RoleRow, ByOrg>((p) => `select id, organization_id, name, permissions from ${R}
    where organization_id is null or organization_id = ${p.organizationId}
    order by organization_id is not null, case when organization_id is null then id end, name`),
  byName: statement<RoleRow, ByOrg & { name: string }>((p) => `select id, organization_id, name, permissions from ${R}
    where name = ${p.name} and (organization_id is null or organization_id = ${p.organizationId}) order by organization_id nulls first limit 1`),
  /** A custom role of the organization (never a built-in one). */
  custom: statement<RoleRow, ByOrg & { roleId: string }>((p) => `select id, organization_id, name, permissions from ${R}
    where id = ${p.roleId} and organization_id = ${p.organizationId}`),
  /** No row when the name is taken in the organization. */
  create: statement<RoleRow, ByOrg & { id: string, name: string, permissions: string[] }>((p) => `insert into ${R} (id, organization_id, name, permissions)
    values (${p.id}, ${p.organizationId}, ${p.name}, ${p.permissions}::text[]) on conflict do nothing returning id, organization_id, name, permissions`),
  update: statement<RoleRow, ByOrg & { roleId: string, name: string, permissions: string[] }>((p) => `update ${R}
    set name = ${p.name}, permissions = ${p.permissions}::text[]
    where id = ${p.roleId} and organization_id = ${p.organizationId} returning id, organization_id, name, permissions`),
  /** The holders' tokens were issued with the old permissions: their versions grow. */
  bumpHolders: statement<never, ByOrg & { roleId: string }>((p) => `update ${M} set version = version + 1
    where organization_id = ${p.organizationId} and role_id = ${p.roleId}`),
  holders: statement<{ n: number }, { roleId: string }>((p) => `select count(*)::int as n from ${M} where role_id = ${p.roleId}`),
  delete: statement<{ id: string }, ByOrg & { roleId: string }>((p) => `delete from ${R} where id = ${p.roleId} and organization_id = ${p.organizationId} returning id`)
}

type NewInvitation = ByOrg & { id: string, email: string, roleId: string, hash: string, invitedBy: string | null, lifetime: number }
export const invitationStatements = {
  /** Earlier pending invitations of the address to the organization give way to the new one. */
  supersede: statement<never, ByOrg & { email: string }>((p) => `update ${I} set revoked_at = now()
    where organization_id = ${p.organizationId} and email = ${p.email} and accepted_at is null and revoked_at is null`),
  create: statement<Row<typeof invitations>, NewInvitation>((p) => `insert into ${I} (id, organization_id, email, role_id, token_hash, invited_by, expires_at)
    values (${p.id}, ${p.organizationId}, ${p.email}, ${p.roleId}, ${p.hash}, ${p.invitedBy}, now() + make_interval(secs => ${p.lifetime}::int)) returning *`),
  list: statement<InvitationRow, ByOrg>((p) => `select i.*, r.name as role from ${I} i join ${R} r on r.id = i.role_id
    where i.organization_id = ${p.organizationId} order by i.created_at desc, i.id desc`),
  revoke: statement<InvitationRow, ByOrg & { id: string }>((p) => `update ${I} i set revoked_at = now() from ${R} r
    where i.id = ${p.id} and i.organization_id = ${p.organizationId} and i.accepted_at is null and i.revoked_at is null and r.id = i.role_id
    returning i.*, r.name as role`),
  /** The invitation of a token, locked, in a live organization (accepted, revoked or expired ones too: the caller tells). */
  byToken: statement<Row<typeof invitations> & { usable: boolean }, { hash: string }>((p) => `select i.*,
      (i.accepted_at is null and i.revoked_at is null and i.expires_at > now()) as usable
    from ${I} i join ${O} o on o.id = i.organization_id where i.token_hash = ${p.hash} and ${LIVE} for update of i`),
  accept: statement<never, { id: string }>((p) => `update ${I} set accepted_at = now() where id = ${p.id}`),
  /** Whether a mailed invitation can still be accepted (the mail job asks before sending). */
  usable: statement<{ ok: boolean }, { hash: string }>((p) => `select exists (select 1 from ${I} i join ${O} o on o.id = i.organization_id
    where i.token_hash = ${p.hash} and i.accepted_at is null and i.revoked_at is null and i.expires_at > now() and ${LIVE}) as ok`)
}

export const mailStatements = {
  /** The invitation's mail (V1SendEmailTask), queued in the transaction that writes the invitation. */
  invitation: statement<never, ByOrg & { email: string, locale: string, link: string, lifetime: number }>((p) => `select
    ${queueInvitationSql(`${p.email}::text`, `${p.locale}::text`, `${p.link}::text`, `${p.lifetime}::int`, 'o.name')}
    from ${O} o where o.id = ${p.organizationId}`),
  /** What accepting an invitation checks of the signed-in user. */
  user: statement<{ email: string, is_email_confirmed: boolean }, { userId: string }>((p) => `select email, is_email_confirmed
    from ${U} where id = ${p.userId} and deleted_at is null`)
}

type NewKey = ByOrg & { id: string, name: string, prefix: string, hash: string, permissions: string[], createdBy: string | null, lifetime: number | null }
/** What a key's lookup answers: its caller, and why it cannot be used if it cannot. */
export type KeyLookup = { id: string, organization_id: string, permissions: string[], revoked: boolean, expired: boolean, used: boolean }
  & Omit<JoinedMembership, 'member_version'>
export const keyStatements = {
  create: statement<KeyRow, NewKey>((p) => `insert into ${K} (id, organization_id, name, prefix, key_hash, permissions, created_by, expires_at)
    values (${p.id}, ${p.organizationId}, ${p.name}, ${p.prefix}, ${p.hash}, ${p.permissions}::text[], ${p.createdBy},
      now() + make_interval(secs => ${p.lifetime}::int)) returning ${KEY_FIELDS}`),
  list: statement<KeyRow, ByOrg>((p) => `select ${KEY_FIELDS} from ${K} where organization_id = ${p.organizationId} order by created_at desc, id desc`),
  revoke: statement<KeyRow, ByOrg & { id: string }>((p) => `update ${K} set revoked_at = now()
    where id = ${p.id} and organization_id = ${p.organizationId} and revoked_at is null returning ${KEY_FIELDS}`),
  /**
   * One lookup by the unique hash (its index), in a live organization, with the organization as
   * `get` shows it; `used`: last_used_at was written within the minute (else `touch` writes it).
   */
  authenticate: statement<KeyLookup, { hash: string }>((p) => `select k.id, k.organization_id, k.permissions, k.revoked_at is not null as revoked,
      coalesce(k.expires_at <= now(), false) as expired, coalesce(k.last_used_at > now() - interval '1 minute', false) as used,
      o.slug as org_slug, o.name as org_name, o.created_at as org_created_at, o.updated_at as org_updated_at
    from ${K} k join ${O} o on o.id = k.organization_id where k.key_hash = ${p.hash} and ${LIVE}`),
  /** At most once a minute per key (the condition holds under concurrent requests too). */
  touch: statement<never, { id: string }>((p) => `update ${K} set last_used_at = now()
    where id = ${p.id} and (last_used_at is null or last_used_at < now() - interval '1 minute')`)
}

export const adminOrgStatements = {
  /** Newest first by id; `q` a part of the slug or the name; deleted ones too. */
  list: statement<AdminOrgRow, { q: string | null, after: string | null, limit: number }>((p) => `select o.*,
      (select count(*)::int from ${M} m where m.organization_id = o.id) as members
    from ${O} o where (${p.q}::text is null or o.slug like '%' || ${p.q} || '%' or o.name ilike '%' || ${p.q} || '%')
      and (${p.after}::uuid is null or o.id < ${p.after}) order by o.id desc limit ${p.limit}`),
  get: statement<AdminOrgRow, ByOrg>((p) => `select o.*, (select count(*)::int from ${M} m where m.organization_id = o.id) as members
    from ${O} o where o.id = ${p.organizationId}`)
}

import fp from 'fastify-plugin'
import type { AccountData, AccountType } from '../accounts/index.js'
import { statement, type Queryable } from '../core/db.js'
import { AppError } from '../core/errors.js'
import { apiKeys, invitations, memberships, nameOf, organizations, roles, users } from '../../db/schema.js'
import { MEMBERSHIP_CHANNEL } from './repository.js'
import { ORG_ERRORS } from './errors.js'
import { OWNER_ROLE } from './permissions.js'

const O = nameOf(organizations)
const R = nameOf(roles)
const M = nameOf(memberships)
const I = nameOf(invitations)
const K = nameOf(apiKeys)
const U = nameOf(users)
type ByUser = { userId: string }

// Each organization that loses a member, or is deleted (userId null), tells every instance: its rooms drop them.
const notifyAll = (rows: string, user: string) => `select pg_notify('${MEMBERSHIP_CHANNEL}',
  json_build_object('organizationId', organization_id::text, 'userId', ${user}, 'gone', true)::text) from ${rows}`

const statements = {
  /**
   * A claim: the organizations the account created are deleted (softly), its other memberships
   * removed, the invitations it sent and are pending and the API keys it created revoked; the
   * organizations' rows are locked first (the memberships' order of every change).
   */
  claim: statement<{ organizations: number, memberships: number, invitations: number, api_keys: number }, ByUser>((p) => `with
    locked as (select o.id from ${O} o where o.deleted_at is null and (o.created_by = ${p.userId}
      or o.id in (select organization_id from ${M} where user_id = ${p.userId})) order by o.id for update),
    deleted as (update ${O} o set deleted_at = now(), updated_at = now() where o.id in (select id from locked) and o.created_by = ${p.userId}
      returning o.id as organization_id),
    left_ as (delete from ${M} m where m.user_id = ${p.userId} returning m.organization_id),
    invited as (update ${I} set revoked_at = now() where invited_by = ${p.userId} and accepted_at is null and revoked_at is null returning 1),
    keys as (update ${K} set revoked_at = now() where created_by = ${p.userId} and revoked_at is null returning 1),
    n1 as (${notifyAll('deleted', 'null::text')}),
    n2 as (${notifyAll('left_', `${p.userId}::text`)})
    select (select count(*)::int from deleted) as organizations,
      (select count(*)::int from left_ where organization_id not in (select organization_id from deleted)) as memberships,
      (select count(*)::int from invited) as invitations, (select count(*)::int from keys) as api_keys,
      (select count(*) from n1) + (select count(*) from n2) as notified`),
  /** A deactivation: the API keys the account created stop working. */
  revokeKeys: statement<{ api_keys: number }, ByUser>((p) => `with keys as (update ${K} set revoked_at = now()
    where created_by = ${p.userId} and revoked_at is null returning 1) select count(*)::int as api_keys from keys`),
  /** The live organizations where the user is the only owner and not the only member: it must transfer them first. */
  soleOwnerOf: statement<{ slug: string }, ByUser>((p) => `select o.slug from ${M} m join ${O} o on o.id = m.organization_id
    where m.user_id = ${p.userId} and m.role_id = '${OWNER_ROLE}' and o.deleted_at is null
      and not exists (select 1 from ${M} x where x.organization_id = m.organization_id and x.user_id <> m.user_id and x.role_id = '${OWNER_ROLE}')
      and exists (select 1 from ${M} x where x.organization_id = m.organization_id and x.user_id <> m.user_id)
    order by o.slug`),
  /**
   * An erasure: the organizations where the user is alone are deleted (softly), its memberships
   * removed, the invitations to its address deleted, and its name taken off what it made for the
   * organizations (their keys, invitations and creators stay the organizations').
   */
  erase: statement<{ organizations: number, memberships: number, invitations: number }, ByUser>((p) => `with
    a as (select email from ${U} where id = ${p.userId}),
    alone as (update ${O} o set deleted_at = now(), updated_at = now() where o.deleted_at is null
      and o.id in (select organization_id from ${M} where user_id = ${p.userId})
      and not exists (select 1 from ${M} x where x.organization_id = o.id and x.user_id <> ${p.userId}) returning o.id as organization_id),
    left_ as (delete from ${M} m where m.user_id = ${p.userId} returning m.organization_id),
    received as (delete from ${I} where email = (select email from a) returning 1),
    sent as (update ${I} set invited_by = null where invited_by = ${p.userId}),
    keys as (update ${K} set created_by = null where created_by = ${p.userId}),
    created as (update ${O} set created_by = null where created_by = ${p.userId}),
    n as (${notifyAll('left_', `${p.userId}::text`)})
    select (select count(*)::int from alone) as organizations, (select count(*)::int from left_) as memberships,
      (select count(*)::int from received) as invitations, (select count(*) from n) as notified`),
  memberships: statement<{ id: string, slug: string, name: string, role: string, permissions: string[], joined_at: Date, created_by_me: boolean }, ByUser>((p) =>
    `select o.id, o.slug, o.name, r.name as role, r.permissions, m.created_at as joined_at, coalesce(o.created_by = ${p.userId}, false) as created_by_me
     from ${M} m join ${O} o on o.id = m.organization_id join ${R} r on r.id = m.role_id
     where m.user_id = ${p.userId} and o.deleted_at is null order by m.created_at, o.id`),
  invitations: statement<{ organization_id: string, email: string, role: string, sent_by_me: boolean, created_at: Date, expires_at: Date,
    accepted_at: Date | null, revoked_at: Date | null }, ByUser>((p) =>
    `select i.organization_id, i.email, r.name as role, coalesce(i.invited_by = ${p.userId}, false) as sent_by_me, i.created_at, i.expires_at, i.accepted_at, i.revoked_at
     from ${I} i join ${R} r on r.id = i.role_id
     where i.invited_by = ${p.userId} or i.email = (select email from ${U} where id = ${p.userId}) order by i.created_at, i.id`),
  apiKeys: statement<{ id: string, organization_id: string, name: string, prefix: string, permissions: string[], created_at: Date,
    last_used_at: Date | null, revoked_at: Date | null }, ByUser>((p) =>
    `select id, organization_id, name, prefix, permissions, created_at, last_used_at, revoked_at from ${K} where created_by = ${p.userId} order by created_at, id`)
}

// Admins are no organization's members.
const users_ = <T extends object>(kind: AccountType, run: () => Promise<T>): Promise<T | Record<never, never>> => kind.type === 'user' ? run() : Promise.resolve({})
const iso = (d: Date | null): string | null => d ? d.toISOString() : null

/** Refuses the erasure of the sole owner of an organization with other members (ORG.BAD_REQUEST_LAST_OWNER), naming them. */
export async function assertNotSoleOwner (db: Queryable, userId: string): Promise<void> {
  const rows = await statements.soleOwnerOf.run(db, { userId })
  if (rows.length) throw new AppError(ORG_ERRORS.ORG_BAD_REQUEST_LAST_OWNER)
}

/**
 * What organizations keep about users (admins are none's members): organizations they created,
 * memberships, invitations sent or received, API keys created.
 */
export const orgsData: AccountData = {
  name: 'orgs',
  tables: [organizations, memberships, invitations, apiKeys],
  claim: (tx, kind, userId) => users_(kind, async () => {
    const [row] = await statements.claim.run(tx, { userId })
    return { organizations: row.organizations, memberships: row.memberships, invitations: row.invitations, apiKeys: row.api_keys }
  }),
  deactivate: (tx, kind, userId) => users_(kind, async () => ({ apiKeys: (await statements.revokeKeys.run(tx, { userId }))[0].api_keys })),
  erase: (tx, kind, userId) => users_(kind, async () => {
    const [row] = await statements.erase.run(tx, { userId })
    return { organizations: row.organizations, memberships: row.memberships, invitations: row.invitations }
  }),
  export: (db, kind, userId) => users_(kind, async () => {
    const [orgs, invites, keys] = await Promise.all([statements.memberships.run(db, { userId }), statements.invitations.run(db, { userId }),
      statements.apiKeys.run(db, { userId })])
    return {
      organizations: orgs.map((o) => ({ id: o.id, slug: o.slug, name: o.name, role: o.role, permissions: o.permissions,
        joinedAt: o.joined_at.toISOString(), createdByYou: o.created_by_me })),
      invitations: invites.map((i) => ({ organizationId: i.organization_id, email: i.email, role: i.role, sentByYou: i.sent_by_me,
        createdAt: i.created_at.toISOString(), expiresAt: i.expires_at.toISOString(), acceptedAt: iso(i.accepted_at), revokedAt: iso(i.revoked_at) })),
      apiKeys: keys.map((k) => ({ id: k.id, organizationId: k.organization_id, name: k.name, prefix: k.prefix, permissions: k.permissions,
        createdAt: k.created_at.toISOString(), lastUsedAt: iso(k.last_used_at), revokedAt: iso(k.revoked_at) }))
    }
  })
}

/** What organizations keep about accounts (accounts/data.ts), in both roles: the worker erases. */
export default fp(async (app) => {
  app.accountData.register(orgsData)
}, { name: 'orgs-data', dependencies: ['account-data'] })

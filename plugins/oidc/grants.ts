import type { Queryable } from '../core/db.js'
import { statement } from '../core/db.js'
import { nameOf, oauthClients, oidcPayloads } from '../../db/schema.js'
import { OIDC_SCOPES } from './client-rules.js'

const T = nameOf(oidcPayloads)
const C = nameOf(oauthClients)
const live = 'and (g.expires_at is null or g.expires_at > now())'

/** An application a user authorized: its client, what it was granted (the union of its grants' scopes), since when. */
export interface AuthorizedApp {
  clientId: string
  name: string
  scopes: string[]
  authorizedAt: string
}

type GrantRow = { client_id: string, name: string, scopes: string | null, authorized_at: Date }

const statements = {
  // A user's consents: the oidc-provider Grants (oidc_payloads, kind 'Grant') of their account.
  list: statement<GrantRow, { accountId: string }>((p) =>
    `select g.payload->>'clientId' as client_id, c.name,
       string_agg(g.payload->'openid'->>'scope', ' ') as scopes,
       min(to_timestamp((g.payload->>'iat')::bigint)) as authorized_at
     from ${T} g join ${C} c on c.id = g.payload->>'clientId'
     where g.kind = 'Grant' and g.payload->>'accountId' = ${p.accountId} ${live}
     group by g.payload->>'clientId', c.name order by authorized_at, client_id`),
  latest: statement<{ id: string }, { accountId: string, clientId: string }>((p) =>
    `select g.id from ${T} g
     where g.kind = 'Grant' and g.payload->>'accountId' = ${p.accountId} and g.payload->>'clientId' = ${p.clientId} ${live}
     order by (g.payload->>'iat')::bigint desc limit 1`),
  // The grants, and every code and token issued under them (their grant_id), in one statement.
  revoke: statement<{ id: string }, { accountId: string, clientId: string }>((p) =>
    `with grants as (
       delete from ${T} g where g.kind = 'Grant' and g.payload->>'accountId' = ${p.accountId}
         and g.payload->>'clientId' = ${p.clientId} returning g.id
     ), issued as (delete from ${T} t where t.grant_id in (select id from grants) returning t.id)
     select id from grants`),
  // Everything of the account: its grants with every code and token issued under them, and
  // whatever else names it (provider sessions, device codes, interactions): scanned, this is rare.
  revokeAll: statement<{ grants: number, other: number }, { accountId: string }>((p) =>
    `with grants as (
       delete from ${T} g where g.kind = 'Grant' and g.payload->>'accountId' = ${p.accountId} returning g.id
     ), issued as (delete from ${T} t where t.grant_id in (select id from grants) returning 1),
     other as (delete from ${T} o where o.kind <> 'Grant' and (o.payload->>'accountId' = ${p.accountId}
       or o.payload->'session'->>'accountId' = ${p.accountId} or o.payload->'result'->'login'->>'accountId' = ${p.accountId}) returning 1)
     select (select count(*)::int from grants) as grants, (select count(*)::int from other) as other`)
}

/** The applications `accountId` authorized (consented to), oldest first. */
export async function authorizedApps (db: Queryable, accountId: string): Promise<AuthorizedApp[]> {
  const rows = await statements.list.run(db, { accountId })
  return rows.map((row) => ({
    clientId: row.client_id,
    name: row.name,
    // A grant stored before users' grants held OpenID scopes only may list a permission no token gets: not shown.
    scopes: [...new Set((row.scopes ?? '').split(' ').filter((scope) => OIDC_SCOPES.has(scope)))],
    authorizedAt: row.authorized_at.toISOString()
  }))
}

/** The newest live grant of `accountId` to `clientId`: a consent given in another browser is remembered too. */
export async function latestGrantId (db: Queryable, accountId: string, clientId: string): Promise<string | undefined> {
  const [row] = await statements.latest.run(db, { accountId, clientId })
  return row?.id
}

/** Withdraws the consent: the grants go, and with them their codes and tokens. How many grants there were. */
export async function revokeAuthorizedApp (db: Queryable, accountId: string, clientId: string): Promise<number> {
  return (await statements.revoke.run(db, { accountId, clientId })).length
}

/** Every consent of `accountId` withdrawn, and every provider session, code and token of it gone: how many grants there were. */
export async function revokeAllOf (db: Queryable, accountId: string): Promise<number> {
  const [row] = await statements.revokeAll.run(db, { accountId })
  return row.grants
}

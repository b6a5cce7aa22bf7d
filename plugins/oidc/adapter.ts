import type postgres from 'postgres'
import { nameOf, oidcPayloads } from '../../db/schema.js'
import { statement } from '../core/db.js'
import { clientMetadata, clientStatements } from './clients.js'
import { withoutPermissions } from './user-scopes.js'

const T = nameOf(oidcPayloads)

type PayloadRow = { payload: Record<string, unknown>, consumed: number | null }
type Key = { kind: string, id: string }
const live = 'and (expires_at is null or expires_at > now())'
const columns = `payload, extract(epoch from consumed_at)::bigint as consumed`

const statements = {
  upsert: statement<never, Key & { payload: Record<string, unknown>, grantId: string | null, userCode: string | null, uid: string | null, expiresIn: number | null }>((p) =>
    `insert into ${T} (kind, id, payload, grant_id, user_code, uid, expires_at)
     values (${p.kind}, ${p.id}, ${p.payload}::jsonb, ${p.grantId}, ${p.userCode}, ${p.uid},
       case when ${p.expiresIn}::integer is null then null else now() + make_interval(secs => ${p.expiresIn}::integer) end)
     on conflict (kind, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
       user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`),
  find: statement<PayloadRow, Key>((p) => `select ${columns} from ${T} where kind = ${p.kind} and id = ${p.id} ${live}`),
  // Expired too (until pruned): the provider tells an expired device code (expired_token, RFC 8628) from an unknown one.
  findExpired: statement<PayloadRow, Key>((p) => `select ${columns} from ${T} where kind = ${p.kind} and id = ${p.id}`),
  findByUid: statement<PayloadRow, { kind: string, uid: string }>((p) =>
    `select ${columns} from ${T} where kind = ${p.kind} and uid = ${p.uid} ${live} limit 1`),
  findByUserCode: statement<PayloadRow, { kind: string, userCode: string }>((p) =>
    `select ${columns} from ${T} where kind = ${p.kind} and user_code = ${p.userCode} ${live} limit 1`),
  consume: statement<never, Key>((p) => `update ${T} set consumed_at = now() where kind = ${p.kind} and id = ${p.id}`),
  destroy: statement<never, Key>((p) => `delete from ${T} where kind = ${p.kind} and id = ${p.id}`),
  // Every model instance of a grant (its codes and tokens, whatever their kind).
  revokeByGrantId: statement<never, { grantId: string }>((p) => `delete from ${T} where grant_id = ${p.grantId}`),
  // The oldest expired rows first, through the expires_at index, a batch per statement.
  prune: statement<{ deleted: number }, { batch: number }>((p) => `with d as (delete from ${T} where (kind, id) in (
      select kind, id from ${T} where expires_at < now() order by expires_at limit ${p.batch}) returning 1)
    select count(*)::int as deleted from d`)
}

/**
 * Where U+0000 is in a payload the provider saves: the name of the parameter that brought it
 * (`state` of `params.state`), or null. PostgreSQL text and jsonb cannot hold it.
 */
function nulIn (value: unknown, name = 'payload'): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? name : null
  if (value === null || typeof value !== 'object') return null
  for (const [key, item] of Object.entries(value)) {
    const found = (key.includes('\u0000') && name) || nulIn(item, Array.isArray(value) ? name : key)
    if (found) return found
  }
  return null
}

/** Nothing is stored under an id holding U+0000 (a client_id, code or token a request made up): no lookup needed. */
const unstorable = (...ids: string[]) => ids.some((id) => id.includes('\u0000'))

/** What the provider answers a request whose parameter holds U+0000: its invalid_request (400), naming it. */
export type RefuseParameter = (description: string) => Error

function payloadOf (kind: string, rows: PayloadRow[]): Record<string, unknown> | undefined {
  const row = rows[0]
  if (!row) return undefined
  const payload = withoutPermissions(kind, row.payload)
  return row.consumed === null ? payload : { ...payload, consumed: Number(row.consumed) }
}

/**
 * oidc-provider's storage on the service's PostgreSQL (its `adapter` option): one class per
 * model kind, its rows in oidc_payloads. A consumed code or refresh token keeps its row, marked
 * (`consumed`), so that its reuse is seen and its grant revoked. A user's grant, codes and tokens
 * are written and read without permission scopes (user-scopes.ts): every token of the code and
 * device flows takes its scope from its grant, so none carries one, even under a grant stored before.
 * U+0000 from a request (a `state`, a `client_id`, a token) never reaches PostgreSQL: a payload
 * holding it is refused with `refuse` (the provider's invalid_request), an id holding it is found nowhere.
 */
export function postgresAdapter (sql: postgres.Sql, scopes: ReadonlySet<string> = new Set(),
  refuse: RefuseParameter = (description) => new Error(description)) {
  return class PostgresAdapter {
    readonly kind: string
    constructor (kind: string) { this.kind = kind }

    async upsert (id: string, given: Record<string, unknown>, expiresIn?: number): Promise<void> {
      const nul = nulIn(given)
      if (nul || unstorable(id)) throw refuse(`${nul ?? 'id'} must not contain the character U+0000`)
      const payload = withoutPermissions(this.kind, given)
      await statements.upsert.run(sql, {
        kind: this.kind,
        id,
        payload,
        grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
        userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
        uid: typeof payload.uid === 'string' ? payload.uid : null,
        expiresIn: typeof expiresIn === 'number' ? Math.ceil(expiresIn) : null
      })
    }

    async find (id: string) {
      if (unstorable(id)) return undefined
      // The clients are the admins' registrations (oauth_clients), not stored payloads; none of a deleted organization.
      if (this.kind === 'Client') {
        const [row] = await clientStatements.live.run(sql, { id })
        return row && clientMetadata(row, scopes)
      }
      const find = this.kind === 'DeviceCode' ? statements.findExpired : statements.find
      return payloadOf(this.kind, await find.run(sql, { kind: this.kind, id }))
    }
    async findByUid (uid: string) {
      return unstorable(uid) ? undefined : payloadOf(this.kind, await statements.findByUid.run(sql, { kind: this.kind, uid }))
    }
    async findByUserCode (userCode: string) {
      return unstorable(userCode) ? undefined : payloadOf(this.kind, await statements.findByUserCode.run(sql, { kind: this.kind, userCode }))
    }
    async consume (id: string): Promise<void> { if (!unstorable(id)) await statements.consume.run(sql, { kind: this.kind, id }) }
    async destroy (id: string): Promise<void> { if (!unstorable(id)) await statements.destroy.run(sql, { kind: this.kind, id }) }
    async revokeByGrantId (grantId: string): Promise<void> { if (!unstorable(grantId)) await statements.revokeByGrantId.run(sql, { grantId }) }
  }
}

/** Rows deleted per statement by pruneExpired: each statement is short, however many are due. */
export const OIDC_PRUNE_BATCH = 5000

/**
 * Deletes what has expired (the provider already ignores it), a batch per statement; how many.
 * A consumed code or refresh token stays until it expires: its reuse is still seen until then.
 */
export async function pruneExpired (sql: postgres.Sql, batch = OIDC_PRUNE_BATCH): Promise<number> {
  let deleted = 0
  for (;;) {
    const [row] = await statements.prune.run(sql, { batch })
    deleted += row.deleted
    if (row.deleted < batch) return deleted
  }
}

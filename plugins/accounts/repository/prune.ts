import type { AccountType } from '../registry.js'
import { statement } from '../../core/db.js'
import { tablesOf } from './shared.js'

/** The last id of the walk over a session table: a window that reaches it was the last. */
export const LAST_ID = 'ffffffff-ffff-ffff-ffff-ffffffffffff'

export type WindowParams = { after: string, batch: number, retention: number, reuseInterval: number }

/** The retention statements of one account type's session and token tables (V1PruneSessionsTask, hourly). */
export function pruneStatements (kind: AccountType) {
  const { s, tk } = tablesOf(kind)
  return {
    /**
     * One window of the walk: the ids after `after` up to the `batch`-th in id order (UUIDv7, so
     * creation order; the rest of the table when fewer are left), of which it deletes rows expired
     * more than SESSION_RETENTION (`retention` s) ago and revoked rows that were not rotated (no
     * successor) revoked that long ago, and erases sealed successors whose reuse interval
     * (`reuseInterval` s) is over. The window is a range of the primary key, so the delete and the
     * update read its index pages and the heap pages of those rows once (not one index descent
     * per row). Deleting a row sets its predecessor's pointer to null (the foreign key), found
     * through the family index. The parameters are named in the order of their positions.
     */
    window: statement<{ last: string, deleted: number, erased: number }, WindowParams>(({ after, batch, retention, reuseInterval }) => {
      const expired = `(expires_at < now() - make_interval(secs => ${retention})
    or (revoked_at < now() - make_interval(secs => ${retention}) and replaced_by_session_id is null))`
      const inWindow = `id > ${after} and id <= (select last from b)`
      return `with b as (select coalesce((select id from ${s} where id > ${after} order by id offset ${batch} - 1 limit 1), '${LAST_ID}'::uuid) as last),
    d as (delete from ${s} where ${inWindow} and ${expired} returning 1),
    e as (update ${s} set successor_token = null
      where ${inWindow} and successor_token is not null
        and revoked_at <= now() - make_interval(secs => ${reuseInterval}) and not ${expired} returning 1)
    select (select last from b) as last, (select count(*) from d)::int as deleted, (select count(*) from e)::int as erased`
    }),
    /** One-time tokens (used or not) expired more than `retention` seconds ago, `batch` at a time through the expiry index. */
    tokens: statement<never, { retention: number, batch: number }>((p) => `delete from ${tk}
  where id in (select id from ${tk} where expires_at < now() - make_interval(secs => ${p.retention}) limit ${p.batch})`)
  }
}

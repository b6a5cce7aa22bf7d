import { statement, type Queryable } from '../core/db.js'
import { auditEvents, nameOf } from '../../db/schema.js'
import { AppError, type FieldError } from '../core/errors.js'
import type { AuditStatsBucket } from '../../schemas/admin.js'

const HOUR = 3_600_000
export const BUCKET_MS: Record<AuditStatsBucket, number> = { hour: HOUR, day: 24 * HOUR }
/** The range of /v1/admins/auditstats when none is given. */
export const DEFAULT_SPAN_MS = 7 * 24 * HOUR
/** At most this many buckets per answer (41 days by the hour, 2.7 years by the day). */
export const MAX_BUCKETS = 1000

export interface StatsRange { from: Date, to: Date, bucket: AuditStatsBucket }

export interface StatsBucket { start: string, counts: Record<string, number> }

/**
 * The buckets covering [from, to): `from` rounded down and `to` rounded up to whole UTC hours or
 * days (both are fixed lengths in UTC, counted from the epoch, a UTC midnight). A reversed range
 * or one of more than MAX_BUCKETS is a 400 naming the argument that was given.
 */
export function statsRange (args: { from?: string, to?: string, bucket: AuditStatsBucket }, now = Date.now()): StatsRange {
  const step = BUCKET_MS[args.bucket]
  const to = args.to ? Date.parse(args.to) : now
  const from = args.from ? Date.parse(args.from) : to - DEFAULT_SPAN_MS
  const name = args.to ? 'to' : 'from'
  const refuse = (field: FieldError): never => {
    throw new AppError('BAD_REQUEST_INVALID_ARGUMENTS', { params: { names: field.name }, fields: [field] })
  }
  if (!(from < to)) refuse({ name, key: 'GLOBAL[range_reversed]' })
  const start = Math.floor(from / step) * step
  const end = Math.ceil(to / step) * step
  if ((end - start) / step > MAX_BUCKETS) refuse({ name, key: 'GLOBAL[too_many_buckets]', params: { max: MAX_BUCKETS } })
  return { from: new Date(start), to: new Date(end), bucket: args.bucket }
}

// Every bucket of the range (generate_series), left-joined to the counts of its events
// (date_bin from the range's start, which is a bucket boundary); the range filter uses
// audit_events_created_at_idx. A bucket without events has counts {}.
// The parameters are named in the order of their positions (the range, then the bucket).
const AUDIT_STATS = statement<{ start: Date, counts: Record<string, number> }, { from: string, to: string, bucket: string }>(({ from, to, bucket }) => `with counted as (
    select date_bin(${bucket}::interval, created_at, ${from}::timestamptz) as start, event, count(*)::int as n
    from ${nameOf(auditEvents)} where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
    group by 1, 2
  )
  select b.start,
    coalesce(jsonb_object_agg(c.event, c.n) filter (where c.event is not null), '{}'::jsonb) as counts
  from generate_series(${from}::timestamptz, ${to}::timestamptz - ${bucket}::interval, ${bucket}::interval) as b(start)
  left join counted c on c.start = b.start
  group by b.start order by b.start`)
export const AUDIT_STATS_SQL = AUDIT_STATS.text

/** Events per bucket and name over a range from statsRange(), one row per bucket, oldest first. */
export async function auditStats (db: Queryable, range: StatsRange): Promise<StatsBucket[]> {
  const rows = await AUDIT_STATS.run(db, { from: range.from.toISOString(), to: range.to.toISOString(), bucket: `${BUCKET_MS[range.bucket] / 1000} seconds` })
  return rows.map((row) => ({ start: row.start.toISOString(), counts: row.counts }))
}

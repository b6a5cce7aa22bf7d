/** The audit log with its filters, and the chart of sign-in activity. */
import { useEffect, useRef, useState } from 'preact/hooks'
import { ErrorLine, useAction } from '../common/ui.js'
import { formatTime, type Locale } from '../common/i18n.js'
import type { Args } from '../sdk/index.js'
import { AUDIT_EVENTS } from './events.js'
import { drawChart, totals, type StatsBucket } from './chart.js'
import { api, currentLocale, hashOf, type Answer, type T } from './context.js'
import { DataTable } from './table.js'

/** A datetime-local value (the browser's time zone) as an ISO time, or undefined. */
const isoOf = (local: string) => local ? new Date(local).toISOString() : undefined
const localOf = (iso: string | null) => {
  if (!iso) return ''
  const d = new Date(iso)
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}

/** An account by its email; by the end of its id when it has none (an account removed since). */
const nameOf = (email: string | null, id: string) => email ?? id.slice(-12)

type Query = Args<'/v1/admins/listauditevents'>
/**
 * The filters of the address, '' when absent. Its values are sent as they are: the service
 * refuses one it does not know (an address typed by hand), and the page shows its error.
 */
type Filters = { [K in 'accountType' | 'accountId' | 'event' | 'from' | 'to']: NonNullable<Query[K]> | '' }

export function Audit ({ t, params }: { t: T, params: URLSearchParams }) {
  const filters = {
    accountType: params.get('accountType') ?? '',
    accountId: params.get('accountId') ?? '',
    event: params.get('event') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? ''
  } as Filters
  const cursor = params.get('cursor') ?? undefined
  const { busy, error, run } = useAction()
  const [page, setPage] = useState<Answer<'listauditevents'> | null>(null)
  useEffect(() => { run(async () => setPage(await api('listauditevents', { ...filters, cursor }))) }, [params.toString()])
  const submit = (e: Event) => {
    e.preventDefault()
    const form = new FormData(e.target as HTMLFormElement)
    const get = (name: string) => String(form.get(name) ?? '').trim()
    location.hash = hashOf('audit', {
      accountType: get('accountType'), accountId: get('accountId'), event: get('event'), from: isoOf(get('from')), to: isoOf(get('to'))
    })
  }
  return (
    <section aria-labelledby="audit-title">
      <h2 tabindex={-1} id="audit-title">{t('audit')}</h2>
      <form class="filters" onSubmit={submit} key={params.toString()}>
        <div>
          <label for="audit-type">{t('accountType')}</label>
          <select id="audit-type" name="accountType" value={filters.accountType}>
            <option value="">{t('anyType')}</option><option value="user">{t('typeUser')}</option><option value="admin">{t('typeAdmin')}</option>
          </select>
        </div>
        <div>
          <label for="audit-account">{t('accountId')}</label>
          <input id="audit-account" name="accountId" value={filters.accountId} size={36} autocomplete="off" />
        </div>
        <div>
          <label for="audit-event">{t('event')}</label>
          <select id="audit-event" name="event" value={filters.event}>
            <option value="">{t('anyEvent')}</option>
            {AUDIT_EVENTS.map((e) => <option value={e}>{e}</option>)}
          </select>
        </div>
        <div>
          <label for="audit-from">{t('from')}</label>
          <input id="audit-from" name="from" type="datetime-local" value={localOf(filters.from)} />
        </div>
        <div>
          <label for="audit-to">{t('to')}</label>
          <input id="audit-to" name="to" type="datetime-local" value={localOf(filters.to)} />
        </div>
        <button type="submit" disabled={busy}>{t('filter')}</button>
        <a class="button secondary" href={hashOf('audit')}>{t('clear')}</a>
      </form>
      <ErrorLine error={error} />
      <DataTable label={t('auditTable')} className="audit" items={page?.events} empty={t('noEvents')}
        columns={[t('colWhen'), t('colEvent'), t('colAccount'), t('colActor'), t('colIp'), t('colData')]}
        row={(e) => (
          <tr key={e.id}>
            <td>{formatTime(currentLocale, e.createdAt)}</td>
            <td><code>{e.event}</code></td>
            <td>
              {e.accountType}{e.accountId
                ? <> · {e.accountType === 'user' ? <a href={hashOf(`users/${e.accountId}`)}>{nameOf(e.accountEmail, e.accountId)}</a> : nameOf(e.accountEmail, e.accountId)}</>
                : null}
            </td>
            <td>{e.actorType ?? '-'}{e.actorId ? ` · ${nameOf(e.actorEmail, e.actorId)}` : ''}</td>
            <td>{e.ipAddress ?? '-'}</td>
            <td><code class="data">{Object.keys(e.data ?? {}).length ? JSON.stringify(e.data) : ''}</code></td>
          </tr>
        )}
      />
      <nav class="row" aria-label={t('audit')}>
        {cursor ? <a class="button secondary" href={hashOf('audit', filters)}>{t('firstPage')}</a> : null}
        {page?.nextCursor ? <a class="button secondary" href={hashOf('audit', { ...filters, cursor: page.nextCursor })}>{t('nextPage')}</a> : null}
      </nav>
    </section>
  )
}

export function Activity ({ t, locale }: { t: T, locale: Locale }) {
  const { error, run } = useAction()
  const [buckets, setBuckets] = useState<StatsBucket[] | null>(null)
  const target = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const to = new Date()
    const from = new Date(to.getTime() - 7 * 24 * 3_600_000)
    run(async () => setBuckets((await api('auditstats', { from: from.toISOString(), to: to.toISOString(), bucket: 'hour' })).buckets))
  }, [])
  useEffect(() => {
    if (!buckets || !target.current) return
    return drawChart(target.current, buckets, [t('time'), t('seriesOk'), t('seriesFailed'), t('seriesReuse')], locale)
  }, [buckets, locale])
  const [ok, failed, reuse] = buckets ? totals(buckets) : [0, 0, 0]
  return (
    <section aria-labelledby="activity-title">
      <h2 tabindex={-1} id="activity-title">{t('activity')}</h2>
      <p class="muted">{t('chartTitle')}</p>
      <ErrorLine error={error} />
      {buckets ? <p role="status">{t('chartSummary', { ok, failed, reuse })}</p> : <p>{t('loading')}</p>}
      <figure class="chart" id="activity-chart" ref={target} aria-label={t('chartTitle')} />
    </section>
  )
}

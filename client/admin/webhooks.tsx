/**
 * The admins' webhook endpoints (docs/webhooks.md): the list and a form to add one (its secret
 * shown once, kept in this view's memory only), and an endpoint's page (enable or disable, rotate
 * the secret, delete after asking, its delivery log with a redeliver button per delivery).
 */
import { useEffect, useState } from 'preact/hooks'
import { ErrorLine, useAction, useConfirm } from '../common/ui.js'
import { formatTime } from '../common/i18n.js'
import type { Args } from '../sdk/index.js'
import { api, currentLocale, hashOf, type Answer, type T } from './context.js'
import { DataTable } from './table.js'

type Endpoint = Answer<'listwebhooks'>['webhooks'][number]
type Delivery = Answer<'listwebhookdeliveries'>['deliveries'][number]
/** An event name as typed; the service refuses one it does not know (shown as the form's error). */
type EventName = Args<'/v1/admins/createwebhook'>['events'][number]

const when = (at: string | null) => at ? formatTime(currentLocale, at) : null
const events = (list: string[]) => <span class="perms">{list.map((e) => <code key={e}>{e}</code>)}</span>

/** Enabled, or disabled since when; a disabled endpoint still failing was most likely disabled for it. */
function EndpointState ({ t, e }: { t: T, e: Endpoint }) {
  return e.enabled
    ? <span class="badge stateActive">{t('hookEnabled')}</span>
    : <><span class="badge stateDeleted">{t('hookDisabled')}</span> {e.disabledAt ? <small>{t('hookDisabledAt', { at: when(e.disabledAt)! })}</small> : null}</>
}

const failures = (t: T, e: Endpoint) => e.failingSince ? t('hookFailingSince', { at: when(e.failingSince)! }) : t('hookNoFailures')

/** A secret shown once: gone from the page with the view (a reload, another view). */
const SecretOnce = ({ t, secret }: { t: T, secret: string }) => (
  <div role="status" class="secret">
    <p class="ok">{t('hookSecretOnce')}</p>
    <code data-testid="webhook-secret">{secret}</code>
  </div>
)

export function Webhooks ({ t }: { t: T }) {
  const { busy, error, run } = useAction()
  const [list, setList] = useState<Endpoint[] | null>(null)
  const [created, setCreated] = useState<{ id: string, secret: string } | null>(null)
  useEffect(() => { run(async () => setList((await api('listwebhooks')).webhooks)) }, [])
  const create = (e: Event) => {
    e.preventDefault()
    const form = e.target as HTMLFormElement
    const data = new FormData(form)
    const names = String(data.get('events')).split(',').map((s) => s.trim()).filter(Boolean) as EventName[]
    run(async () => {
      const answer = await api('createwebhook', { url: String(data.get('url')).trim(), events: names, description: String(data.get('description')).trim() })
      setCreated({ id: answer.webhook.id, secret: answer.secret })
      form.reset()
      setList((await api('listwebhooks')).webhooks)
    })
  }
  return (
    <section aria-labelledby="webhooks-title">
      <h2 tabindex={-1} id="webhooks-title">{t('webhooks')}</h2>
      <p class="muted">{t('webhooksIntro')}</p>
      <form onSubmit={create} aria-labelledby="new-webhook-title">
        <h3 id="new-webhook-title">{t('newWebhook')}</h3>
        <label for="webhook-url">{t('hookUrl')}</label>
        <input id="webhook-url" name="url" type="url" required maxlength={2000} placeholder="https://" autocomplete="off" />
        <label for="webhook-events">{t('hookEvents')}</label>
        <input id="webhook-events" name="events" required value="*" autocomplete="off" aria-describedby="webhook-events-help" />
        <small id="webhook-events-help">{t('hookEventsHelp')}</small>
        <label for="webhook-description">{t('hookDescription')}</label>
        <input id="webhook-description" name="description" maxlength={500} autocomplete="off" />
        <button type="submit" disabled={busy}>{t('addWebhook')}</button>
      </form>
      {created ? <SecretOnce t={t} secret={created.secret} /> : null}
      <ErrorLine error={error} />
      <DataTable label={t('webhooksTable')} className="webhooks" items={list} empty={t('noWebhooks')}
        columns={[t('hookUrl'), t('hookEvents'), t('colStatus'), t('hookFailures'), t('hookDescription')]}
        row={(e) => (
          <tr key={e.id}>
            <td><a href={hashOf(`webhooks/${e.id}`)}>{e.url}</a></td><td>{events(e.events)}</td>
            <td><EndpointState t={t} e={e} /></td><td>{failures(t, e)}</td><td>{e.description}</td>
          </tr>
        )}
      />
    </section>
  )
}

export function WebhookPage ({ t, id }: { t: T, id: string }) {
  const { busy, error, run } = useAction()
  const { ask, dialog } = useConfirm()
  const [endpoint, setEndpoint] = useState<Endpoint | null | undefined>(undefined)
  const [log, setLog] = useState<Delivery[] | null>(null)
  const [secret, setSecret] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const load = async () => {
    const found = (await api('listwebhooks')).webhooks.find((e) => e.id === id) ?? null
    setEndpoint(found)
    if (found) setLog((await api('listwebhookdeliveries', { webhookId: id })).deliveries)
  }
  useEffect(() => { setDone(null); setSecret(null); run(load) }, [id])
  const act = (action: string, step: () => Promise<unknown>) => run(async () => {
    await step()
    await load()
    setDone(t('done', { action }))
  })
  const toggle = () => act(endpoint!.enabled ? t('disable') : t('enable'), () => api('updatewebhook', { webhookId: id, enabled: !endpoint!.enabled }))
  const rotate = async () => {
    if (!await ask({ title: t('confirmRotate', { url: endpoint!.url }), body: t('confirmRotateBody'), confirm: t('rotateSecret'), cancel: t('cancel') })) return
    await act(t('rotateSecret'), async () => setSecret((await api('rotatewebhooksecret', { webhookId: id })).secret))
  }
  const remove = async () => {
    if (!await ask({ title: t('confirmDeleteHook', { url: endpoint!.url }), body: t('confirmDeleteHookBody'), confirm: t('delete'), cancel: t('cancel') })) return
    await run(async () => {
      await api('deletewebhook', { webhookId: id })
      location.hash = hashOf('webhooks')
    })
  }
  const redeliver = (d: Delivery) => act(t('redeliver'), () => api('redeliverwebhook', { webhookId: id, deliveryId: d.id }))
  if (endpoint === undefined) return <section><p>{busy ? t('loading') : null}</p><ErrorLine error={error} /></section>
  if (endpoint === null) return <section><p><a href={hashOf('webhooks')}>← {t('backToWebhooks')}</a></p><h2 tabindex={-1}>{t('noWebhook')}</h2></section>
  return (
    <section aria-labelledby="webhook-title">
      <p><a href={hashOf('webhooks')}>← {t('backToWebhooks')}</a></p>
      <h2 tabindex={-1} id="webhook-title" class="url">{endpoint.url}</h2>
      <dl class="facts">
        <dt>{t('id')}</dt><dd><code>{endpoint.id}</code></dd>
        <dt>{t('hookEvents')}</dt><dd>{events(endpoint.events)}</dd>
        <dt>{t('colStatus')}</dt><dd data-testid="webhook-state"><EndpointState t={t} e={endpoint} /></dd>
        <dt>{t('hookFailures')}</dt><dd>{failures(t, endpoint)}</dd>
        <dt>{t('hookDescription')}</dt><dd>{endpoint.description}</dd>
        <dt>{t('colCreated')}</dt><dd>{when(endpoint.createdAt)}</dd>
      </dl>
      <div class="row">
        <button type="button" class="secondary" disabled={busy} onClick={toggle}>{endpoint.enabled ? t('disable') : t('enable')}</button>
        <button type="button" class="secondary" disabled={busy} onClick={rotate}>{t('rotateSecret')}</button>
        <button type="button" class="danger" disabled={busy} onClick={remove}>{t('delete')}</button>
      </div>
      {secret ? <SecretOnce t={t} secret={secret} /> : null}
      {done ? <p role="status" class="ok">{done}</p> : null}
      <ErrorLine error={error} />
      {dialog}
      <h3 id="deliveries-title">{t('deliveries')}</h3>
      <div class="row"><button type="button" class="secondary" disabled={busy} onClick={() => { setDone(null); run(load) }}>{t('refresh')}</button></div>
      <DataTable labelledBy="deliveries-title" className="deliveries" items={log} empty={t('noDeliveries')}
        columns={[t('colWhen'), t('colEvent'), t('colStatus'), t('hookAttempts'), t('hookResponse'), t('hookLastError'), t('hookWebhookId'), t('actions')]}
        row={(d) => (
          <tr key={d.id}>
            <td>{when(d.createdAt)}</td><td><code>{d.eventType}</code></td>
            <td>
              {t(`delivery_${d.status}`)}
              {d.deliveredAt ? <> <small>{when(d.deliveredAt)}</small></> : null}
              {d.nextAttemptAt && d.status === 'pending' ? <> <small>{t('hookNext', { at: when(d.nextAttemptAt)! })}</small></> : null}
            </td>
            <td>{d.attempts}</td>
            <td>{d.lastResponseCode ?? '-'}{d.durationMs !== null ? <> <small>{d.durationMs} ms</small></> : null}</td>
            <td>{d.lastError ?? ''}</td><td><code>{d.id}</code></td>
            <td><button type="button" class="secondary" disabled={busy} aria-label={t('redeliverOne', { id: d.id })} onClick={() => redeliver(d)}>{t('redeliver')}</button></td>
          </tr>
        )}
      />
    </section>
  )
}

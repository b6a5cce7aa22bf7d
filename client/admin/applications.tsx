/**
 * The admins' applications, the OpenID provider's OAuth clients (docs/oidc-provider.md): the list
 * and a form to register one (its secret shown once, kept in this view's memory only), and an
 * application's page (its redirect URIs and scopes edited, the secret rotated, deletion after asking).
 */
import { useEffect, useState } from 'preact/hooks'
import { ErrorLine, useAction, useConfirm } from '../common/ui.js'
import { formatTime } from '../common/i18n.js'
import type { Args } from '../sdk/index.js'
import { api, currentLocale, hashOf, type Answer, type T } from './context.js'
import { DataTable } from './table.js'

type OauthClient = Answer<'listoauthclients'>['clients'][number]
type GrantType = Args<'/v1/admins/createoauthclient'>['grantTypes'][number]
const GRANTS: GrantType[] = ['authorization_code', 'refresh_token', 'client_credentials', 'urn:ietf:params:oauth:grant-type:device_code']

const codes = (list: string[]) => <span class="perms">{list.map((e) => <code key={e}>{e}</code>)}</span>
const lines = (text: FormDataEntryValue | null) => String(text ?? '').split('\n').map((s) => s.trim()).filter(Boolean)
const words = (text: FormDataEntryValue | null) => String(text ?? '').split(/[\s,]+/).filter(Boolean)

/** The client id, and the secret shown once: gone from the page with the view (a reload, another view). */
const SecretOnce = ({ t, clientId, secret }: { t: T, clientId: string, secret: string | null }) => (
  <div role="status" class="secret">
    <p>{t('appClientId')}: <code data-testid="client-id">{clientId}</code></p>
    <p class="ok">{secret ? t('appSecretOnce') : t('appNoSecret')}</p>
    {secret ? <code data-testid="client-secret">{secret}</code> : null}
  </div>
)

export function Applications ({ t }: { t: T }) {
  const { busy, error, run } = useAction()
  const [list, setList] = useState<OauthClient[] | null>(null)
  const [created, setCreated] = useState<{ clientId: string, secret: string | null } | null>(null)
  useEffect(() => { run(async () => setList((await api('listoauthclients')).clients)) }, [])
  const create = (e: Event) => {
    e.preventDefault()
    const form = e.target as HTMLFormElement
    const data = new FormData(form)
    const organizationId = String(data.get('organizationId') ?? '').trim()
    run(async () => {
      const answer = await api('createoauthclient', {
        name: String(data.get('name')).trim(),
        type: data.get('type') === 'public' ? 'public' : 'confidential',
        redirectUris: lines(data.get('redirectUris')),
        grantTypes: data.getAll('grantTypes').map(String) as GrantType[],
        scopes: words(data.get('scopes')),
        ...(organizationId ? { organizationId } : {})
      })
      setCreated({ clientId: answer.client.clientId, secret: answer.clientSecret })
      form.reset()
      setList((await api('listoauthclients')).clients)
    })
  }
  return (
    <section aria-labelledby="applications-title">
      <h2 tabindex={-1} id="applications-title">{t('applications')}</h2>
      <p class="muted">{t('applicationsIntro')}</p>
      <form onSubmit={create} aria-labelledby="new-application-title">
        <h3 id="new-application-title">{t('newApplication')}</h3>
        <label for="app-name">{t('appName')}</label>
        <input id="app-name" name="name" required maxlength={100} autocomplete="off" />
        <label for="app-type">{t('appType')}</label>
        <select id="app-type" name="type">
          <option value="confidential">{t('appConfidential')}</option>
          <option value="public">{t('appPublic')}</option>
        </select>
        <label for="app-redirect-uris">{t('appRedirectUris')}</label>
        <textarea id="app-redirect-uris" name="redirectUris" rows={3} aria-describedby="app-redirect-uris-help" />
        <small id="app-redirect-uris-help">{t('appRedirectUrisHelp')}</small>
        <fieldset>
          <legend>{t('appGrants')}</legend>
          {GRANTS.map((grant) => (
            <label key={grant} class="check">
              <input type="checkbox" name="grantTypes" value={grant} defaultChecked={grant === 'authorization_code'} /> <code>{grant}</code>
            </label>
          ))}
        </fieldset>
        <label for="app-scopes">{t('appScopes')}</label>
        <input id="app-scopes" name="scopes" value="openid" autocomplete="off" aria-describedby="app-scopes-help" />
        <small id="app-scopes-help">{t('appScopesHelp')}</small>
        <label for="app-organization">{t('appOrganization')}</label>
        <input id="app-organization" name="organizationId" autocomplete="off" />
        <button type="submit" disabled={busy}>{t('addApplication')}</button>
      </form>
      {created ? <SecretOnce t={t} clientId={created.clientId} secret={created.secret} /> : null}
      <ErrorLine error={error} />
      <DataTable label={t('applicationsTable')} className="applications" items={list} empty={t('noApplications')}
        columns={[t('appName'), t('appClientId'), t('appType'), t('appGrants'), t('appRedirectUris')]}
        row={(c) => (
          <tr key={c.clientId}>
            <td><a href={hashOf(`applications/${c.clientId}`)}>{c.name}</a></td><td><code>{c.clientId}</code></td>
            <td>{c.type}</td><td>{codes(c.grantTypes)}</td><td>{codes(c.redirectUris)}</td>
          </tr>
        )}
      />
    </section>
  )
}

export function ApplicationPage ({ t, id }: { t: T, id: string }) {
  const { busy, error, run } = useAction()
  const { ask, dialog } = useConfirm()
  const [app, setApp] = useState<OauthClient | null | undefined>(undefined)
  const [secret, setSecret] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const load = async () => setApp((await api('listoauthclients')).clients.find((c) => c.clientId === id) ?? null)
  useEffect(() => { setDone(null); setSecret(null); run(load) }, [id])
  const save = (e: Event) => {
    e.preventDefault()
    const data = new FormData(e.target as HTMLFormElement)
    run(async () => {
      setApp((await api('updateoauthclient', { clientId: id, redirectUris: lines(data.get('redirectUris')), scopes: words(data.get('scopes')) })).client)
      setDone(t('saved'))
    })
  }
  const rotate = async () => {
    if (!await ask({ title: t('confirmRotateClient', { name: app!.name }), body: t('confirmRotateClientBody'), confirm: t('rotateClientSecret'), cancel: t('cancel') })) return
    await run(async () => {
      setSecret((await api('rotateoauthclientsecret', { clientId: id })).clientSecret)
      await load()
      setDone(t('done', { action: t('rotateClientSecret') }))
    })
  }
  const remove = async () => {
    if (!await ask({ title: t('confirmDeleteClient', { name: app!.name }), body: t('confirmDeleteClientBody'), confirm: t('delete'), cancel: t('cancel') })) return
    await run(async () => {
      await api('deleteoauthclient', { clientId: id })
      location.hash = hashOf('applications')
    })
  }
  if (app === undefined) return <section><p>{busy ? t('loading') : null}</p><ErrorLine error={error} /></section>
  if (app === null) return <section><p><a href={hashOf('applications')}>← {t('backToApplications')}</a></p><h2 tabindex={-1}>{t('noApplication')}</h2></section>
  return (
    <section aria-labelledby="application-title">
      <p><a href={hashOf('applications')}>← {t('backToApplications')}</a></p>
      <h2 tabindex={-1} id="application-title">{app.name}</h2>
      <dl class="facts">
        <dt>{t('appClientId')}</dt><dd><code>{app.clientId}</code></dd>
        <dt>{t('appType')}</dt><dd>{app.type}</dd>
        <dt>{t('appGrants')}</dt><dd>{codes(app.grantTypes)}</dd>
        <dt>{t('appOrganization')}</dt><dd>{app.organizationId ? <a href={hashOf(`orgs/${app.organizationId}`)}>{app.organizationId}</a> : '-'}</dd>
        <dt>{t('colCreated')}</dt><dd>{formatTime(currentLocale, app.createdAt)}</dd>
        <dt>{t('appUpdated')}</dt><dd>{formatTime(currentLocale, app.updatedAt)}</dd>
      </dl>
      <form key={app.updatedAt} onSubmit={save} aria-label={t('saveApplication')}>
        <label for="edit-redirect-uris">{t('appRedirectUris')}</label>
        <textarea id="edit-redirect-uris" name="redirectUris" rows={3} aria-describedby="edit-redirect-uris-help" defaultValue={app.redirectUris.join('\n')} />
        <small id="edit-redirect-uris-help">{t('appRedirectUrisHelp')}</small>
        <label for="edit-scopes">{t('appScopes')}</label>
        <input id="edit-scopes" name="scopes" autocomplete="off" defaultValue={app.scopes.join(' ')} aria-describedby="edit-scopes-help" />
        <small id="edit-scopes-help">{t('appScopesHelp')}</small>
        <button type="submit" disabled={busy}>{t('saveApplication')}</button>
      </form>
      <div class="row">
        {app.type === 'confidential'
          ? <button type="button" class="secondary" disabled={busy} onClick={rotate}>{t('rotateClientSecret')}</button>
          : null}
        <button type="button" class="danger" disabled={busy} onClick={remove}>{t('delete')}</button>
      </div>
      {secret ? <SecretOnce t={t} clientId={app.clientId} secret={secret} /> : null}
      {done ? <p role="status" class="ok">{done}</p> : null}
      <ErrorLine error={error} />
      {dialog}
    </section>
  )
}

/** The organizations list (search, pages) and an organization's page (members, roles, API keys, delete). */
import { useEffect, useState } from 'preact/hooks'
import { ErrorLine, useAction, useConfirm } from '../common/ui.js'
import { formatTime } from '../common/i18n.js'
import { api, currentLocale, hashOf, type Answer, type T } from './context.js'
import { DataTable } from './table.js'

type Org = Answer<'getorg'>['organization']
type ApiKey = Answer<'getorg'>['apiKeys'][number]

/** Its badge's class (the users' colours) and its word (feminine in Spanish). */
const orgStatus = (o: Org) => o.deletedAt ? { badge: 'stateDeleted', word: 'orgDeleted' } as const : { badge: 'stateActive', word: 'orgActive' } as const
const keyStatus = (k: ApiKey): 'keyRevoked' | 'keyExpired' | 'keyActive' =>
  k.revokedAt ? 'keyRevoked' : k.expiresAt && Date.parse(k.expiresAt) <= Date.now() ? 'keyExpired' : 'keyActive'
const permissionList = (permissions: string[]) => <span class="perms">{permissions.map((p) => <code key={p}>{p}</code>)}</span>

export function Orgs ({ t, params }: { t: T, params: URLSearchParams }) {
  const q = params.get('q') ?? ''
  const cursor = params.get('cursor') ?? undefined
  const { busy, error, run } = useAction()
  const [page, setPage] = useState<Answer<'listorgs'> | null>(null)
  useEffect(() => { run(async () => setPage(await api('listorgs', { q, cursor }))) }, [q, cursor])
  const search = (e: Event) => {
    e.preventDefault()
    location.hash = hashOf('orgs', { q: String(new FormData(e.target as HTMLFormElement).get('q')).trim() })
  }
  return (
    <section aria-labelledby="orgs-title">
      <h2 tabindex={-1} id="orgs-title">{t('orgs')}</h2>
      <form class="filters" role="search" onSubmit={search}>
        <div>
          <label for="org-search">{t('searchOrgs')}</label>
          <input id="org-search" name="q" type="search" value={q} maxlength={100} autocomplete="off" />
        </div>
        <button type="submit" disabled={busy}>{t('apply')}</button>
      </form>
      <ErrorLine error={error} />
      <DataTable label={t('orgsTable')} className="orgs" items={page?.organizations} empty={t('noOrgs')}
        columns={[t('colName'), t('colSlug'), t('colStatus'), t('colMembers'), t('colCreated')]}
        row={(o) => (
          <tr key={o.id}>
            <td><a href={hashOf(`orgs/${o.id}`)}>{o.name}</a></td>
            <td><code>{o.slug}</code></td>
            <td><span class={`badge ${orgStatus(o).badge}`}>{t(orgStatus(o).word)}</span></td>
            <td>{o.members}</td>
            <td>{formatTime(currentLocale, o.createdAt)}</td>
          </tr>
        )}
      />
      <nav class="row" aria-label={t('orgs')}>
        {cursor ? <a class="button secondary" href={hashOf('orgs', { q })}>{t('firstPage')}</a> : null}
        {page?.nextCursor ? <a class="button secondary" href={hashOf('orgs', { q, cursor: page.nextCursor })}>{t('nextPage')}</a> : null}
      </nav>
    </section>
  )
}

export function OrgPage ({ t, id }: { t: T, id: string }) {
  const { busy, error, run } = useAction()
  const { ask, dialog } = useConfirm()
  const [data, setData] = useState<Answer<'getorg'> | null>(null)
  const [done, setDone] = useState<string | null>(null)
  useEffect(() => { setDone(null); run(async () => setData(await api('getorg', { organizationId: id }))) }, [id])
  const remove = async () => {
    if (!data || !await ask({ title: t('confirmDeleteOrg', { name: data.organization.name }), body: t('confirmDeleteOrgBody'), confirm: t('delete'), cancel: t('cancel') })) return
    await run(async () => {
      await api('deleteorg', { organizationId: id })
      setData(await api('getorg', { organizationId: id }))
      setDone(t('done', { action: t('delete') }))
    })
  }
  if (!data) return <section><p>{busy ? t('loading') : null}</p><ErrorLine error={error} /></section>
  const { organization: org, members, roles, apiKeys } = data
  return (
    <section aria-labelledby="org-title">
      <p><a href={hashOf('orgs')}>← {t('backToOrgs')}</a></p>
      <h2 tabindex={-1} id="org-title">{org.name}</h2>
      <dl class="facts">
        <dt>{t('id')}</dt><dd><code>{org.id}</code></dd>
        <dt>{t('colSlug')}</dt><dd><code>{org.slug}</code></dd>
        <dt>{t('colStatus')}</dt><dd><span class={`badge ${orgStatus(org).badge}`} data-testid="org-status">{t(orgStatus(org).word)}</span></dd>
        <dt>{t('colCreated')}</dt><dd>{formatTime(currentLocale, org.createdAt)}</dd>
        {org.deletedAt ? <><dt>{t('colDeleted')}</dt><dd>{formatTime(currentLocale, org.deletedAt)}</dd></> : null}
      </dl>
      {org.deletedAt
        ? null
        : <div class="row"><button type="button" class="danger" disabled={busy} onClick={remove}>{t('delete')}</button></div>}
      {done ? <p role="status" class="ok">{done}</p> : null}
      <ErrorLine error={error} />
      {dialog}
      <h3 id="members-title">{t('members')}</h3>
      <DataTable labelledBy="members-title" className="members" items={members} empty={t('noMembers')}
        columns={[t('colEmail'), t('colRole'), t('colJoined')]}
        row={(m) => (
          <tr key={m.userId}>
            <td><a href={hashOf(`users/${m.userId}`)}>{m.email}</a></td><td>{m.role}</td><td>{formatTime(currentLocale, m.joinedAt)}</td>
          </tr>
        )}
      />
      <h3 id="roles-title">{t('roles')}</h3>
      <DataTable labelledBy="roles-title" className="roles" items={roles} columns={[t('colName'), t('colPermissions')]}
        row={(r) => (
          <tr key={r.id}>
            <td>{r.name}{r.builtIn ? <> <small>({t('builtIn')})</small></> : null}</td><td>{permissionList(r.permissions)}</td>
          </tr>
        )}
      />
      <h3 id="keys-title">{t('apiKeys')}</h3>
      <DataTable labelledBy="keys-title" className="keys" items={apiKeys} empty={t('noApiKeys')}
        columns={[t('colName'), t('colPrefix'), t('colPermissions'), t('colLastUsed'), t('colExpires'), t('colStatus')]}
        row={(k) => (
          <tr key={k.id}>
            <td>{k.name}</td><td><code>{k.prefix}…</code></td><td>{permissionList(k.permissions)}</td>
            <td>{k.lastUsedAt ? formatTime(currentLocale, k.lastUsedAt) : t('never')}</td>
            <td>{k.expiresAt ? formatTime(currentLocale, k.expiresAt) : t('never')}</td>
            <td>{t(keyStatus(k))}{k.revokedAt ? <> <small>{formatTime(currentLocale, k.revokedAt)}</small></> : null}</td>
          </tr>
        )}
      />
    </section>
  )
}

/** The users list (search, status, pages) and a user's page (devices, factors, actions, profile and metadata). */
import { useEffect, useState } from 'preact/hooks'
import { ErrorLine, useAction, useConfirm } from '../common/ui.js'
import { ProfileForm } from '../common/profile.js'
import { formatTime } from '../common/i18n.js'
import type { Args } from '../sdk/index.js'
import { api, client, currentLocale, hashOf, userStatus, type AdminAction, type Answer, type Session, type T } from './context.js'
import { DataTable } from './table.js'

/** "Chrome on Linux", as the service describes the device's User-Agent; else the raw header. */
function deviceName (t: T, s: Session): string {
  if (s.browser && s.os) return t('browserOn', { browser: s.browser, os: s.os })
  return s.browser ?? s.os ?? s.userAgent ?? ''
}

/** A status of the list; the address's is sent as it is (the service refuses one it does not know, shown as the page's error). */
type Status = NonNullable<Args<'/v1/admins/listusers'>['status']>

export function Users ({ t, params }: { t: T, params: URLSearchParams }) {
  const q = params.get('q') ?? ''
  const status = (params.get('status') ?? 'all') as Status
  const cursor = params.get('cursor') ?? undefined
  const { busy, error, run } = useAction()
  const [page, setPage] = useState<Answer<'listusers'> | null>(null)
  useEffect(() => { run(async () => setPage(await api('listusers', { q, status, cursor }))) }, [q, status, cursor])
  const search = (e: Event) => {
    e.preventDefault()
    const form = new FormData(e.target as HTMLFormElement)
    location.hash = hashOf('users', { q: String(form.get('q')).trim(), status: String(form.get('status')) })
  }
  return (
    <section aria-labelledby="users-title">
      <h2 tabindex={-1} id="users-title">{t('users')}</h2>
      <form class="filters" role="search" onSubmit={search}>
        <div>
          <label for="user-search">{t('search')}</label>
          <input id="user-search" name="q" type="search" value={q} autocomplete="off" />
        </div>
        <div>
          <label for="user-status">{t('status')}</label>
          <select id="user-status" name="status" value={status}>
            <option value="all">{t('statusAll')}</option>
            <option value="active">{t('statusActive')}</option>
            <option value="inactive">{t('statusInactive')}</option>
            <option value="deleted">{t('statusDeleted')}</option>
          </select>
        </div>
        <button type="submit" disabled={busy}>{t('apply')}</button>
      </form>
      <ErrorLine error={error} />
      <DataTable label={t('usersTable')} items={page?.users} empty={t('noUsers')}
        columns={[t('colEmail'), t('colStatus'), t('colLogins'), t('colLastLogin'), t('colCreated')]}
        row={(u) => (
          <tr key={u.id}>
            <td><a href={hashOf(`users/${u.id}`)}>{u.email}</a> <small>({u.isEmailConfirmed ? t('confirmed') : t('unconfirmed')})</small></td>
            <td><span class={`badge ${userStatus(u)}`}>{t(userStatus(u))}</span></td>
            <td>{u.loginCount}</td>
            <td>{formatTime(currentLocale, u.lastLoginAt)}</td>
            <td>{formatTime(currentLocale, u.createdAt)}</td>
          </tr>
        )}
      />
      <nav class="row" aria-label={t('users')}>
        {cursor ? <a class="button secondary" href={hashOf('users', { q, status })}>{t('firstPage')}</a> : null}
        {page?.nextCursor ? <a class="button secondary" href={hashOf('users', { q, status, cursor: page.nextCursor })}>{t('nextPage')}</a> : null}
      </nav>
    </section>
  )
}

/** The actions on a user (`userId` their one argument). */
type UserAction = Extract<AdminAction, 'activateuser' | 'deactivateuser' | 'signoutuser' | 'resetuserfactors' | 'confirmuseremail' | 'restoreuser' | 'deleteuser'>

/** The actions that take something away from the user: each asks first (title and consequence). */
const DESTRUCTIVE = {
  deactivateuser: ['confirmDeactivate', 'confirmDeactivateBody'],
  signoutuser: ['confirmSignOutUser', 'confirmSignOutUserBody'],
  resetuserfactors: ['confirmResetFactors', 'confirmResetFactorsBody'],
  deleteuser: ['confirmDelete', 'confirmDeleteBody']
} as const

export function UserPage ({ t, id }: { t: T, id: string }) {
  const { busy, error, run } = useAction()
  const { ask, dialog } = useConfirm()
  const [data, setData] = useState<Answer<'getuser'> | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const load = () => run(async () => setData(await api('getuser', { userId: id })))
  useEffect(() => { setDone(null); load() }, [id])
  const act = async (route: UserAction, label: string) => {
    const question = DESTRUCTIVE[route as keyof typeof DESTRUCTIVE]
    if (question && data) {
      const [title, body] = question
      if (!await ask({ title: t(title, { email: data.user.email }), body: t(body), confirm: label, cancel: t('cancel') })) return
    }
    await run(async () => {
      await api(route, { userId: id })
      setData(await api('getuser', { userId: id }))
      setDone(t('done', { action: label }))
    })
  }
  if (!data) return <section><p>{busy ? t('loading') : null}</p><ErrorLine error={error} /></section>
  const { user, sessions, factors } = data
  const actions: Array<[UserAction, string]> = [
    user.isActive ? ['deactivateuser', t('deactivate')] : ['activateuser', t('activate')],
    ['signoutuser', t('signOutUser')],
    ['resetuserfactors', t('resetFactors')],
    ...(user.isEmailConfirmed ? [] : [['confirmuseremail', t('confirmEmail')] as [UserAction, string]]),
    user.deletedAt ? ['restoreuser', t('restore')] : ['deleteuser', t('delete')]
  ]
  return (
    <section aria-labelledby="user-title">
      <p><a href={hashOf('users')}>← {t('backToUsers')}</a></p>
      <h2 tabindex={-1} id="user-title">{user.email}</h2>
      <dl class="facts">
        <dt>{t('id')}</dt><dd><code>{user.id}</code></dd>
        <dt>{t('colStatus')}</dt><dd><span class={`badge ${userStatus(user)}`} data-testid="user-status">{t(userStatus(user))}</span></dd>
        <dt>{t('email')}</dt><dd>{user.isEmailConfirmed ? t('confirmed') : t('unconfirmed')}</dd>
        <dt>{t('colLogins')}</dt><dd>{user.loginCount}</dd>
        <dt>{t('colLastLogin')}</dt><dd>{formatTime(currentLocale, user.lastLoginAt)}</dd>
        <dt>{t('tokenVersion')}</dt><dd>{user.tokenVersion}</dd>
      </dl>
      <h3>{t('actions')}</h3>
      <div class="row">
        {actions.map(([route, label]) => <button type="button" key={route} class={route === 'deleteuser' ? 'danger' : ''} disabled={busy} onClick={() => act(route, label)}>{label}</button>)}
      </div>
      {done ? <p role="status" class="ok">{done}</p> : null}
      <ErrorLine error={error} />
      {dialog}
      <h3>{t('devices')}</h3>
      {sessions.length === 0
        ? <p>{t('noDevices')}</p>
        : (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('colDevice')}</th><th scope="col">{t('colIp')}</th><th scope="col">{t('colAal')}</th>
                <th scope="col">{t('colCreated')}</th><th scope="col">{t('colLastUsed')}</th><th scope="col">{t('colExpires')}</th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s.id}>
                  <td title={s.userAgent ?? ''}>{deviceName(t, s)}<br /><small>{s.client}{s.platform ? ` · ${s.platform}` : ''}</small></td>
                  <td>{s.ipAddress ?? '-'}</td><td>{s.aal}</td>
                  <td>{formatTime(currentLocale, s.createdAt)}</td><td>{formatTime(currentLocale, s.lastUsedAt)}</td><td>{formatTime(currentLocale, s.expiresAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          )}
      <h3>{t('factors')}</h3>
      {factors === undefined
        ? <p class="muted">{t('factorsUnknown')}</p>
        : factors.length === 0
          ? <p>{t('noFactors')}</p>
          : <ul class="list">{factors.map((f) => <li key={f.id}>{f.type} · {f.name ?? ''} · {f.status} · {formatTime(currentLocale, f.createdAt)}</li>)}</ul>}
      <h3>{t('profile')}</h3>
      <ProfileForm t={t} id="profile" account={user} metadata={['userMetadata', 'appMetadata']} save={async (changes) => {
        // Not api(), which leaves blank arguments out: here '' clears a field.
        const args: Args<'/v1/admins/updateuser'> = { userId: id, ...changes }
        const answer = await client.call('updateuser', args) as Answer<'updateuser'>
        setData((d) => d && { ...d, user: answer.user })
      }} />
      <p><a href={hashOf('audit', { accountType: 'user', accountId: user.id })}>{t('userEvents')}</a></p>
    </section>
  )
}

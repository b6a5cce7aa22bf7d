/** Signed in: the account (sign-outs, a passkey, its profile), its devices, and the live feed with publish. */
import { useEffect, useState } from 'preact/hooks'
import type { RoomEvent, SocketStatus } from '../sdk/index.js'
import { ErrorLine, leave, useAction, useConfirm } from '../common/ui.js'
import { ProfileForm } from '../common/profile.js'
import { formatTime, type Locale } from '../common/i18n.js'
import { api, client, field, type FeedItem, type Session, type T, type User } from './context.js'

export function Account ({ t, user }: { t: T, user: User }) {
  const { busy, error, run } = useAction()
  const { ask, dialog } = useConfirm()
  const [added, setAdded] = useState<string | null>(null)
  const signOutAll = async () => {
    if (!await ask({ title: t('confirmSignOutAll'), body: t('confirmSignOutAllBody'), confirm: t('signOutAll'), cancel: t('cancel') })) return
    await run(() => leave(() => client.logoutAll()))
  }
  const addPasskey = (e: Event) => {
    e.preventDefault()
    const name = String(new FormData(e.target as HTMLFormElement).get('name') || 'Passkey')
    run(async () => {
      await client.passkeyRegister({ name })
      setAdded(name)
    })
  }
  return (
    <section aria-labelledby="account-title">
      <h2 id="account-title">{t('account')}</h2>
      <p>{t('signedInAs', { email: user.email })}</p>
      <div class="row">
        <button type="button" disabled={busy} onClick={() => run(() => leave(() => client.logout()))}>{t('signOut')}</button>
        <button type="button" disabled={busy} onClick={signOutAll}>{t('signOutAll')}</button>
      </div>
      <form onSubmit={addPasskey}>
        {field('passkey-name', t('passkeyName'), { name: 'name', maxlength: 64, placeholder: 'Laptop' })}
        <button type="submit" disabled={busy}>{t('addPasskey')}</button>
        {added ? <p role="status">{t('passkeyAdded', { name: added })}</p> : null}
      </form>
      <ErrorLine error={error} />
      {dialog}
    </section>
  )
}

/**
 * The account's profile and userMetadata, saved by the SDK's updateProfile: the form shows the
 * account it answers (the one `client.user` holds from then on).
 */
export function Profile ({ t, user }: { t: T, user: User }) {
  const [account, setAccount] = useState(user)
  return (
    <section aria-labelledby="profile-title">
      <h2 id="profile-title">{t('profile')}</h2>
      <ProfileForm t={t} id="profile" account={account} metadata={['userMetadata']}
        save={async (changes) => setAccount(await client.updateProfile(changes))} />
    </section>
  )
}

/** "Chrome on Linux", as the service describes the device's User-Agent; else what the client said of itself. */
function deviceName (t: T, s: Session): string {
  if (s.browser && s.os) return t('browserOn', { browser: s.browser, os: s.os })
  return s.browser ?? s.os ?? t('device', { client: s.client, platform: s.platform ?? 'web' })
}

export function Devices ({ t, locale }: { t: T, locale: Locale }) {
  const { busy, error, run } = useAction()
  const [sessions, setSessions] = useState<Session[]>([])
  const load = () => run(async () => setSessions(await client.listSessions()))
  useEffect(() => { load() }, [])
  const { ask, dialog } = useConfirm()
  const revoke = async (id: string) => {
    const current = !!sessions.find((s) => s.id === id)?.current
    const sure = await ask(current
      ? { title: t('confirmRevokeCurrent'), body: t('confirmRevokeCurrentBody'), confirm: t('signOut'), cancel: t('cancel') }
      : { title: t('confirmRevoke'), body: t('confirmRevokeBody'), confirm: t('revoke'), cancel: t('cancel') })
    if (!sure) return
    await run(async () => {
      // This device's own id is a sign-out of its own.
      if (current) return await leave(() => client.revokeSession(id))
      await client.revokeSession(id)
      setSessions(await client.listSessions())
    })
  }
  return (
    <section aria-labelledby="devices-title">
      <h2 id="devices-title">{t('devices')}</h2>
      <button type="button" disabled={busy} onClick={load}>{t('refresh')}</button>
      <ul class="list" aria-label={t('devices')}>
        {sessions.map((s) => (
          <li key={s.id} class="device">
            <span>
              <strong title={s.userAgent ?? ''}>{deviceName(t, s)}</strong>
              {s.current ? <> <em>({t('thisDevice')})</em></> : null}
              <br /><small>{t('created', { when: formatTime(locale, s.createdAt) })}{s.lastUsedAt ? ` · ${t('lastUsed', { when: formatTime(locale, s.lastUsedAt) })}` : ''}</small>
            </span>
            <button type="button" disabled={busy} aria-label={`${t('revoke')}: ${deviceName(t, s)}`} onClick={() => revoke(s.id)}>{t('revoke')}</button>
          </li>
        ))}
      </ul>
      <ErrorLine error={error} />
      {dialog}
    </section>
  )
}

const SOCKET_STATES = { connecting: 'connecting', open: 'connected', reconnecting: 'reconnecting', closed: 'closed', 'signed-out': 'closed' } as const

export function Feed ({ t, locale }: { t: T, locale: Locale }) {
  const { busy, error, run } = useAction()
  const [items, setItems] = useState<FeedItem[]>([])
  const [state, setState] = useState<SocketStatus>('connecting')
  useEffect(() => {
    // The SDK's socket joins FEED once authenticated and again after each reconnection.
    const socket = client.socket({ rooms: ['FEED'] })
    socket.onStatus(setState)
    socket.onEvent((frame: RoomEvent) => {
      if (frame.room === 'FEED' && frame.event === 'POST_PUBLISHED') setItems((list) => [frame.data as FeedItem, ...list].slice(0, 50))
    })
    return () => socket.close()
  }, [])
  const publish = (e: Event) => {
    e.preventDefault()
    const form = e.target as HTMLFormElement
    const title = String(new FormData(form).get('title')).trim()
    run(async () => {
      const created = await api('/v1/posts/create', { title })
      await api('/v1/posts/publish', { postId: created.post.id })
      form.reset()
    })
  }
  return (
    <section aria-labelledby="feed-title">
      <h2 id="feed-title">{t('feed')}</h2>
      <p role="status" class="muted" data-state={state}>{t('feedState', { state: t(SOCKET_STATES[state]) })}</p>
      <form onSubmit={publish}>
        {field('post-title', t('postTitle'), { name: 'title', required: true, maxlength: 200 })}
        <button type="submit" disabled={busy}>{t('publish')}</button>
        <ErrorLine error={error} />
      </form>
      <ol class="list" aria-label={t('feed')} aria-live="polite">
        {items.length === 0 ? <li class="muted">{t('noPosts')}</li> : null}
        {items.map((p) => <li key={p.postId} class="post"><strong>{p.title}</strong> <small>{t('published', { when: formatTime(locale, p.publishedAt) })}</small></li>)}
      </ol>
    </section>
  )
}

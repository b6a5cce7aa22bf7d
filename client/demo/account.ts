/** Signed in: the account (sign-outs, a passkey), its devices, and the live feed with publish. */
import { useEffect, useState } from 'preact/hooks'
import type { RoomEvent, SocketStatus } from '../sdk/index.js'
import { ErrorLine, html, leave, useAction } from '../common/ui.js'
import { formatTime, type Locale } from '../common/i18n.js'
import { api, client, field, type FeedItem, type Session, type T, type User } from './context.js'

export function Account ({ t, user }: { t: T, user: User }) {
  const { busy, error, run } = useAction()
  const [added, setAdded] = useState<string | null>(null)
  const addPasskey = (e: Event) => {
    e.preventDefault()
    const name = String(new FormData(e.target as HTMLFormElement).get('name') || 'Passkey')
    run(async () => {
      await client.passkeyRegister({ name })
      setAdded(name)
    })
  }
  return html`<section aria-labelledby="account-title">
    <h2 id="account-title">${t('account')}</h2>
    <p>${t('signedInAs', { email: user.email })}</p>
    <div class="row">
      <button type="button" disabled=${busy} onClick=${() => run(() => leave(() => client.logout()))}>${t('signOut')}</button>
      <button type="button" disabled=${busy} onClick=${() => run(() => leave(() => client.logoutAll()))}>${t('signOutAll')}</button>
    </div>
    <form onSubmit=${addPasskey}>
      ${field('passkey-name', t('passkeyName'), { name: 'name', maxlength: 64, placeholder: 'Laptop' })}
      <button type="submit" disabled=${busy}>${t('addPasskey')}</button>
      ${added ? html`<p role="status">${t('passkeyAdded', { name: added })}</p>` : null}
    </form>
    <${ErrorLine} error=${error} />
  </section>`
}

export function Devices ({ t, locale }: { t: T, locale: Locale }) {
  const { busy, error, run } = useAction()
  const [sessions, setSessions] = useState<Session[]>([])
  const load = () => run(async () => setSessions(await client.listSessions()))
  useEffect(() => { load() }, [])
  const revoke = (id: string) => run(async () => {
    // This device's own id is a sign-out of its own.
    if (sessions.find((s) => s.id === id)?.current) return await leave(() => client.revokeSession(id))
    await client.revokeSession(id)
    setSessions(await client.listSessions())
  })
  return html`<section aria-labelledby="devices-title">
    <h2 id="devices-title">${t('devices')}</h2>
    <button type="button" disabled=${busy} onClick=${load}>${t('refresh')}</button>
    <ul class="list" aria-label=${t('devices')}>
      ${sessions.map((s) => html`<li key=${s.id} class="device">
        <span><strong>${t('device', { client: s.client, platform: s.platform ?? 'web' })}</strong>
          ${s.current ? html` <em>(${t('thisDevice')})</em>` : null}
          <br /><small>${s.userAgent ?? ''}</small>
          <br /><small>${t('created', { when: formatTime(locale, s.createdAt) })}${s.lastUsedAt ? ` · ${t('lastUsed', { when: formatTime(locale, s.lastUsedAt) })}` : ''}</small></span>
        <button type="button" disabled=${busy} aria-label=${`${t('revoke')}: ${s.userAgent ?? s.id}`} onClick=${() => revoke(s.id)}>${t('revoke')}</button>
      </li>`)}
    </ul>
    <${ErrorLine} error=${error} />
  </section>`
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
  return html`<section aria-labelledby="feed-title">
    <h2 id="feed-title">${t('feed')}</h2>
    <p role="status" class="muted" data-state=${state}>${t('feedState', { state: t(SOCKET_STATES[state]) })}</p>
    <form onSubmit=${publish}>
      ${field('post-title', t('postTitle'), { name: 'title', required: true, maxlength: 200 })}
      <button type="submit" disabled=${busy}>${t('publish')}</button>
      <${ErrorLine} error=${error} />
    </form>
    <ol class="list" aria-label=${t('feed')} aria-live="polite">
      ${items.length === 0 ? html`<li class="muted">${t('noPosts')}</li>` : null}
      ${items.map((p) => html`<li key=${p.postId} class="post"><strong>${p.title}</strong> <small>${t('published', { when: formatTime(locale, p.publishedAt) })}</small></li>`)}
    </ol>
  </section>`
}

/**
 * The demo app at /demo/: every way in that the service has (password, second factor, passkey,
 * providers, a mailed link), the account's devices, and a live feed of published posts. Built on
 * the SDK alone: the page never sees the refresh token, and keeps the access token nowhere.
 */
import { h, render } from 'preact'
import { useCallback, useEffect, useRef, useState } from 'preact/hooks'
import htm from 'htm'
import { createClient, type AuthState, type RoomEvent, type SocketStatus } from '../sdk/index.js'
import { MESSAGES } from './messages.js'
import { LOCALES, formatTime, pickLocale, saveLocale, translator, type Locale } from '../shared/i18n.js'

const html = htm.bind(h)
const LOCALE_KEY = 'latchkey-demo-locale'
const client = createClient({ kind: 'users', lang: pickLocale(LOCALE_KEY) })

type T = ReturnType<typeof translator<typeof MESSAGES.en>>
type User = { id: string, email: string }
type Session = { id: string, client: string, platform: string | null, userAgent: string | null, createdAt: string, lastUsedAt: string | null, current: boolean }
type Factor = { id: string, type: string, name: string | null }
type Provider = { name: string, label: string, available: boolean }
type FeedItem = { postId: string, title: string, publishedAt: string }

/** True while this page signs itself out: the sign-out that follows is not an ended session. */
let leaving = false
async function leave (signOut: () => Promise<unknown>): Promise<void> {
  leaving = true
  try { await signOut() } finally { leaving = false }
}

const errorText = (err: unknown): string => {
  const e = err as { message?: string, code?: string, error?: string }
  return e?.message ?? e?.code ?? e?.error ?? String(err)
}

/** Runs `action`, showing its error under the form; `busy` disables the form's button meanwhile. */
function useAction () {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const run = useCallback(async (action: () => Promise<unknown>) => {
    setBusy(true)
    setError(null)
    try { await action() } catch (err) { setError(errorText(err)) } finally { setBusy(false) }
  }, [])
  return { busy, error, run }
}

const ErrorLine = ({ error }: { error: string | null }) => error ? html`<p class="error" role="alert">${error}</p>` : null

const field = (id: string, label: string, props: Record<string, unknown>) => html`
  <label for=${id}>${label}</label>
  <input id=${id} ...${props} />`

function SignUp ({ t }: { t: T }) {
  const { busy, error, run } = useAction()
  const submit = (e: Event) => {
    e.preventDefault()
    const form = new FormData(e.target as HTMLFormElement)
    run(() => client.register({ email: String(form.get('email')), password: String(form.get('password')) }))
  }
  return html`<section aria-labelledby="signup-title">
    <h2 id="signup-title">${t('signUp')}</h2>
    <form onSubmit=${submit}>
      ${field('signup-email', t('email'), { name: 'email', type: 'email', autocomplete: 'email', required: true })}
      ${field('signup-password', t('password'), { name: 'password', type: 'password', autocomplete: 'new-password', required: true, minlength: 8 })}
      <button type="submit" disabled=${busy}>${t('createAccount')}</button>
      <${ErrorLine} error=${error} />
    </form>
  </section>`
}

type Mfa = { mfaToken: string, factors: Factor[] }
/** A first step's answer: the second step it asks for, if any. */
const mfaOf = (result: any): Mfa | null =>
  result?.mfaRequired ? { mfaToken: result.mfaToken, factors: (result.factors ?? []).filter((f: Factor) => f.type === 'totp') } : null

function SignIn ({ t, providers, pending }: { t: T, providers: Provider[], pending: Mfa | null }) {
  const { busy, error, run } = useAction()
  const [mfa, setMfa] = useState<Mfa | null>(pending)
  const [linkSent, setLinkSent] = useState(false)

  const password = (e: Event) => {
    e.preventDefault()
    const form = new FormData(e.target as HTMLFormElement)
    run(async () => {
      setMfa(mfaOf(await client.login({ email: String(form.get('email')), password: String(form.get('password')) })))
    })
  }
  const second = (e: Event) => {
    e.preventDefault()
    const form = new FormData(e.target as HTMLFormElement)
    const code = String(form.get('code') ?? '').trim()
    const recoveryCode = String(form.get('recoveryCode') ?? '').trim()
    run(async () => {
      const factorId = String(form.get('factorId') ?? '') || mfa!.factors[0]?.id
      await client.verifyMfa({ mfaToken: mfa!.mfaToken, ...(code ? { code, factorId } : {}), ...(recoveryCode && !code ? { recoveryCode } : {}) })
      setMfa(null)
    })
  }
  const link = (e: Event) => {
    e.preventDefault()
    const form = new FormData(e.target as HTMLFormElement)
    run(async () => {
      await client.requestSignInLink(String(form.get('email')))
      setLinkSent(true)
    })
  }
  const useLink = (e: Event) => {
    e.preventDefault()
    const form = new FormData(e.target as HTMLFormElement)
    run(async () => setMfa(mfaOf(await client.signInWithLink(String(form.get('token')).trim()))))
  }

  if (mfa) {
    return html`<section aria-labelledby="mfa-title">
      <h2 id="mfa-title">${t('secondFactor')}</h2>
      <form key="mfa" onSubmit=${second}>
        ${mfa.factors.length > 1 ? html`<label for="mfa-factor">${t('authenticator')}</label>
          <select id="mfa-factor" name="factorId">${mfa.factors.map((f) => html`<option value=${f.id}>${f.name ?? f.type}</option>`)}</select>` : null}
        ${field('mfa-code', t('code'), { name: 'code', inputmode: 'numeric', autocomplete: 'one-time-code', pattern: '[0-9]{6}' })}
        ${field('mfa-recovery', t('recoveryCode'), { name: 'recoveryCode', autocomplete: 'off' })}
        <button type="submit" disabled=${busy}>${t('verify')}</button>
        <${ErrorLine} error=${error} />
      </form>
    </section>`
  }
  return html`<section aria-labelledby="signin-title">
    <h2 id="signin-title">${t('signIn')}</h2>
    <form key="password" onSubmit=${password}>
      ${field('signin-email', t('email'), { name: 'email', type: 'email', autocomplete: 'username webauthn', required: true })}
      ${field('signin-password', t('password'), { name: 'password', type: 'password', autocomplete: 'current-password', required: true })}
      <button type="submit" disabled=${busy}>${t('signInPassword')}</button>
    </form>
    <h3>${t('passkey')}</h3>
    <button type="button" disabled=${busy} onClick=${() => run(() => client.passkeyLogin())}>${t('signInPasskey')}</button>
    <h3>${t('providers')}</h3>
    ${providers.length
      ? html`<ul class="plain">${providers.map((p) => html`<li key=${p.name}>
          <button type="button" disabled=${busy || !p.available}
            onClick=${() => run(async () => client.signInWithProvider(p.name, { redirectTo: `${location.origin}${location.pathname}` }))}>
            ${t('continueWith', { label: p.label })}</button></li>`)}</ul>`
      : html`<p>${t('noProviders')}</p>`}
    <h3>${t('signInLink')}</h3>
    <form onSubmit=${link}>
      ${field('link-email', t('email'), { name: 'email', type: 'email', autocomplete: 'email', required: true })}
      <button type="submit" disabled=${busy}>${t('sendLink')}</button>
      ${linkSent ? html`<p role="status">${t('linkSent')}</p>` : null}
    </form>
    <form onSubmit=${useLink}>
      ${field('link-token', t('linkToken'), { name: 'token', autocomplete: 'off', required: true })}
      <button type="submit" disabled=${busy}>${t('useLink')}</button>
    </form>
    <${ErrorLine} error=${error} />
  </section>`
}

function Account ({ t, user }: { t: T, user: User }) {
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

function Devices ({ t, locale }: { t: T, locale: Locale }) {
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

function Feed ({ t, locale }: { t: T, locale: Locale }) {
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

/** A JSON call with the access token (the SDK's fetch refreshes it when needed); an error body throws. */
async function api (path: string, body: Record<string, unknown>): Promise<any> {
  const res = await client.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const json = await res.json()
  if (!res.ok) throw Object.assign(new Error(json.message ?? json.error), { code: json.error, status: res.status })
  return json
}

function App () {
  const [locale, setLocale] = useState<Locale>(pickLocale(LOCALE_KEY))
  const [user, setUser] = useState<User | null | undefined>(undefined)
  const [ended, setEnded] = useState(false)
  const signedIn = useRef(false)
  const [providers, setProviders] = useState<Provider[]>([])
  const [startError, setStartError] = useState<string | null>(null)
  const [pending, setPending] = useState<Mfa | null>(null)
  const t = translator(MESSAGES[locale])

  useEffect(() => {
    saveLocale(LOCALE_KEY, locale)
    client.setLang(locale)
  }, [locale])
  useEffect(() => {
    const off = client.onAuthChange((state: AuthState) => {
      const now = state.user as User | null
      setUser(now)
      // Ended: signed out while signed in, not by this page's own sign-out (revoked, expired, another tab).
      if (!now && signedIn.current && !leaving) setEnded(true)
      if (now) setEnded(false)
      signedIn.current = !!now
    })
    client.listProviders().then(setProviders).catch(() => {})
    // Back from a provider (?code= or ?error=) or opened by a mailed link (?token=): trade it for
    // a session; else the session this origin may have already (the cookie).
    const params = new URLSearchParams(location.search)
    const token = params.get('token')
    if (token) history.replaceState(history.state, '', location.pathname)
    const start = params.has('code') || params.has('error')
      ? client.completeOAuth()
      : token ? client.signInWithLink(token) : client.restore()
    Promise.resolve(start)
      .then((result: unknown) => setPending(mfaOf(result)))
      .catch((err: unknown) => setStartError(errorText(err)))
      .finally(() => setUser((u) => u === undefined ? (client.user as User | null) : u))
    return off
  }, [])

  return html`<header>
      <h1>${t('title')}</h1>
      <p role="status" class="who">${user ? t('signedInAs', { email: user.email }) : t('signedOut')}</p>
      <div class="lang">
        <label for="language">${t('language')}</label>
        <select id="language" value=${locale} onChange=${(e: Event) => setLocale((e.target as HTMLSelectElement).value as Locale)}>
          ${LOCALES.map((l) => html`<option value=${l}>${l === 'en' ? 'English' : 'Español'}</option>`)}
        </select>
      </div>
    </header>
    <main>
      ${ended ? html`<p class="error" role="alert">${t('sessionEnded')}</p>` : null}
      <${ErrorLine} error=${startError} />
      ${user === undefined
        ? null
        : user
          ? html`<div class="grid"><${Account} t=${t} user=${user} /><${Devices} t=${t} locale=${locale} /><${Feed} t=${t} locale=${locale} /></div>`
          : html`<div class="grid"><${SignIn} t=${t} providers=${providers} pending=${pending} /><${SignUp} t=${t} /></div>`}
    </main>`
}

render(html`<${App} />`, document.getElementById('app')!)

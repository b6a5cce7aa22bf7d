/**
 * The admin console at /admin/: an admin signs in (password, second factor, passkey), then finds
 * users, opens one (devices, factors, the lifecycle actions), reads the audit log and the chart
 * of sign-in activity. Hash routes (#/users, #/users/<id>, #/audit, #/activity) keep every view
 * a real link; the access token lives in the SDK's memory only.
 */
import { h, render } from 'preact'
import { useCallback, useEffect, useRef, useState } from 'preact/hooks'
import htm from 'htm'
import { createClient, type AuthState } from '../sdk/index.js'
import { MESSAGES } from './messages.js'
import { AUDIT_EVENTS } from './events.js'
import { drawChart, totals, type StatsBucket } from './chart.js'
import { LOCALES, formatTime, pickLocale, saveLocale, translator, type Locale } from '../shared/i18n.js'

const html = htm.bind(h)
const LOCALE_KEY = 'latchkey-admin-locale'
const client = createClient({ kind: 'admins', lang: pickLocale(LOCALE_KEY) })

type T = ReturnType<typeof translator<typeof MESSAGES.en>>
type Admin = { id: string, email: string }
type User = {
  id: string, email: string, isActive: boolean, isEmailConfirmed: boolean, loginCount: number,
  lastLoginAt: string | null, createdAt: string, deletedAt: string | null, tokenVersion: number
}
type Session = { id: string, client: string, platform: string | null, aal: string, userAgent: string | null, ipAddress: string | null, createdAt: string, lastUsedAt: string | null, expiresAt: string }
type Factor = { id: string, type: string, name: string | null, status: string, createdAt: string, lastUsedAt: string | null }
type AuditEvent = { id: string, createdAt: string, event: string, accountType: string, accountId: string | null, actorType: string | null, actorId: string | null, ipAddress: string | null, data: Record<string, unknown> }

let currentLocale: Locale = pickLocale(LOCALE_KEY)

/** True while this page signs itself out: the sign-out that follows is not an ended session. */
let leaving = false
async function leave (signOut: () => Promise<unknown>): Promise<void> {
  leaving = true
  try { await signOut() } finally { leaving = false }
}

const errorText = (err: unknown): string => {
  const e = err as { message?: string, code?: string }
  return e?.message ?? e?.code ?? String(err)
}

/** An admin route through the SDK (token added, refreshed on need), empty arguments left out; its body, or a LatchkeyError. */
async function api (action: string, args: Record<string, unknown> = {}): Promise<any> {
  const given = Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined && value !== '' && value !== null))
  return await client.call(action, given)
}

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

/** The route of the location's hash: `#/users/<id>?a=b` -> ['users', '<id>'] and its parameters. */
function parseHash (): { path: string[], params: URLSearchParams } {
  const [path, query] = location.hash.replace(/^#\/?/, '').split('?')
  return { path: path.split('/').filter(Boolean), params: new URLSearchParams(query ?? '') }
}

function useRoute () {
  const [route, setRoute] = useState(parseHash())
  useEffect(() => {
    const on = () => setRoute(parseHash())
    window.addEventListener('hashchange', on)
    return () => window.removeEventListener('hashchange', on)
  }, [])
  return route
}

const hashOf = (path: string, params: Record<string, string | undefined> = {}) => {
  const query = new URLSearchParams(Object.entries(params).filter(([, v]) => v) as Array<[string, string]>).toString()
  return `#/${path}${query ? `?${query}` : ''}`
}

const userStatus = (u: User): 'stateDeleted' | 'stateActive' | 'stateInactive' =>
  u.deletedAt ? 'stateDeleted' : u.isActive ? 'stateActive' : 'stateInactive'

function SignIn ({ t }: { t: T }) {
  const { busy, error, run } = useAction()
  const [mfa, setMfa] = useState<{ mfaToken: string, factors: Factor[] } | null>(null)
  const password = (e: Event) => {
    e.preventDefault()
    const form = new FormData(e.target as HTMLFormElement)
    run(async () => {
      const result = await client.login({ email: String(form.get('email')), password: String(form.get('password')) })
      if (result?.mfaRequired) setMfa({ mfaToken: result.mfaToken, factors: (result.factors ?? []).filter((f: Factor) => f.type === 'totp') })
    })
  }
  const second = (e: Event) => {
    e.preventDefault()
    const form = new FormData(e.target as HTMLFormElement)
    const code = String(form.get('code') ?? '').trim()
    const recoveryCode = String(form.get('recoveryCode') ?? '').trim()
    const factorId = String(form.get('factorId') ?? '') || mfa!.factors[0]?.id
    run(() => client.verifyMfa({ mfaToken: mfa!.mfaToken, ...(code ? { code, factorId } : {}), ...(recoveryCode && !code ? { recoveryCode } : {}) }))
  }
  return html`<section class="card narrow" aria-labelledby="signin-title">
    <h2 tabindex="-1" id="signin-title">${mfa ? t('secondFactor') : t('adminSignIn')}</h2>
    ${mfa
      ? html`<form key="mfa" onSubmit=${second}>
          ${mfa.factors.length > 1 ? html`<label for="mfa-factor">${t('authenticator')}</label>
            <select id="mfa-factor" name="factorId">${mfa.factors.map((f) => html`<option value=${f.id}>${f.name ?? f.type}</option>`)}</select>` : null}
          <label for="mfa-code">${t('code')}</label>
          <input id="mfa-code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" />
          <label for="mfa-recovery">${t('recoveryCode')}</label>
          <input id="mfa-recovery" name="recoveryCode" autocomplete="off" />
          <button type="submit" disabled=${busy}>${t('verify')}</button>
        </form>`
      : html`<form key="password" onSubmit=${password}>
          <label for="signin-email">${t('email')}</label>
          <input id="signin-email" name="email" type="email" autocomplete="username webauthn" required />
          <label for="signin-password">${t('password')}</label>
          <input id="signin-password" name="password" type="password" autocomplete="current-password" required />
          <button type="submit" disabled=${busy}>${t('signInPassword')}</button>
        </form>
        <button type="button" class="secondary" disabled=${busy} onClick=${() => run(() => client.passkeyLogin())}>${t('signInPasskey')}</button>`}
    <${ErrorLine} error=${error} />
  </section>`
}

function Users ({ t, params }: { t: T, params: URLSearchParams }) {
  const q = params.get('q') ?? ''
  const status = params.get('status') ?? 'all'
  const cursor = params.get('cursor') ?? undefined
  const { busy, error, run } = useAction()
  const [page, setPage] = useState<{ users: User[], nextCursor: string | null } | null>(null)
  useEffect(() => { run(async () => setPage(await api('listusers', { q, status, cursor }))) }, [q, status, cursor])
  const search = (e: Event) => {
    e.preventDefault()
    const form = new FormData(e.target as HTMLFormElement)
    location.hash = hashOf('users', { q: String(form.get('q')).trim(), status: String(form.get('status')) })
  }
  return html`<section aria-labelledby="users-title">
    <h2 tabindex="-1" id="users-title">${t('users')}</h2>
    <form class="filters" role="search" onSubmit=${search}>
      <div><label for="user-search">${t('search')}</label>
        <input id="user-search" name="q" type="search" value=${q} autocomplete="off" /></div>
      <div><label for="user-status">${t('status')}</label>
        <select id="user-status" name="status" value=${status}>
          <option value="all">${t('statusAll')}</option>
          <option value="active">${t('statusActive')}</option>
          <option value="inactive">${t('statusInactive')}</option>
          <option value="deleted">${t('statusDeleted')}</option>
        </select></div>
      <button type="submit" disabled=${busy}>${t('apply')}</button>
    </form>
    <${ErrorLine} error=${error} />
    ${page && (page.users.length === 0
      ? html`<p>${t('noUsers')}</p>`
      : html`<table>
          <thead><tr><th scope="col">${t('colEmail')}</th><th scope="col">${t('colStatus')}</th><th scope="col">${t('colLogins')}</th>
            <th scope="col">${t('colLastLogin')}</th><th scope="col">${t('colCreated')}</th></tr></thead>
          <tbody>${page.users.map((u) => html`<tr key=${u.id}>
            <td><a href=${hashOf(`users/${u.id}`)}>${u.email}</a> <small>(${u.isEmailConfirmed ? t('confirmed') : t('unconfirmed')})</small></td>
            <td><span class=${`badge ${userStatus(u)}`}>${t(userStatus(u))}</span></td>
            <td>${u.loginCount}</td>
            <td>${formatTime(currentLocale, u.lastLoginAt)}</td>
            <td>${formatTime(currentLocale, u.createdAt)}</td>
          </tr>`)}</tbody>
        </table>`)}
    <nav class="row" aria-label=${t('users')}>
      ${cursor ? html`<a class="button secondary" href=${hashOf('users', { q, status })}>${t('firstPage')}</a>` : null}
      ${page?.nextCursor ? html`<a class="button secondary" href=${hashOf('users', { q, status, cursor: page.nextCursor })}>${t('nextPage')}</a>` : null}
    </nav>
  </section>`
}

function UserPage ({ t, id }: { t: T, id: string }) {
  const { busy, error, run } = useAction()
  const [data, setData] = useState<{ user: User, sessions: Session[], factors?: Factor[] } | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const load = () => run(async () => setData(await api('getuser', { userId: id })))
  useEffect(() => { setDone(null); load() }, [id])
  const act = (route: string, label: string) => run(async () => {
    await api(route, { userId: id })
    setData(await api('getuser', { userId: id }))
    setDone(t('done', { action: label }))
  })
  if (!data) return html`<section><p>${busy ? t('loading') : null}</p><${ErrorLine} error=${error} /></section>`
  const { user, sessions, factors } = data
  const actions: Array<[string, string]> = [
    user.isActive ? ['deactivateuser', t('deactivate')] : ['activateuser', t('activate')],
    ['signoutuser', t('signOutUser')],
    ['resetuserfactors', t('resetFactors')],
    ...(user.isEmailConfirmed ? [] : [['confirmuseremail', t('confirmEmail')] as [string, string]]),
    user.deletedAt ? ['restoreuser', t('restore')] : ['deleteuser', t('delete')]
  ]
  return html`<section aria-labelledby="user-title">
    <p><a href=${hashOf('users')}>← ${t('backToUsers')}</a></p>
    <h2 tabindex="-1" id="user-title">${user.email}</h2>
    <dl class="facts">
      <dt>${t('id')}</dt><dd><code>${user.id}</code></dd>
      <dt>${t('colStatus')}</dt><dd><span class=${`badge ${userStatus(user)}`} data-testid="user-status">${t(userStatus(user))}</span></dd>
      <dt>${t('email')}</dt><dd>${user.isEmailConfirmed ? t('confirmed') : t('unconfirmed')}</dd>
      <dt>${t('colLogins')}</dt><dd>${user.loginCount}</dd>
      <dt>${t('colLastLogin')}</dt><dd>${formatTime(currentLocale, user.lastLoginAt)}</dd>
      <dt>${t('tokenVersion')}</dt><dd>${user.tokenVersion}</dd>
    </dl>
    <h3>${t('actions')}</h3>
    <div class="row">
      ${actions.map(([route, label]) => html`<button type="button" key=${route} class=${route === 'deleteuser' ? 'danger' : ''} disabled=${busy} onClick=${() => act(route, label)}>${label}</button>`)}
    </div>
    ${done ? html`<p role="status" class="ok">${done}</p>` : null}
    <${ErrorLine} error=${error} />
    <h3>${t('devices')}</h3>
    ${sessions.length === 0
      ? html`<p>${t('noDevices')}</p>`
      : html`<table>
          <thead><tr><th scope="col">${t('colDevice')}</th><th scope="col">${t('colIp')}</th><th scope="col">${t('colAal')}</th>
            <th scope="col">${t('colCreated')}</th><th scope="col">${t('colLastUsed')}</th><th scope="col">${t('colExpires')}</th></tr></thead>
          <tbody>${sessions.map((s) => html`<tr key=${s.id}>
            <td>${s.client}${s.platform ? ` · ${s.platform}` : ''}<br /><small>${s.userAgent ?? ''}</small></td>
            <td>${s.ipAddress ?? '-'}</td><td>${s.aal}</td>
            <td>${formatTime(currentLocale, s.createdAt)}</td><td>${formatTime(currentLocale, s.lastUsedAt)}</td><td>${formatTime(currentLocale, s.expiresAt)}</td>
          </tr>`)}</tbody>
        </table>`}
    <h3>${t('factors')}</h3>
    ${factors === undefined
      ? html`<p class="muted">${t('factorsUnknown')}</p>`
      : factors.length === 0
        ? html`<p>${t('noFactors')}</p>`
        : html`<ul class="list">${factors.map((f) => html`<li key=${f.id}>${f.type} · ${f.name ?? ''} · ${f.status} · ${formatTime(currentLocale, f.createdAt)}</li>`)}</ul>`}
    <p><a href=${hashOf('audit', { accountType: 'user', accountId: user.id })}>${t('userEvents')}</a></p>
  </section>`
}

/** A datetime-local value (the browser's time zone) as an ISO time, or undefined. */
const isoOf = (local: string) => local ? new Date(local).toISOString() : undefined
const localOf = (iso: string | null) => {
  if (!iso) return ''
  const d = new Date(iso)
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}

function Audit ({ t, params }: { t: T, params: URLSearchParams }) {
  const filters = {
    accountType: params.get('accountType') ?? '',
    accountId: params.get('accountId') ?? '',
    event: params.get('event') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? ''
  }
  const cursor = params.get('cursor') ?? undefined
  const { busy, error, run } = useAction()
  const [page, setPage] = useState<{ events: AuditEvent[], nextCursor: string | null } | null>(null)
  useEffect(() => { run(async () => setPage(await api('listauditevents', { ...filters, cursor }))) }, [params.toString()])
  const submit = (e: Event) => {
    e.preventDefault()
    const form = new FormData(e.target as HTMLFormElement)
    const get = (name: string) => String(form.get(name) ?? '').trim()
    location.hash = hashOf('audit', {
      accountType: get('accountType'), accountId: get('accountId'), event: get('event'), from: isoOf(get('from')), to: isoOf(get('to'))
    })
  }
  return html`<section aria-labelledby="audit-title">
    <h2 tabindex="-1" id="audit-title">${t('audit')}</h2>
    <form class="filters" onSubmit=${submit} key=${params.toString()}>
      <div><label for="audit-type">${t('accountType')}</label>
        <select id="audit-type" name="accountType" value=${filters.accountType}>
          <option value="">${t('anyType')}</option><option value="user">${t('typeUser')}</option><option value="admin">${t('typeAdmin')}</option>
        </select></div>
      <div><label for="audit-account">${t('accountId')}</label>
        <input id="audit-account" name="accountId" value=${filters.accountId} size="36" autocomplete="off" /></div>
      <div><label for="audit-event">${t('event')}</label>
        <select id="audit-event" name="event" value=${filters.event}>
          <option value="">${t('anyEvent')}</option>
          ${AUDIT_EVENTS.map((e) => html`<option value=${e}>${e}</option>`)}
        </select></div>
      <div><label for="audit-from">${t('from')}</label>
        <input id="audit-from" name="from" type="datetime-local" value=${localOf(filters.from)} /></div>
      <div><label for="audit-to">${t('to')}</label>
        <input id="audit-to" name="to" type="datetime-local" value=${localOf(filters.to)} /></div>
      <button type="submit" disabled=${busy}>${t('filter')}</button>
      <a class="button secondary" href=${hashOf('audit')}>${t('clear')}</a>
    </form>
    <${ErrorLine} error=${error} />
    ${page && (page.events.length === 0
      ? html`<p>${t('noEvents')}</p>`
      : html`<table class="audit">
          <thead><tr><th scope="col">${t('colWhen')}</th><th scope="col">${t('colEvent')}</th><th scope="col">${t('colAccount')}</th>
            <th scope="col">${t('colActor')}</th><th scope="col">${t('colIp')}</th><th scope="col">${t('colData')}</th></tr></thead>
          <tbody>${page.events.map((e) => html`<tr key=${e.id}>
            <td>${formatTime(currentLocale, e.createdAt)}</td>
            <td><code>${e.event}</code></td>
            <td>${e.accountType}${e.accountId
              ? html` · ${e.accountType === 'user' ? html`<a href=${hashOf(`users/${e.accountId}`)}>${e.accountId.slice(-12)}</a>` : e.accountId.slice(-12)}`
              : null}</td>
            <td>${e.actorType ?? '-'}${e.actorId ? ` · ${e.actorId.slice(-12)}` : ''}</td>
            <td>${e.ipAddress ?? '-'}</td>
            <td><code class="data">${Object.keys(e.data ?? {}).length ? JSON.stringify(e.data) : ''}</code></td>
          </tr>`)}</tbody>
        </table>`)}
    <nav class="row" aria-label=${t('audit')}>
      ${cursor ? html`<a class="button secondary" href=${hashOf('audit', filters)}>${t('firstPage')}</a>` : null}
      ${page?.nextCursor ? html`<a class="button secondary" href=${hashOf('audit', { ...filters, cursor: page.nextCursor })}>${t('nextPage')}</a>` : null}
    </nav>
  </section>`
}

function Activity ({ t, locale }: { t: T, locale: Locale }) {
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
  return html`<section aria-labelledby="activity-title">
    <h2 tabindex="-1" id="activity-title">${t('activity')}</h2>
    <p class="muted">${t('chartTitle')}</p>
    <${ErrorLine} error=${error} />
    ${buckets ? html`<p role="status">${t('chartSummary', { ok, failed, reuse })}</p>` : html`<p>${t('loading')}</p>`}
    <figure class="chart" id="activity-chart" ref=${target} aria-label=${t('chartTitle')}></figure>
  </section>`
}

function App () {
  const [locale, setLocale] = useState<Locale>(currentLocale)
  const [admin, setAdmin] = useState<Admin | null | undefined>(undefined)
  const [ended, setEnded] = useState(false)
  const signedIn = useRef(false)
  const route = useRoute()
  const t = translator(MESSAGES[locale])
  currentLocale = locale

  useEffect(() => {
    saveLocale(LOCALE_KEY, locale)
    client.setLang(locale)
  }, [locale])
  useEffect(() => {
    const off = client.onAuthChange((state: AuthState) => {
      const now = state.user as Admin | null
      setAdmin(now)
      // Ended: signed out while signed in, not by this page's own sign-out.
      if (!now && signedIn.current && !leaving) setEnded(true)
      if (now) setEnded(false)
      signedIn.current = !!now
    })
    // The session this origin may have already (the cookie), else the sign-in form.
    client.restore().catch(() => null).finally(() => setAdmin((a) => a === undefined ? (client.user as Admin | null) : a))
    return off
  }, [])
  // The view's heading takes the focus when the view changes, for keyboard and screen reader users.
  useEffect(() => { document.querySelector<HTMLElement>('main h2')?.focus() }, [route.path.join('/'), !!admin])

  const [section, id] = route.path
  const view = !admin
    ? null
    : section === 'users' && id
      ? html`<${UserPage} t=${t} id=${id} />`
      : section === 'audit'
        ? html`<${Audit} t=${t} params=${route.params} />`
        : section === 'activity'
          ? html`<${Activity} t=${t} locale=${locale} />`
          : html`<${Users} t=${t} params=${route.params} />`
  const current = (name: string) => (section ?? 'users') === name ? 'page' : undefined

  return html`<header>
      <h1>${t('title')}</h1>
      ${admin ? html`<nav aria-label=${t('navigation')}><ul>
        <li><a href="#/users" aria-current=${current('users')}>${t('users')}</a></li>
        <li><a href="#/audit" aria-current=${current('audit')}>${t('audit')}</a></li>
        <li><a href="#/activity" aria-current=${current('activity')}>${t('activity')}</a></li>
      </ul></nav>` : null}
      <div class="spacer"></div>
      ${admin ? html`<span class="who">${t('signedInAs', { email: admin.email })}</span>
        <button type="button" class="secondary" onClick=${() => leave(() => client.logout())}>${t('signOut')}</button>` : null}
      <div class="lang">
        <label for="language">${t('language')}</label>
        <select id="language" value=${locale} onChange=${(e: Event) => setLocale((e.target as HTMLSelectElement).value as Locale)}>
          ${LOCALES.map((l) => html`<option value=${l}>${l === 'en' ? 'English' : 'Español'}</option>`)}
        </select>
      </div>
    </header>
    <main>
      ${ended ? html`<p class="error" role="alert">${t('sessionEnded')}</p>` : null}
      ${admin === null ? html`<${SignIn} t=${t} />` : view}
    </main>`
}

render(html`<${App} />`, document.getElementById('app')!)

/**
 * The OpenID provider's interaction page (/oidc/interaction/:uid): the user signs in with
 * Latchkey's own sign-in (password, then a second factor when the account has one, or a passkey) through the
 * SDK, then consents to what the application asks for. Each step ends with a call to the
 * interaction's route, which checks the access token and answers where the browser goes next.
 */
import { render } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { createClient, type Account, type Factor } from '../sdk/index.js'
import { pickLocale, translator } from '../common/i18n.js'
import { ErrorLine, FactorChoice, errorText, useAction } from '../common/ui.js'
import { MESSAGES } from './messages.js'

const client = createClient({ kind: 'users', lang: pickLocale('latchkey-oidc-locale') })
const t = translator(MESSAGES[pickLocale('latchkey-oidc-locale')])
type T = typeof t
const uid = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '')
const base = `/oidc/interaction/${encodeURIComponent(uid)}`

interface Details { prompt: string, client: { id: string | null, name: string | null }, asked: string[], missing: string[], accountId: string | null }
type Mfa = { mfaToken: string, factors: Factor[] }

/** Gives the interaction its result (signed in, or the consent's answer) and follows where the provider sends the browser. */
async function finish (step: 'login' | 'consent', body: Record<string, unknown> = {}): Promise<void> {
  const res = await client.fetch(`${base}/${step}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const json = await res.json() as { redirectTo?: string, error?: string, error_description?: string, message?: string }
  if (!res.ok || !json.redirectTo) throw new Error(json.error_description ?? json.message ?? json.error ?? String(res.status))
  location.assign(json.redirectTo)
}

function SignIn ({ app, onSignedIn }: { app: string, onSignedIn: () => Promise<void> }) {
  const { busy, error, run } = useAction()
  const [mfa, setMfa] = useState<Mfa | null>(null)
  const password = (e: Event) => {
    e.preventDefault()
    const form = new FormData(e.target as HTMLFormElement)
    run(async () => {
      const result = await client.login({ email: String(form.get('email')), password: String(form.get('password')) })
      if (result.mfaRequired) setMfa({ mfaToken: result.mfaToken, factors: (result.factors ?? []).filter((f) => f.type === 'totp') })
      else await onSignedIn()
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
      await onSignedIn()
    })
  }
  if (mfa) {
    return (
      <form key="mfa" onSubmit={second}>
        <h1>{t('secondFactor')}</h1>
        <FactorChoice factors={mfa.factors} label={t('authenticator')} />
        <label for="mfa-code">{t('code')}</label>
        <input id="mfa-code" name="code" inputMode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" />
        <label for="mfa-recovery">{t('recoveryCode')}</label>
        <input id="mfa-recovery" name="recoveryCode" autocomplete="off" />
        <div class="row">
          <button type="submit" disabled={busy}>{t('verify')}</button>
          <button type="button" class="secondary" onClick={() => setMfa(null)}>{t('back')}</button>
        </div>
        <ErrorLine error={error} />
      </form>
    )
  }
  return (
    <form key="password" onSubmit={password}>
      <h1>{t('signInTo', { app })}</h1>
      <label for="email">{t('email')}</label>
      <input id="email" name="email" type="email" autocomplete="username" required />
      <label for="password">{t('password')}</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required />
      <button type="submit" disabled={busy}>{t('signIn')}</button>
      <p class="muted">{t('or')}</p>
      <button type="button" class="secondary" disabled={busy} onClick={() => run(async () => { await client.passkeyLogin(); await onSignedIn() })}>
        {t('signInPasskey')}
      </button>
      <ErrorLine error={error} />
    </form>
  )
}

const scopeText = (tr: T, scope: string) =>
  scope === 'openid' || scope === 'email' || scope === 'offline_access' ? tr(`scope_${scope}`) : tr('scope_other', { scope })

function Consent ({ app, details }: { app: string, details: Details }) {
  const { busy, error, run } = useAction()
  return (
    <div>
      <h1>{t('consentTitle', { app })}</h1>
      <ul class="scopes">{details.missing.map((scope) => <li key={scope}>{scopeText(t, scope)}</li>)}</ul>
      <div class="row">
        <button type="button" disabled={busy} onClick={() => run(() => finish('consent', { allow: true }))}>{t('allow')}</button>
        <button type="button" class="secondary" disabled={busy} onClick={() => run(() => finish('consent', { allow: false }))}>{t('deny')}</button>
      </div>
      <ErrorLine error={error} />
    </div>
  )
}

function App () {
  const [details, setDetails] = useState<Details | null>(null)
  const [user, setUser] = useState<Account | null | undefined>(undefined)
  const [failed, setFailed] = useState<string | null>(null)
  const { busy, error, run } = useAction()
  useEffect(() => {
    fetch(`${base}/details`, { credentials: 'same-origin' })
      .then(async (res) => {
        if (!res.ok) throw new Error(t('expired'))
        setDetails(await res.json() as Details)
      })
      .catch((err: unknown) => setFailed(errorText(err)))
    client.restore().then(setUser, () => setUser(null))
  }, [])
  if (failed) return <section><p class="error" role="alert">{failed}</p></section>
  if (!details || user === undefined) return <section><p class="muted">{t('loading')}</p></section>
  const app = details.client.name ?? details.client.id ?? ''
  const signedIn = async () => {
    setUser(client.user)
    if (details.prompt === 'login') await finish('login')
  }
  if (!user) return <section><SignIn app={app} onSignedIn={signedIn} /></section>
  if (details.prompt === 'consent') return <section><Consent app={app} details={details} /></section>
  return (
    <section>
      <h1>{t('signInTo', { app })}</h1>
      <p>{t('signedInAs', { email: user.email })}</p>
      <div class="row">
        <button type="button" disabled={busy} onClick={() => run(() => finish('login'))}>{t('continue')}</button>
        <button type="button" class="secondary" disabled={busy} onClick={() => run(async () => { await client.logout(); setUser(null) })}>{t('otherAccount')}</button>
      </div>
      <ErrorLine error={error} />
    </section>
  )
}

render(<App />, document.getElementById('app')!)

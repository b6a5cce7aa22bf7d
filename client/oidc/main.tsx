/**
 * The OpenID provider's interaction page (/oidc/interaction/:uid): the user signs in with
 * Latchkey's own sign-in (password, then a second factor when the account has one, or a passkey) through the
 * SDK, then consents to what the application asks for. Each step ends with a call to the
 * interaction's route, which checks the access token and answers where the browser goes next.
 */
import { render } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { createClient, type Account, type Provider, type SignInResult } from '../sdk/index.js'
import { pickLocale, translator } from '../common/i18n.js'
import { ErrorLine, errorText, useAction } from '../common/ui.js'
import { SecondFactorFields, mfaOf, verifyArgs, type Mfa } from '../common/second-factor.js'
import { MESSAGES } from './messages.js'

const client = createClient({ kind: 'users', lang: pickLocale('latchkey-oidc-locale') })
const t = translator(MESSAGES[pickLocale('latchkey-oidc-locale')])
type T = typeof t
const uid = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '')
const base = `/oidc/interaction/${encodeURIComponent(uid)}`

interface Details { prompt: string, client: { id: string | null, name: string | null }, asked: string[], missing: string[], accountId: string | null }

/** Gives the interaction its result (signed in, or the consent's answer) and follows where the provider sends the browser. */
async function finish (step: 'login' | 'consent', body: Record<string, unknown> = {}): Promise<void> {
  const res = await client.fetch(`${base}/${step}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const json = await res.json() as { redirectTo?: string, error?: string, error_description?: string, message?: string }
  if (!res.ok || !json.redirectTo) throw new Error(json.error_description ?? json.message ?? json.error ?? String(res.status))
  location.assign(json.redirectTo)
}

/** A mailed link's token: the link as pasted (its `token` parameter), or the token alone. */
function linkToken (text: string): string {
  const pasted = text.trim()
  return URL.parse(pasted)?.searchParams.get('token') ?? pasted
}

/**
 * Every sign-in the service offers: password, passkey, a provider (which comes back to this page,
 * App below), a mailed link (pasted here: it opens the application's own page otherwise); then
 * the second factor when the account has one. `pending`: a provider's sign-in that came back
 * needing it.
 */
function SignIn ({ app, pending, notice, onSignedIn }: { app: string, pending: Mfa | null, notice: string | null, onSignedIn: () => Promise<void> }) {
  const { busy, error, run } = useAction()
  const [mfa, setMfa] = useState<Mfa | null>(pending)
  const [providers, setProviders] = useState<Provider[]>([])
  const [linkSent, setLinkSent] = useState(false)
  useEffect(() => { client.listProviders().then(setProviders, () => {}) }, [])
  /** A first step's answer: the second step, or done. */
  const firstStep = async (result: Promise<SignInResult>) => {
    const next = mfaOf(await result)
    if (next) setMfa(next)
    else await onSignedIn()
  }
  const password = (e: Event) => {
    e.preventDefault()
    const form = new FormData(e.target as HTMLFormElement)
    run(() => firstStep(client.login({ email: String(form.get('email')), password: String(form.get('password')) })))
  }
  const requestLink = (e: Event) => {
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
    run(() => firstStep(client.signInWithLink(linkToken(String(form.get('token'))))))
  }
  const second = (e: Event) => {
    e.preventDefault()
    const args = verifyArgs(e.target as HTMLFormElement, mfa!)
    run(async () => {
      await client.verifyMfa(args)
      await onSignedIn()
    })
  }
  if (mfa) {
    return (
      <form key="mfa" onSubmit={second}>
        <h1>{t('secondFactor')}</h1>
        <SecondFactorFields mfa={mfa} t={t} busy={busy} onBack={() => setMfa(null)} />
        <ErrorLine error={error} />
      </form>
    )
  }
  const here = `${location.origin}${location.pathname}`
  return (
    <>
      <form key="password" onSubmit={password}>
        <h1>{t('signInTo', { app })}</h1>
        <label for="email">{t('email')}</label>
        <input id="email" name="email" type="email" autocomplete="username" required />
        <label for="password">{t('password')}</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        <button type="submit" disabled={busy}>{t('signIn')}</button>
      </form>
      <p class="muted">{t('or')}</p>
      <button type="button" class="secondary" disabled={busy} onClick={() => run(async () => { await client.passkeyLogin(); await onSignedIn() })}>
        {t('signInPasskey')}
      </button>
      {providers.filter((p) => p.available).map((p) => (
        <button key={p.name} type="button" class="secondary" disabled={busy} onClick={() => client.signInWithProvider(p.name, { redirectTo: here })}>
          {t('continueWith', { label: p.label })}
        </button>
      ))}
      <form key="link" onSubmit={requestLink}>
        <label for="link-email">{t('linkEmail')}</label>
        <input id="link-email" name="email" type="email" autocomplete="email" required />
        <button type="submit" class="secondary" disabled={busy}>{t('sendLink')}</button>
      </form>
      {linkSent
        ? (
          <form key="use-link" onSubmit={useLink}>
            <p role="status">{t('linkSent')}</p>
            <label for="link-token">{t('linkToken')}</label>
            <input id="link-token" name="token" autocomplete="off" required />
            <button type="submit" disabled={busy}>{t('useLink')}</button>
          </form>
          )
        : null}
      <ErrorLine error={error ?? notice} />
    </>
  )
}

const scopeText = (tr: T, scope: string) =>
  scope === 'openid' || scope === 'email' || scope === 'profile' || scope === 'offline_access' ? tr(`scope_${scope}`) : tr('scope_other', { scope })

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
  // Back from a provider: its second step, or (signed in) straight on to the application.
  const [pending, setPending] = useState<Mfa | null>(null)
  const [returned, setReturned] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
  const { busy, error, run } = useAction()
  useEffect(() => {
    fetch(`${base}/details`, { credentials: 'same-origin' })
      .then(async (res) => {
        if (!res.ok) throw new Error(t('expired'))
        setDetails(await res.json() as Details)
      })
      .catch((err: unknown) => setFailed(errorText(err)))
    const back = new URLSearchParams(location.search)
    if (back.has('code') || back.has('error')) {
      client.completeOAuth().then((result) => {
        setPending(mfaOf(result))
        setReturned(!!client.user)
        setUser(client.user)
      }, (err: unknown) => {
        setUser(null)
        setNotice(errorText(err))
      })
    } else {
      client.restore().then(setUser, () => setUser(null))
    }
  }, [])
  useEffect(() => {
    if (returned && details?.prompt === 'login') run(() => finish('login'))
  }, [returned, details])
  if (failed) return <section><p class="error" role="alert">{failed}</p></section>
  if (!details || user === undefined) return <section><p class="muted">{t('loading')}</p></section>
  const app = details.client.name ?? details.client.id ?? ''
  const signedIn = async () => {
    setUser(client.user)
    if (details.prompt === 'login') await finish('login')
  }
  if (!user) return <section><SignIn app={app} pending={pending} notice={notice} onSignedIn={signedIn} /></section>
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

/**
 * The admin console at /admin/: an admin signs in (password, second factor, passkey), then finds
 * users, opens one (devices, factors, the lifecycle actions), finds organizations (members, roles,
 * API keys, delete), manages webhook endpoints (their secrets, deliveries, redelivery) and the
 * OpenID provider's applications (OAuth clients), reads the audit log and the chart of sign-in
 * activity. Hash routes (#/users, #/users/<id>, #/orgs, #/orgs/<id>, #/webhooks, #/webhooks/<id>,
 * #/applications, #/applications/<id>, #/audit, #/activity) keep every view a real link; the
 * access token lives in the SDK's memory only.
 */
import { render } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { MESSAGES } from './messages.js'
import { LOCALES, saveLocale, translator, type Locale } from '../common/i18n.js'
import { ErrorLine, leave, useAccount, useAction } from '../common/ui.js'
import { SecondFactorFields, mfaOf, verifyArgs, type Mfa } from '../common/second-factor.js'
import { LOCALE_KEY, client, currentLocale, setCurrentLocale, useRoute, type Admin, type T } from './context.js'
import { UserPage, Users } from './users.js'
import { OrgPage, Orgs } from './orgs.js'
import { Activity, Audit } from './audit.js'
import { WebhookPage, Webhooks } from './webhooks.js'
import { ApplicationPage, Applications } from './applications.js'
import { MyAccount } from './account.js'

function SignIn ({ t }: { t: T }) {
  const { busy, error, run } = useAction()
  const [mfa, setMfa] = useState<Mfa | null>(null)
  const password = (e: Event) => {
    e.preventDefault()
    const form = new FormData(e.target as HTMLFormElement)
    run(async () => {
      setMfa(mfaOf(await client.login({ email: String(form.get('email')), password: String(form.get('password')) })))
    })
  }
  const second = (e: Event) => {
    e.preventDefault()
    const args = verifyArgs(e.target as HTMLFormElement, mfa!)
    run(() => client.verifyMfa(args))
  }
  return (
    <section class="card narrow" aria-labelledby="signin-title">
      <h2 tabindex={-1} id="signin-title">{mfa ? t('secondFactor') : t('adminSignIn')}</h2>
      {mfa
        ? (
          <form key="mfa" onSubmit={second}>
            <SecondFactorFields mfa={mfa} t={t} busy={busy} onBack={() => setMfa(null)} />
          </form>
          )
        : (
          <>
            <form key="password" onSubmit={password}>
              <label for="signin-email">{t('email')}</label>
              <input id="signin-email" name="email" type="email" autocomplete="username webauthn" required />
              <label for="signin-password">{t('password')}</label>
              <input id="signin-password" name="password" type="password" autocomplete="current-password" required />
              <button type="submit" disabled={busy}>{t('signInPassword')}</button>
            </form>
            <button type="button" class="secondary" disabled={busy} onClick={() => run(() => client.passkeyLogin())}>{t('signInPasskey')}</button>
          </>
          )}
      <ErrorLine error={error} />
    </section>
  )
}
function App () {
  const [locale, setLocale] = useState<Locale>(currentLocale)
  const { account: admin, setAccount: setAdmin, ended } = useAccount<Admin>(client)
  const route = useRoute()
  const t = translator(MESSAGES[locale])
  setCurrentLocale(locale)

  useEffect(() => {
    saveLocale(LOCALE_KEY, locale)
    client.setLang(locale)
  }, [locale])
  useEffect(() => {
    // The session this origin may have already (the cookie), else the sign-in form.
    client.restore().catch(() => null).finally(() => setAdmin((a) => a === undefined ? (client.user as Admin | null) : a))
  }, [])
  // The view's heading takes the focus when the view changes, for keyboard and screen reader users.
  useEffect(() => { document.querySelector<HTMLElement>('main h2')?.focus() }, [route.path.join('/'), !!admin])

  const [section, id] = route.path
  const view = !admin
    ? null
    : section === 'users' && id
      ? <UserPage t={t} id={id} />
      : section === 'orgs'
        ? id ? <OrgPage t={t} id={id} /> : <Orgs t={t} params={route.params} />
        : section === 'webhooks'
          ? id ? <WebhookPage t={t} id={id} /> : <Webhooks t={t} />
          : section === 'applications'
          ? id ? <ApplicationPage t={t} id={id} /> : <Applications t={t} />
          : section === 'audit'
          ? <Audit t={t} params={route.params} />
          : section === 'activity'
            ? <Activity t={t} locale={locale} />
            : section === 'account'
              ? <MyAccount t={t} email={admin.email} />
              : <Users t={t} params={route.params} />
  const current = (name: string) => (section ?? 'users') === name ? 'page' : undefined

  return (
    <>
      <header>
        <h1>{t('title')}</h1>
        {admin
          ? (
            <nav aria-label={t('navigation')}>
              <ul>
                <li><a href="#/users" aria-current={current('users')}>{t('users')}</a></li>
                <li><a href="#/orgs" aria-current={current('orgs')}>{t('orgs')}</a></li>
                <li><a href="#/webhooks" aria-current={current('webhooks')}>{t('webhooks')}</a></li>
                <li><a href="#/applications" aria-current={current('applications')}>{t('applications')}</a></li>
                <li><a href="#/audit" aria-current={current('audit')}>{t('audit')}</a></li>
                <li><a href="#/activity" aria-current={current('activity')}>{t('activity')}</a></li>
              </ul>
            </nav>
            )
          : null}
        <div class="spacer" />
        {admin
          ? (
            <>
              <a class="who" href="#/account" aria-current={current('account')}>{t('signedInAs', { email: admin.email })}</a>
              <button type="button" class="secondary" onClick={() => leave(() => client.logout())}>{t('signOut')}</button>
            </>
            )
          : null}
        <div class="lang">
          <label for="language" class="sr-only">{t('language')}</label>
          <select id="language" value={locale} onChange={(e: Event) => setLocale((e.target as HTMLSelectElement).value as Locale)}>
            {LOCALES.map((l) => <option value={l}>{l === 'en' ? 'English' : 'Español'}</option>)}
          </select>
        </div>
      </header>
      <main>
        {ended ? <p class="error" role="alert">{t('sessionEnded')}</p> : null}
        {admin === null ? <SignIn t={t} /> : view}
      </main>
    </>
  )
}

render(<App />, document.getElementById('app')!)

/**
 * The demo app at /demo/: every way in that the service has (password, second factor, passkey,
 * providers, a mailed link), an authenticator app to set up, the account's profile, its devices, its
 * organizations (invitations, acting for one, API keys), a live feed of published posts and a room
 * with presence (public:lobby). Built on the SDK alone: the page never sees the refresh token, and
 * keeps the access token nowhere.
 */
import { render } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { MESSAGES } from './messages.js'
import { LOCALES, pickLocale, saveLocale, translator, type Locale } from '../common/i18n.js'
import { ErrorLine, errorText, useAccount } from '../common/ui.js'
import { LOCALE_KEY, client, type Provider, type User } from './context.js'
import { mfaOf, type Mfa } from '../common/second-factor.js'
import { SignIn, SignUp } from './signin.js'
import { Account, Devices, Feed, Profile } from './account.js'
import { Authenticator } from './factors.js'
import { Organizations } from './orgs.js'
import { Lobby } from './lobby.js'

/**
 * The address an invitation mails, PUBLIC_APP_URL/accept-invite?token=..., when PUBLIC_APP_URL is
 * the demo's (scripts/build.mjs serves this page there too): its token is an invitation's, not a sign-in link's.
 */
const INVITE_PAGE = /\/accept-invite\/?$/

function App () {
  const [locale, setLocale] = useState<Locale>(pickLocale(LOCALE_KEY))
  const { account: user, setAccount: setUser, ended, dismiss } = useAccount<User>(client)
  const [providers, setProviders] = useState<Provider[]>([])
  const [startError, setStartError] = useState<string | null>(null)
  const [pending, setPending] = useState<Mfa | null>(null)
  const [invitation, setInvitation] = useState<string | null>(null)
  const t = translator(MESSAGES[locale])

  useEffect(() => {
    saveLocale(LOCALE_KEY, locale)
    client.setLang(locale)
  }, [locale])
  useEffect(() => {
    client.listProviders().then(setProviders).catch(() => {})
    // Back from a provider (?code= or ?error=) or opened by a mailed link (?token=): trade it for
    // a session; else the session this origin may have already (the cookie). An invitation's
    // link keeps its token for the signed-in user to accept.
    const params = new URLSearchParams(location.search)
    const token = params.get('token')
    const invited = INVITE_PAGE.test(location.pathname)
    if (token) history.replaceState(history.state, '', location.pathname)
    if (token && invited) setInvitation(token)
    const start = params.has('code') || params.has('error')
      ? client.completeOAuth()
      : token && !invited ? client.signInWithLink(token) : client.restore()
    Promise.resolve(start)
      .then((result) => setPending(mfaOf(result)))
      .catch((err: unknown) => setStartError(errorText(err)))
      .finally(() => setUser((u) => u === undefined ? (client.user as User | null) : u))
  }, [])

  return (
    <>
      <header>
        <h1>{t('title')}</h1>
        <p role="status" class="who">{user ? t('signedInAs', { email: user.email }) : t('signedOut')}</p>
        <div class="lang">
          <label for="language">{t('language')}</label>
          <select id="language" value={locale} onChange={(e: Event) => setLocale((e.target as HTMLSelectElement).value as Locale)}>
            {LOCALES.map((l) => <option value={l}>{l === 'en' ? 'English' : 'Español'}</option>)}
          </select>
        </div>
      </header>
      <main>
        {ended ? <p class="error" role="alert">{t('sessionEnded')}</p> : null}
        <ErrorLine error={startError} />
        {user === undefined
          ? null
          : user
            ? <div class="grid"><Account t={t} user={user} /><Profile t={t} user={user} /><Organizations t={t} invitation={invitation} /><Authenticator t={t} /><Devices t={t} locale={locale} /><Feed t={t} locale={locale} /><Lobby t={t} user={user} /></div>
            : <>
                {invitation ? <p role="status" class="notice">{t('inviteSignIn')}</p> : null}
                <div class="grid" onSubmit={dismiss}><SignIn t={t} providers={providers} pending={pending} /><SignUp t={t} /></div>
              </>}
      </main>
    </>
  )
}

render(<App />, document.getElementById('app')!)

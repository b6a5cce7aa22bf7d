/**
 * The account pages at /account/<page>: where the service's mailed links land when no
 * application of its own is set (PUBLIC_APP_URL unset). One bundle for the six addresses: the
 * path names the page, the link's `token` its action, done through the SDK; the page says how it
 * went, in plain words when the token is used, expired or unknown.
 */
import { render, type ComponentType } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { LOCALES, pickLocale, saveLocale, translator, type Locale } from '../common/i18n.js'
import { LOCALE_KEY, client, takeToken, type Key, type T } from './link.js'
import { MESSAGES } from './messages.js'
import { ConfirmEmailChange, ResetPassword, VerifyEmail } from './address.js'
import { CancelDeletion, SignIn } from './sign-in.js'
import { AcceptInvite } from './invite.js'
import { Missing } from './views.js'

/** Each address: its view and the title it shows when the token is missing. */
const PAGES: Record<string, { view: ComponentType<{ t: T, token: string }>, title: Key }> = {
  'verify-email': { view: VerifyEmail, title: 'verifyTitle' },
  'reset-password': { view: ResetPassword, title: 'resetTitle' },
  'sign-in': { view: SignIn, title: 'signInTitle' },
  'accept-invite': { view: AcceptInvite, title: 'inviteTitle' },
  'confirm-email-change': { view: ConfirmEmailChange, title: 'changeTitle' },
  'cancel-deletion': { view: CancelDeletion, title: 'cancelTitle' }
}

// Read before the first render: nothing the page does later sees the token in the address.
const token = takeToken()
const page = PAGES[location.pathname.split('/').filter(Boolean).pop() ?? '']

function App () {
  const [locale, setLocale] = useState<Locale>(pickLocale(LOCALE_KEY))
  const t = translator(MESSAGES[locale])
  useEffect(() => {
    saveLocale(LOCALE_KEY, locale)
    client.setLang(locale)
  }, [locale])
  const View = page?.view
  return (
    <>
      <header>
        <span class="brand">{t('brand')}</span>
        <div class="lang">
          <label for="language">{t('language')}</label>
          <select id="language" value={locale} onChange={(e: Event) => setLocale((e.target as HTMLSelectElement).value as Locale)}>
            {LOCALES.map((l) => <option value={l}>{l === 'en' ? 'English' : 'Español'}</option>)}
          </select>
        </div>
      </header>
      <main>
        {!page ? <section><p>{t('unknownPage')}</p></section> : null}
        {page && !token ? <Missing t={t} title={page.title} /> : null}
        {View && token ? <View t={t} token={token} /> : null}
      </main>
    </>
  )
}

render(<App />, document.getElementById('app')!)

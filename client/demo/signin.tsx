/** Signed out: every way in (password and second factor, passkey, providers, mailed link) and sign-up. */
import { useState } from 'preact/hooks'
import { ErrorLine, useAction } from '../common/ui.js'
import { SecondFactorFields, mfaOf, verifyArgs, type Mfa } from '../common/second-factor.js'
import { client, field, type Provider, type T } from './context.js'

export function SignUp ({ t }: { t: T }) {
  const { busy, error, run } = useAction()
  const submit = (e: Event) => {
    e.preventDefault()
    const form = new FormData(e.target as HTMLFormElement)
    run(() => client.register({ email: String(form.get('email')), password: String(form.get('password')) }))
  }
  return (
    <section aria-labelledby="signup-title">
      <h2 id="signup-title">{t('signUp')}</h2>
      <form onSubmit={submit}>
        {field('signup-email', t('email'), { name: 'email', type: 'email', autocomplete: 'email', required: true })}
        {field('signup-password', t('password'), { name: 'password', type: 'password', autocomplete: 'new-password', required: true, minlength: 8 })}
        <button type="submit" disabled={busy}>{t('createAccount')}</button>
        <ErrorLine error={error} />
      </form>
    </section>
  )
}
export function SignIn ({ t, providers, pending }: { t: T, providers: Provider[], pending: Mfa | null }) {
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
    const args = verifyArgs(e.target as HTMLFormElement, mfa!)
    run(async () => {
      await client.verifyMfa(args)
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
    return (
      <section aria-labelledby="mfa-title">
        <h2 id="mfa-title">{t('secondFactor')}</h2>
        <form key="mfa" onSubmit={second}>
          <SecondFactorFields mfa={mfa} t={t} busy={busy} onBack={() => setMfa(null)} />
          <ErrorLine error={error} />
        </form>
      </section>
    )
  }
  return (
    <section aria-labelledby="signin-title">
      <h2 id="signin-title">{t('signIn')}</h2>
      <form key="password" onSubmit={password}>
        {field('signin-email', t('email'), { name: 'email', type: 'email', autocomplete: 'username webauthn', required: true })}
        {field('signin-password', t('password'), { name: 'password', type: 'password', autocomplete: 'current-password', required: true })}
        <button type="submit" disabled={busy}>{t('signInPassword')}</button>
      </form>
      <h3>{t('passkey')}</h3>
      <button type="button" disabled={busy} onClick={() => run(() => client.passkeyLogin())}>{t('signInPasskey')}</button>
      <h3>{t('providers')}</h3>
      {providers.length
        ? (
          <ul class="plain">
            {providers.map((p) => (
              <li key={p.name}>
                <button
                  type="button" disabled={busy || !p.available}
                  onClick={() => run(async () => client.signInWithProvider(p.name, { redirectTo: `${location.origin}${location.pathname}` }))}
                >
                  {t('continueWith', { label: p.label })}
                </button>
              </li>
            ))}
          </ul>
          )
        : <p>{t('noProviders')}</p>}
      <h3>{t('signInLink')}</h3>
      <form onSubmit={link}>
        {field('link-email', t('email'), { name: 'email', type: 'email', autocomplete: 'email', required: true })}
        <button type="submit" disabled={busy}>{t('sendLink')}</button>
        {linkSent ? <p role="status">{t('linkSent')}</p> : null}
      </form>
      <form onSubmit={useLink}>
        {field('link-token', t('linkToken'), { name: 'token', autocomplete: 'off', required: true })}
        <button type="submit" disabled={busy}>{t('useLink')}</button>
      </form>
      <ErrorLine error={error} />
    </section>
  )
}

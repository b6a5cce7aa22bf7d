/**
 * The pages whose link opens a session: /sign-in and /cancel-deletion. Each waits for a click
 * (a mail scanner that opens the link must not be the one signed in), then asks for the second
 * factor when the account has one.
 */
import { useState } from 'preact/hooks'
import type { Account, SignInResult } from '../sdk/index.js'
import { ErrorLine, useAction } from '../common/ui.js'
import { mfaOf, type Mfa } from '../common/second-factor.js'
import { client, refusalText, useLinkAction, type Key, type T } from './link.js'
import { Refused, SecondStep, SignedIn } from './views.js'

interface Words { title: Key, intro: Key, button: Key, dead: Key, done?: Key }

/** One click spends the token; then the second step if due, and the account signed in. */
function LinkSession ({ t, words, use, known = {} }: { t: T, words: Words, use: () => Promise<SignInResult>, known?: Record<string, Key> }) {
  const { outcome, run } = useLinkAction<SignInResult>()
  const [user, setUser] = useState<Account | null>(null)
  const [mfa, setMfa] = useState<Mfa | null>(null)
  const first = () => run(async () => {
    const result = await use()
    setMfa(mfaOf(result))
    if (!result.mfaRequired) setUser(result.user)
    return result
  })
  const done = outcome.state === 'done'
  return (
    <section aria-live="polite">
      <h1>{t(words.title)}</h1>
      {done && words.done ? <p class="done">{t(words.done)}</p> : null}
      {user ? <SignedIn t={t} user={user} /> : null}
      {done && mfa && !user ? <SecondStep t={t} mfa={mfa} onDone={setUser} onBack={() => setMfa(null)} /> : null}
      {!done
        ? (
          <>
            <p>{t(words.intro)}</p>
            {outcome.state === 'refused'
              ? <Refused t={t} dead={outcome.dead} text={refusalText(t, outcome, words.dead, known)} />
              : <button type="button" disabled={outcome.state === 'busy'} onClick={first}>{t(words.button)}</button>}
          </>
          )
        : null}
    </section>
  )
}

/** A mailed sign-in link (requestsigninlink, or a lockout's mail). */
export const SignIn = ({ t, token }: { t: T, token: string }) => (
  <LinkSession t={t} use={() => client.signInWithLink(token)} known={{ NOT_FOUND: 'linksOff' }}
    words={{ title: 'signInTitle', intro: 'signInIntro', button: 'signIn', dead: 'signInInvalid' }} />
)

/** The link of a pending erasure: cancels it and signs in. */
export const CancelDeletion = ({ t, token }: { t: T, token: string }) => (
  <LinkSession t={t} use={() => client.cancelDeletion(token)}
    words={{ title: 'cancelTitle', intro: 'cancelIntro', button: 'cancelButton', dead: 'cancelInvalid', done: 'cancelled' }} />
)

/**
 * Email and password, then the second factor when the account has one: for a page that needs the
 * account signed in (the link's token stays the page's).
 */
export function PasswordSignIn ({ t, onSignedIn }: { t: T, onSignedIn: (user: Account) => void }) {
  const { busy, error, run } = useAction()
  const [mfa, setMfa] = useState<Mfa | null>(null)
  if (mfa) return <SecondStep t={t} mfa={mfa} onDone={onSignedIn} onBack={() => setMfa(null)} />
  const submit = (e: Event) => {
    e.preventDefault()
    const form = new FormData(e.target as HTMLFormElement)
    void run(async () => {
      const result = await client.login({ email: String(form.get('email')), password: String(form.get('password')) })
      if (result.mfaRequired) setMfa(mfaOf(result))
      else onSignedIn(result.user)
    })
  }
  return (
    <form onSubmit={submit}>
      <label for="email">{t('email')}</label>
      <input id="email" name="email" type="email" autocomplete="username" required />
      <label for="password">{t('password')}</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required />
      <button type="submit" disabled={busy}>{t('signIn')}</button>
      <ErrorLine error={error} />
    </form>
  )
}

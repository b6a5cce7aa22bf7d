/** The pieces the account pages show alike: a refusal, a missing token, the second step of a sign-in, the signed-in account. */
import { useState } from 'preact/hooks'
import type { Account } from '../sdk/index.js'
import { ErrorLine, useAction } from '../common/ui.js'
import { SecondFactorFields, verifyArgs, type Mfa } from '../common/second-factor.js'
import { client, type Key, type T } from './link.js'

/** A refusal: under a heading that says the link is dead when it is (`dead`), the page's sentence. */
export const Refused = ({ t, dead, text, title = 'invalidTitle' }: { t: T, dead: boolean, text: string, title?: Key }) => (
  <div role="alert">
    {dead ? <h2>{t(title)}</h2> : null}
    <p class="error">{text}</p>
  </div>
)

/** The page was opened without a token (a link cut short, or typed). */
export const Missing = ({ t, title }: { t: T, title: Key }) => (
  <section role="alert">
    <h1>{t(title)}</h1>
    <p class="error">{t('missingToken')}</p>
  </section>
)

/** A link or cancellation that signed in as far as the first step: the account's second factor, then `onDone`. */
export function SecondStep ({ t, mfa, onDone, onBack }: { t: T, mfa: Mfa, onDone: (user: Account) => void, onBack: () => void }) {
  const { busy, error, run } = useAction()
  const submit = (e: Event) => {
    e.preventDefault()
    const args = verifyArgs(e.target as HTMLFormElement, mfa)
    void run(async () => onDone(await client.verifyMfa(args)))
  }
  return (
    <form onSubmit={submit}>
      <h2>{t('secondFactor')}</h2>
      <SecondFactorFields mfa={mfa} t={t} busy={busy} onBack={onBack} />
      <ErrorLine error={error} />
    </form>
  )
}

/** Who is signed in on this browser now, and the way out. */
export function SignedIn ({ t, user }: { t: T, user: Account }) {
  const [out, setOut] = useState(false)
  const { busy, error, run } = useAction()
  if (out) return <p role="status">{t('signedOut')}</p>
  return (
    <>
      <p role="status">{t('signedInAs', { email: user.email })}</p>
      <button type="button" class="secondary" disabled={busy} onClick={() => run(async () => { await client.logout(); setOut(true) })}>{t('signOut')}</button>
      <ErrorLine error={error} />
    </>
  )
}

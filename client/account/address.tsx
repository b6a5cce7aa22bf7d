/**
 * The pages that prove a mailbox and need nothing else: /verify-email and /confirm-email-change
 * run their action as soon as they open (a mail scanner that opens the link proves the same
 * mailbox), and /reset-password asks for the new password first.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { createClient, type LatchkeyClient } from '../sdk/index.js'
import { ErrorLine } from '../common/ui.js'
import { client, refusalText, useLinkAction, type Key, type Outcome, type T } from './link.js'
import { Refused } from './views.js'

type Props = { t: T, token: string }

/** An action that runs once, when the page opens. */
function useOnOpen<V> (action: () => Promise<V>): Outcome<V> {
  const { outcome, run } = useLinkAction<V>()
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    void run(action)
  }, [])
  return outcome.state === 'idle' ? { state: 'busy' } : outcome
}

/** Confirms the address the link was mailed to. */
export function VerifyEmail ({ t, token }: Props) {
  const outcome = useOnOpen(() => client.verifyEmail(token))
  return (
    <section aria-live="polite">
      <h1>{t('verifyTitle')}</h1>
      {outcome.state === 'busy' ? <p class="muted">{t('verifying')}</p> : null}
      {outcome.state === 'done' ? <p class="done">{t('verified', { email: outcome.value.email })}</p> : null}
      {outcome.state === 'refused' ? <Refused t={t} dead={outcome.dead} text={refusalText(t, outcome, 'verifyInvalid')} /> : null}
    </section>
  )
}

/** Moves the account to the new address the link was mailed to. */
export function ConfirmEmailChange ({ t, token }: Props) {
  const outcome = useOnOpen(() => client.confirmEmailChange(token))
  const known: Record<string, Key> = { 'USER.BAD_REQUEST_USER_ALREADY_EXISTS': 'changeTaken' }
  return (
    <section aria-live="polite">
      <h1>{t('changeTitle')}</h1>
      {outcome.state === 'busy' ? <p class="muted">{t('changing')}</p> : null}
      {outcome.state === 'done' ? <p class="done">{t('changed', { email: outcome.value.email })}</p> : null}
      {outcome.state === 'refused' ? <Refused t={t} dead={outcome.dead} text={refusalText(t, outcome, 'changeInvalid', known)} /> : null}
    </section>
  )
}

let admins: LatchkeyClient | undefined
/**
 * A user's reset link, else an admin's: the two kinds' links look alike and open this one page.
 * A token is checked before the password is, so the second try costs no hashing.
 */
async function resetPassword (token: string, password: string): Promise<void> {
  try {
    await client.resetPassword(token, password)
  } catch (err) {
    if ((err as { code?: string }).code !== 'USER.BAD_REQUEST_INVALID_TOKEN') throw err
    admins ??= createClient({ kind: 'admins', lang: document.documentElement.lang })
    await admins.resetPassword(token, password)
  }
}

/** The new password, twice; a weak one is refused with the policy's reasons, and the link still works. */
export function ResetPassword ({ t, token }: Props) {
  const { outcome, run } = useLinkAction<void>()
  const [mismatch, setMismatch] = useState(false)
  const submit = (e: Event) => {
    e.preventDefault()
    const form = new FormData(e.target as HTMLFormElement)
    const password = String(form.get('password'))
    setMismatch(password !== String(form.get('repeat')))
    if (password === String(form.get('repeat'))) void run(() => resetPassword(token, password))
  }
  if (outcome.state === 'done') {
    return <section aria-live="polite"><h1>{t('resetTitle')}</h1><p class="done">{t('resetDone')}</p></section>
  }
  if (outcome.state === 'refused' && outcome.dead) {
    return <section aria-live="polite"><h1>{t('resetTitle')}</h1><Refused t={t} dead text={refusalText(t, outcome, 'resetInvalid')} /></section>
  }
  const refused = outcome.state === 'refused' ? outcome : null
  return (
    <section>
      <form onSubmit={submit}>
        <h1>{t('resetTitle')}</h1>
        <label for="password">{t('newPassword')}</label>
        <input id="password" name="password" type="password" autocomplete="new-password" minLength={8} required />
        <label for="repeat">{t('repeatPassword')}</label>
        <input id="repeat" name="repeat" type="password" autocomplete="new-password" minLength={8} required />
        <button type="submit" disabled={outcome.state === 'busy'}>{t('setPassword')}</button>
      </form>
      <ErrorLine error={mismatch ? t('mismatch') : refused ? refusalText(t, refused, 'resetInvalid') : null} />
      {refused?.reasons.length ? <ul class="reasons">{refused.reasons.map((r) => <li key={r}>{r}</li>)}</ul> : null}
    </section>
  )
}

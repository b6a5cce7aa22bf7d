/**
 * /accept-invite: an organization's invitation, accepted by the signed-in account whose address
 * it was sent to (confirmed). Signed out, the page asks for that account's sign-in first; the
 * token waits in the page meanwhile (a session of this service in another tab counts: reload).
 */
import { useEffect, useState } from 'preact/hooks'
import type { Account, Organization } from '../sdk/index.js'
import { ErrorLine, useAction } from '../common/ui.js'
import { client, refusalText, useLinkAction, type Key, type T } from './link.js'
import { PasswordSignIn } from './sign-in.js'
import { Refused } from './views.js'

const KNOWN: Record<string, Key> = { 'ORG.BAD_REQUEST_EMAIL_NOT_CONFIRMED': 'inviteUnconfirmed', 'ORG.BAD_REQUEST_ALREADY_MEMBER': 'alreadyMember' }

export function AcceptInvite ({ t, token }: { t: T, token: string }) {
  const [user, setUser] = useState<Account | null | undefined>(undefined)
  const { outcome, run, reset } = useLinkAction<Organization>()
  const out = useAction()
  useEffect(() => { client.restore().then(setUser, () => setUser(null)) }, [])

  if (outcome.state === 'done') {
    const { name, role } = outcome.value
    return <section aria-live="polite"><h1>{t('inviteTitle')}</h1><p class="done">{t('joined', { name: name ?? '', role: role ?? '' })}</p></section>
  }
  const refused = outcome.state === 'refused' ? outcome : null
  // Another account than the invited one may accept nothing: it can give way to the right one.
  const otherAccount = () => out.run(async () => {
    await client.logout()
    setUser(null)
    reset()
  })
  return (
    <section aria-live="polite">
      <h1>{t('inviteTitle')}</h1>
      {user === undefined ? <p class="muted">{t('loading')}</p> : null}
      {user === null
        ? (
          <>
            <p>{t('inviteSignIn')}</p>
            <PasswordSignIn t={t} onSignedIn={setUser} />
            <p class="muted">{t('inviteNoAccount')}</p>
          </>
          )
        : null}
      {user
        ? (
          <>
            <p role="status">{t('signedInAs', { email: user.email })}</p>
            {refused
              ? <Refused t={t} dead={refused.dead} title="inviteInvalidTitle" text={refusalText(t, refused, 'inviteInvalid', KNOWN, { email: user.email })} />
              : null}
            <div class="row">
              {refused?.dead
                ? null
                : <button type="button" disabled={outcome.state === 'busy'} onClick={() => run(() => client.orgs.acceptInvitation({ token }))}>{t('accept')}</button>}
              <button type="button" class="secondary" disabled={out.busy} onClick={otherAccount}>{t('otherAccount')}</button>
            </div>
            <ErrorLine error={out.error} />
          </>
          )
        : null}
    </section>
  )
}

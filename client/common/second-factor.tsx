/**
 * The second step of a password or link sign-in, as the demo, the console and the OpenID
 * provider's page show it: which factors the first step left to prove, the form's fields, and the
 * `verifyMfa` arguments its submission makes.
 */
import type { Account, Factor, SignInResult, VerifyMfaArgs } from '../sdk/index.js'

export type Mfa = { mfaToken: string, factors: Factor[] }

/** A first step's answer (or a restored session's account): the second step it asks for, if any. */
export const mfaOf = (result: SignInResult | Account | null | undefined): Mfa | null =>
  result && 'mfaRequired' in result && result.mfaRequired
    ? { mfaToken: result.mfaToken, factors: (result.factors ?? []).filter((f) => f.type === 'totp') }
    : null

/** The form's answer: a code of the chosen factor (the first when there is no choice), else a recovery code. */
export function verifyArgs (form: HTMLFormElement, mfa: Mfa): VerifyMfaArgs {
  const data = new FormData(form)
  const code = String(data.get('code') ?? '').trim()
  const recoveryCode = String(data.get('recoveryCode') ?? '').trim()
  const factorId = String(data.get('factorId') ?? '') || mfa.factors[0]?.id
  return { mfaToken: mfa.mfaToken, ...(code ? { code, factorId } : {}), ...(recoveryCode && !code ? { recoveryCode } : {}) }
}

/** The page's translator, for the words of the fields (each page has its own messages). */
type Words = (key: 'authenticator' | 'code' | 'recoveryCode' | 'verify' | 'back') => string

/**
 * The second step's fields and buttons, inside the page's own form: the choice of factor (only
 * when the account has more than one: a select named `factorId`), the code, a recovery code.
 */
export const SecondFactorFields = ({ mfa, t, busy, onBack }: { mfa: Mfa, t: Words, busy: boolean, onBack: () => void }) => (
  <>
    {mfa.factors.length > 1 && (
      <>
        <label for="mfa-factor">{t('authenticator')}</label>
        <select id="mfa-factor" name="factorId">{mfa.factors.map((f) => <option value={f.id}>{f.name ?? f.type}</option>)}</select>
      </>
    )}
    <label for="mfa-code">{t('code')}</label>
    <input id="mfa-code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" />
    <label for="mfa-recovery">{t('recoveryCode')}</label>
    <input id="mfa-recovery" name="recoveryCode" autocomplete="off" />
    <div class="row">
      <button type="submit" disabled={busy}>{t('verify')}</button>
      <button type="button" class="secondary" onClick={onBack}>{t('back')}</button>
    </div>
  </>
)

import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core'
import { accountError } from './errors.js'
import type { AccountType } from './registry.js'

/** What a new password must be (PASSWORD_MIN_LENGTH, PASSWORD_MIN_SCORE). */
export interface PasswordPolicy { minLength: number, minScore: number }

/** Why a password is refused: a key of the `PASSWORD` namespace of locales/<lang>.json, with its values. */
export interface Weakness { key: string, params?: Record<string, string | number> }

/**
 * zxcvbn's estimator with the common-password and diceware lists and the keyboard graphs of
 * @zxcvbn-ts/language-common, loaded and built once per process on the first new password (about
 * 35 ms and 20 MB: an instance that only signs people in never pays them), never per request. It runs on the event loop, so the work per password is bounded: the first 64
 * characters are estimated (a longer password is strong anyway unless its start is weak), and l33t
 * spellings with at most 4 substitutions are tried (with the library's default, 100, a password
 * crafted with many substitutable characters took hundreds of milliseconds).
 */
let estimator: Promise<ZxcvbnFactory> | undefined
export function estimatorOf (): Promise<ZxcvbnFactory> {
  return (estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(([core, common]) =>
    new core.ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs, maxLength: 64, l33tMaxSubstitutions: 4 })))
}
async function estimate (password: string, userInputs: string[]): Promise<ZxcvbnResult> {
  return (await estimatorOf()).check(password, userInputs)
}

/** The address and its parts (`ana.lopez@example.com`: `ana.lopez`, `ana`, `lopez`, `example`): no password may be built on them. */
function inputsOf (email: string): string[] {
  const [local, domain = ''] = email.toLowerCase().split('@')
  return [...new Set([email.toLowerCase(), local, ...local.split(/[^a-z0-9]+/), domain.split('.')[0]].filter((s) => s.length >= 3))]
}

/** Why `password` is too weak for an account with `email`, or null when it may be used. */
export async function weakness (policy: PasswordPolicy, password: string, email: string): Promise<Weakness | null> {
  if ([...password].length < policy.minLength) return { key: 'PASSWORD[too_short]', params: { min: policy.minLength } }
  const result = await estimate(password, inputsOf(email))
  const whole = result.sequence.length === 1 ? result.sequence[0] : undefined
  // A common password (or a l33t or reversed spelling of one) is refused whatever its score.
  if (whole?.pattern === 'dictionary' && whole.dictionaryName === 'passwords-common') return { key: 'PASSWORD[common]' }
  if (result.score >= policy.minScore) return null
  if (result.sequence.some((m) => m.pattern === 'dictionary' && m.dictionaryName === 'userInputs')) return { key: 'PASSWORD[contains_email]' }
  return { key: 'PASSWORD[too_guessable]', params: { score: result.score, min: policy.minScore } }
}

/**
 * Refuses a weak new password with 400 <TYPE>.BAD_REQUEST_WEAK_PASSWORD, the reason translated in
 * `fields` under the argument's name (`password`, `newPassword`). Checked before any hashing.
 */
export async function assertStrongPassword (kind: AccountType, policy: PasswordPolicy, field: string, password: string, email: string): Promise<void> {
  const found = await weakness(policy, password, email)
  if (found) throw accountError(kind, 'BAD_REQUEST_WEAK_PASSWORD', { fields: [{ name: field, ...found }] })
}

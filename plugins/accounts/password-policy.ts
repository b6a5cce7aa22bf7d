import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core'
import { dictionary, adjacencyGraphs } from '@zxcvbn-ts/language-common'
import { accountError } from './errors.js'
import type { AccountType } from './registry.js'

/** What a new password must be (PASSWORD_MIN_LENGTH, PASSWORD_MIN_SCORE). */
export interface PasswordPolicy { minLength: number, minScore: number }

/** Why a password is refused: a key of the `PASSWORD` namespace of locales/<lang>.json, with its values. */
export interface Weakness { key: string, params?: Record<string, string | number> }

/**
 * zxcvbn's estimator with the common-password and diceware lists and the keyboard graphs of
 * @zxcvbn-ts/language-common, built once per process on first use (about 35 ms and 20 MB), never
 * per request. It runs on the event loop, so the work per password is bounded: the first 64
 * characters are estimated (a longer password is strong anyway unless its start is weak), and l33t
 * spellings with at most 4 substitutions are tried (with the library's default, 100, a password
 * crafted with many substitutable characters took hundreds of milliseconds).
 */
let estimator: ZxcvbnFactory | undefined
export function estimatorOf (): ZxcvbnFactory {
  return (estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: 64, l33tMaxSubstitutions: 4 }))
}
function estimate (password: string, userInputs: string[]): ZxcvbnResult {
  return estimatorOf().check(password, userInputs)
}

/** The address and its parts (`ana.lopez@example.com`: `ana.lopez`, `ana`, `lopez`, `example`): no password may be built on them. */
function inputsOf (email: string): string[] {
  const [local, domain = ''] = email.toLowerCase().split('@')
  return [...new Set([email.toLowerCase(), local, ...local.split(/[^a-z0-9]+/), domain.split('.')[0]].filter((s) => s.length >= 3))]
}

/** Why `password` is too weak for an account with `email`, or null when it may be used. */
export function weakness (policy: PasswordPolicy, password: string, email: string): Weakness | null {
  if ([...password].length < policy.minLength) return { key: 'PASSWORD[too_short]', params: { min: policy.minLength } }
  const result = estimate(password, inputsOf(email))
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
export function assertStrongPassword (kind: AccountType, policy: PasswordPolicy, field: string, password: string, email: string): void {
  const found = weakness(policy, password, email)
  if (found) throw accountError(kind, 'BAD_REQUEST_WEAK_PASSWORD', { fields: [{ name: field, ...found }] })
}

import { Secret, TOTP } from 'otpauth'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { AccountType } from '../../plugins/accounts/registry.js'
import { PASSWORD, login, type Headers, type TestAccount } from './accounts.js'

const PERIOD_MS = 30_000

/** The code an authenticator app shows for `secret`, `offset` steps from now (or from `at`). */
export function totpCode (secret: string, offset = 0, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at + offset * PERIOD_MS })
}

export const currentStep = () => Math.floor(Date.now() / PERIOD_MS)

/**
 * Runs `attempt` again (with fresh state: it must set up its own) when the time step changed
 * while it ran, so that "one step away" means what it says to the server too. Three tries at most.
 */
export async function withinOneStep<T> (attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    const before = currentStep()
    const out = await attempt()
    if (currentStep() === before || tries === 3) return out
  }
}

/** Any action of `kind`, authenticated as the owner of `token` when given. */
export function call (app: FastifyInstance, kind: AccountType, action: string, token: string | null,
  payload: Record<string, unknown> = {}, headers: Headers = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/v1/${kind.path}/${action}`,
    payload,
    headers: { ...(token ? { authorization: `${kind.scheme} ${token}` } : {}), ...headers }
  })
}

export interface Enrolled { factorId: string, secret: string, recoveryCodes: string[] }

/**
 * Enrols and verifies a TOTP factor for the owner of `token`, with the code of the previous step,
 * so that the current and the next step's codes are still unused.
 */
export async function enrolTotp (app: FastifyInstance, kind: AccountType, token: string, name?: string): Promise<Enrolled> {
  const enrol = await call(app, kind, 'enrolltotp', token, name ? { name } : {})
  if (enrol.statusCode !== 200) throw new Error(`enrolltotp answered ${enrol.statusCode}: ${enrol.body}`)
  const { factor, secret } = enrol.json()
  for (let tries = 1; ; tries++) {
    const before = currentStep()
    const res = await call(app, kind, 'verifytotp', token, { factorId: factor.id, code: totpCode(secret, -1) })
    if (res.statusCode === 200) return { factorId: factor.id, secret, recoveryCodes: res.json().recoveryCodes }
    if (currentStep() === before || tries === 3) throw new Error(`verifytotp answered ${res.statusCode}: ${res.body}`)
  }
}

/** The first step of an account with a verified TOTP factor: its mfaToken (throws unless 200 mfaRequired). */
export async function mfaToken (app: FastifyInstance, kind: AccountType, account: TestAccount, headers: Headers = {}): Promise<string> {
  const res = await login(app, kind, { email: account.email, password: account.password ?? PASSWORD }, headers)
  if (res.statusCode !== 200 || !res.json().mfaRequired) throw new Error(`login answered ${res.statusCode}: ${res.body}`)
  return res.json().mfaToken
}

export function verifyMfa (app: FastifyInstance, kind: AccountType, payload: Record<string, unknown>, headers: Headers = {}) {
  return call(app, kind, 'verifymfa', null, payload, headers)
}

/** Forgets the steps used on a factor, so a test may sign in again within the same 30 s (setup only). */
export async function forgetUsedSteps (app: FastifyInstance, kind: AccountType, factorId: string): Promise<void> {
  await app.sql.unsafe(`update "${kind.type}_factors" set last_used_step = null where id = $1`, [factorId])
}

/**
 * Signs in with password and a current code: the aal2 session's body (throws otherwise). The
 * factor's used steps are forgotten first, so it can be called again at once.
 */
export async function signInAal2 (app: FastifyInstance, kind: AccountType, account: TestAccount, enrolled: Enrolled, headers: Headers = {}) {
  await forgetUsedSteps(app, kind, enrolled.factorId)
  const token = await mfaToken(app, kind, account, headers)
  const res = await verifyMfa(app, kind, { mfaToken: token, factorId: enrolled.factorId, code: totpCode(enrolled.secret) }, headers)
  if (res.statusCode !== 201) throw new Error(`verifymfa answered ${res.statusCode}: ${res.body}`)
  return res.json() as { token: string, refreshToken: string } & Record<string, any>
}

/** A six-digit code that none of the three accepted steps of `secret` has. */
export function wrongCode (secret: string): string {
  const valid = new Set([-1, 0, 1].map((offset) => totpCode(secret, offset)))
  for (let n = 1; ; n++) {
    const code = String((n * 271_828) % 1_000_000).padStart(6, '0')
    if (!valid.has(code)) return code
  }
}

/** What the account's second-factor count holds (undefined: no row). */
export async function attemptsOf (app: FastifyInstance, kind: AccountType, ownerId: string) {
  const [row] = await app.sql.unsafe(`select failures, locked_until from "${kind.type}_mfa_attempts" where "${kind.ownerColumn}" = $1`, [ownerId])
  return row
}

/** `count` wrong codes as an attacker with the password sends them: a fresh challenge (password step) every five. */
export async function guessCodes (app: FastifyInstance, kind: AccountType, account: TestAccount, enrolled: Enrolled, count: number) {
  const answers: LightMyRequestResponse[] = []
  let token = ''
  for (let i = 0; i < count; i++) {
    if (i % 5 === 0) token = await mfaToken(app, kind, account)
    answers.push(await verifyMfa(app, kind, { mfaToken: token, factorId: enrolled.factorId, code: wrongCode(enrolled.secret) }))
  }
  return answers
}

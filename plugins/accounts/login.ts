import type { FastifyInstance } from 'fastify'
import type { AccountType, Client, OrgClaim } from './registry.js'
import { accountError, type AccountErrorName } from './errors.js'
import { hashPassword, needsRehash, verifyPassword } from './passwords.js'
import { createLockout } from './lockout.js'
import { normalizeEmail, presentAccount, repositoryOf, type Owner } from './repository.js'
import type { Credentials } from './repository/owners.js'
import type { NewSessionParams } from './repository/sessions.js'
import type { OpenExtrasParams } from './repository/safety.js'
import { newOpaqueToken } from './tokens.js'
import { PASSWORD, type Assurance } from './assurance.js'
import type { FirstStep, MfaRequired } from './steps.js'
import { statement, type Queryable, type Statement } from '../core/db.js'
import { uuidv7 } from '../../random.js'
import { recordEvent } from '../audit/index.js'
import type { PublicAccount } from '../../schemas/accounts.js'

export type { FirstStep, MfaRequired } from './steps.js'

/** Where a session is opened from: stored on the session row. */
export interface SessionMeta {
  client: Client
  platform: string
  userAgent: string | null
  ip: string | null
  /** The request's language, for a mail the sign-in queues (the lockout's); English when absent. */
  locale?: string
}

/** A hash just verified (`from`) that is not of the current argon2id parameters, and its replacement, written when the session opens. */
export interface Rehash { from: string, to: string }

/** The account whose password was right, and its hash's replacement if it needs one. */
export type Checked = Credentials & { rehash: Rehash | null }

export interface Issued {
  account: PublicAccount
  token: string
  refreshToken: string
}

/**
 * What an account whose credentials were right still needs before a session opens: 'session',
 * or the name of a registered sign-in step that is due (steps.ts; factors' 'mfa': a verified
 * TOTP factor), which login answers instead of tokens.
 */
export type NextStep = string

/** The account a first step proved: `pending` when its statement carried the steps' column (steps.ts), else one more read. */
export interface SignInAccount { id: string, pending?: string | null, rehash?: Rehash | null }

/** What a sign-in answers: a session, or the second step. */
export type SignIn = Issued | MfaRequired
export const isMfaRequired = (out: SignIn): out is MfaRequired => 'mfaRequired' in out

/**
 * Sign-in in steps, so that every way in (password today; second factor, passkey, provider, link)
 * reuses them: check the credentials, decide what the account still needs, open the session.
 * Each step is one statement; a password login is two round trips, as before the split.
 */
export function createLogin (app: FastifyInstance) {
  const { sql, tokens, config, signInSteps } = app
  const lockout = createLockout(app)
  // The steps' column read on its own, for a first step whose statement did not carry it; built at the first.
  const pendingReads = new Map<AccountType, Statement<{ pending: string | null }, { id: string }>>()

  /** A new session of `ownerId`, which opens a family named after it; params of the `open` and `register` statements. */
  function newSession (ownerId: string, meta: SessionMeta, assurance: Assurance) {
    const refresh = newOpaqueToken()
    const familyId = uuidv7()
    const params: NewSessionParams = { ownerId, sessionId: familyId, hash: refresh.hash, expiresAt: tokens.refreshExpiresAt(), client: meta.client,
      platform: meta.platform, userAgent: meta.userAgent, ip: meta.ip, aal: assurance.aal, amr: assurance.amr }
    return { params, familyId, refreshToken: refresh.token }
  }

  /**
   * The parameters of what opening a session also does (repository/safety.ts): a password sign-in
   * takes its counted attempt back, a hash of other parameters is replaced, the session cap applies.
   */
  function safetyParams (assurance: Assurance, rehash: Rehash | null): OpenExtrasParams {
    return { release: lockout.enabled && assurance.amr.includes('pwd'), rehashTo: rehash?.to ?? null, rehashFrom: rehash?.from ?? null,
      maxSessions: config.maxSessionsPerAccount, capEventId: uuidv7() }
  }

  /** The answer of a session's tokens; `org`: the organization it acts for (its access token's claim). */
  function issue (kind: AccountType, row: Owner, client: Client, refreshToken: string, familyId: string, assurance: Assurance,
    org: OrgClaim | null = null): Issued {
    return {
      account: presentAccount(row),
      token: tokens.sign(kind, { id: row.id, tokenVersion: row.token_version, name: row.name, appMetadata: row.app_metadata as Record<string, unknown> }, familyId, client, assurance, org),
      refreshToken
    }
  }

  /**
   * Step 1: the account that email and password open, checked in the documented order
   * (credentials, isActive, deletedAt, email confirmation: docs/behaviour.md#login). A failure is recorded with the
   * address tried and why, never the password, and thrown as the type's error.
   */
  async function checkCredentials (kind: AccountType, email: string, password: string, meta: SessionMeta): Promise<Checked> {
    const address = normalizeEmail(email)
    // The read counts the attempt when the lockout is on (lockout.ts): a locked address is 429 here.
    const attempt = await lockout.attempt(kind, address)
    const { found } = attempt
    const fail = async (name: AccountErrorName, reason: string) => {
      await recordEvent(sql, { event: 'login.failed', accountType: kind.type, accountId: found?.id ?? null, data: { email: address, reason } },
        { actorType: null, actorId: null, sessionId: null, ip: meta.ip, userAgent: meta.userAgent })
      await lockout.failed(kind, address, found?.id ?? null, attempt, meta)
      return accountError(kind, name)
    }
    // An unknown address is verified against a dummy hash: it takes as long as a wrong password.
    if (!await verifyPassword(found?.password, password) || !found) {
      throw await fail('BAD_REQUEST_INVALID_LOGIN_CREDENTIALS', !found ? 'unknown_email' : found.password ? 'wrong_password' : 'no_password')
    }
    if (!found.is_active) throw await fail('BAD_REQUEST_ACCOUNT_INACTIVE', 'inactive')
    if (found.deleted_at) throw await fail('BAD_REQUEST_ACCOUNT_DELETED', 'deleted')
    if (config.requireEmailConfirmed && !found.is_email_confirmed) throw await fail('UNAUTHORIZED_EMAIL_NOT_CONFIRMED', 'email_not_confirmed')
    // A hash of other parameters (bcrypt, argon2i or argon2d, older argon2id) is replaced with the session this sign-in opens.
    return { ...found, rehash: found.password && needsRehash(found.password) ? { from: found.password, to: await hashPassword(password) } : null }
  }

  /** Step 2: what the account still needs: the first registered sign-in step due (steps.ts), else its session. */
  async function nextStep (kind: AccountType, account: SignInAccount): Promise<NextStep> {
    if (account.pending !== undefined) return account.pending ?? 'session'
    if (!signInSteps.steps.length) return 'session'
    let read = pendingReads.get(kind)
    if (!read) pendingReads.set(kind, read = statement<{ pending: string | null }, { id: string }>((p) => `select ${signInSteps.pendingSql(kind)(p.id)} as pending`))
    return (await read.run(sql, { id: account.id }))[0].pending ?? 'session'
  }

  /**
   * Steps 2 and 3 for every sign-in method, after its own first step (`method`: how it was
   * passed): the session (aal1, amr [method]), or the answer of the sign-in step that is due
   * (factors' second step: the MFA answer).
   */
  async function completeSignIn (kind: AccountType, account: SignInAccount, meta: SessionMeta, method: FirstStep): Promise<SignIn> {
    const next = await nextStep(kind, account)
    if (next === 'session') return openSession(kind, account.id, meta, method === 'pwd' ? PASSWORD : { aal: 'aal1', amr: [method] }, sql, account.rehash ?? null)
    return signInSteps.steps.find((step) => step.name === next)!.open(kind, account.id, method)
  }

  /**
   * Step 3: the login bookkeeping, a new session family and the login.succeeded event in one
   * statement, and the tokens. Nothing is written for an account deactivated or deleted since
   * its credentials were checked (the same answer as wrong credentials). `assurance`: how the
   * holder was authenticated (a password by default), kept by the session and its tokens; `db`:
   * the transaction of a second step.
   */
  async function openSession (kind: AccountType, ownerId: string, meta: SessionMeta, assurance: Assurance = PASSWORD,
    db: Queryable = sql, rehash: Rehash | null = null): Promise<Issued> {
    const { params, familyId, refreshToken } = newSession(ownerId, meta, assurance)
    const [row] = await repositoryOf(kind).sessions.open.run(db, { ...params, eventId: uuidv7(), ...safetyParams(assurance, rehash) })
    if (!row) throw accountError(kind, 'BAD_REQUEST_INVALID_LOGIN_CREDENTIALS')
    return issue(kind, row, meta.client, refreshToken, familyId, assurance)
  }

  return {
    checkCredentials,
    nextStep,
    openSession,
    completeSignIn,
    newSession,
    issue,

    /** Email and password for a session or the second step: the steps in order, two statements either way. */
    async login (kind: AccountType, email: string, password: string, meta: SessionMeta): Promise<SignIn> {
      return completeSignIn(kind, await checkCredentials(kind, email, password, meta), meta, 'pwd')
    }
  }
}

import { randomBytes } from 'node:crypto'
import type tap from 'tap'
import { AppError } from '../../plugins/core/errors.js'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { AccountType } from '../../plugins/accounts/registry.js'
import { parseSetCookies, sha256 } from './tokens.js'

/** The subtest object tap hands to a `t.test` callback. */
export type TapTest = Parameters<Parameters<typeof tap.test>[0]>[0]

/** Builds that log in many times must not trip the login or the global limiter. */
export const ENV = { LOGIN_RATE_LIMIT_MAX: '1000', RATE_LIMIT_MAX: '100000' }

export const PASSWORD = 'correct horse battery staple'

/** What a production build needs on top of ENV (secrets are mandatory there, and the service's address for its mailed links). */
export const PRODUCTION_ENV = {
  ...ENV,
  NODE_ENV: 'production', SMTP_URL: 'smtp://mail.invalid:25', PUBLIC_URL: 'https://auth.example.com',
  ACCESS_TOKEN_SECRET: 'p'.repeat(40),
  REFRESH_TOKEN_SECRET: 'r'.repeat(40)
}

const ACCOUNT_KEYS = ['appMetadata', 'createdAt', 'email', 'familyName', 'givenName', 'id', 'isActive', 'isEmailConfirmed', 'lastLogin', 'lastLoginAt',
  'locale', 'loginCount', 'name', 'picture', 'updatedAt', 'userMetadata', 'zoneinfo']

/** Default lifetimes of the test configuration, in seconds. */
export const ACCESS_TTL = 15 * 60
export const REFRESH_TTL = 60 * 86400

export type Action = 'login' | 'register' | 'refresh' | 'logout' | 'logoutall' | 'me' | 'listsessions' | 'revokesession' | 'logoutothers' |
  'requestemailverification' | 'verifyemail' | 'requestpasswordreset' | 'resetpassword' | 'changepassword' |
  'requestemailchange' | 'confirmemailchange' | 'resendverification'

export function route (kind: AccountType, action: Action): string {
  return `/v1/${kind.path}/${action}`
}

/** The public `error` string of an account error: `USER.BAD_REQUEST_...`, `ADMIN.BAD_REQUEST_...`. */
export function accountError (kind: AccountType, rest: string): string {
  return `${kind.errorPrefix}.${rest}`
}

export function uniqueEmail (label: string): string {
  return `${label}-${randomBytes(5).toString('hex')}@latchkey.test`
}

export interface AccountOptions {
  isActive?: boolean
  deletedAt?: Date | null
  isEmailConfirmed?: boolean
}

export interface TestAccount { id: string, email: string, password: string }

/** An account of `kind` created like the CLI does (accountAdmin.create), then given the requested flags. */
export async function createTestAccount (app: FastifyInstance, kind: AccountType, opts: AccountOptions & {
  email?: string
  password?: string
} = {}): Promise<TestAccount> {
  const email = opts.email ?? uniqueEmail(kind.type)
  const password = opts.password ?? PASSWORD
  const account = await app.accountAdmin.create(kind, email, password)
  await app.sql.unsafe(`update "${kind.ownerTable}" set is_active = $2, deleted_at = $3, is_email_confirmed = $4 where id = $1`,
    [account.id, opts.isActive ?? true, opts.deletedAt ?? null, opts.isEmailConfirmed ?? false])
  return { id: account.id, email: account.email, password }
}

export interface Headers { [name: string]: string }

export function login (app: FastifyInstance, kind: AccountType, payload: Record<string, unknown>, headers: Headers = {}) {
  return app.inject({ method: 'POST', url: route(kind, 'login'), payload, headers })
}

export interface SignedIn {
  res: LightMyRequestResponse
  token: string
  refreshToken: string
  account: Record<string, any>
}

/** A login that must succeed; throws with the body otherwise, so a broken login fails loudly. */
export async function signIn (app: FastifyInstance, kind: AccountType, account: TestAccount, headers: Headers = {}): Promise<SignedIn> {
  const res = await login(app, kind, { email: account.email, password: account.password }, headers)
  if (res.statusCode !== 201) throw new Error(`login of ${account.email} answered ${res.statusCode}: ${res.body}`)
  const body = res.json()
  return { res, token: body.token, refreshToken: body.refreshToken, account: body[kind.bodyKey] }
}

export function refresh (app: FastifyInstance, kind: AccountType, opts: { body?: unknown, cookie?: string, headers?: Headers } = {}) {
  return app.inject({
    method: 'POST',
    url: route(kind, 'refresh'),
    ...(opts.body === undefined ? {} : { payload: opts.body as Record<string, unknown> }),
    headers: { ...(opts.cookie === undefined ? {} : { cookie: `${kind.cookie}=${opts.cookie}` }), ...opts.headers }
  })
}

/** The new password the reset helpers set unless told otherwise. */
export const NEW_PASSWORD = 'a brand new password'

/**
 * Sends a hashing request again while the hashing line answers 503 with Retry-After, as a client
 * does: of several sent at once on a loaded machine, one may wait past its 1 s turn
 * (docs/behaviour.md#overload). A refused request ran nothing, so what the test asserts of the
 * others is unchanged.
 */
export async function admitted (send: () => Promise<LightMyRequestResponse>, tries = 25): Promise<LightMyRequestResponse> {
  for (let i = 1; ; i++) {
    const res = await send()
    if (res.statusCode !== 503 || i === tries) return res
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Asks for a password reset of `email` (`query`: e.g. `?lang=es`). */
export function requestReset (app: FastifyInstance, kind: AccountType, email: string, opts: { query?: string, headers?: Headers } = {}) {
  return app.inject({ method: 'POST', url: `${route(kind, 'requestpasswordreset')}${opts.query ?? ''}`, payload: { email }, headers: opts.headers })
}

/** Sets a new password with the token of a mailed reset link. */
export function resetPassword (app: FastifyInstance, kind: AccountType, token: unknown, password: unknown = NEW_PASSWORD) {
  return app.inject({ method: 'POST', url: route(kind, 'resetpassword'), payload: { token, password } })
}

/** Calls a protected route (logout, logoutall) as the owner of `token`. */
export function authed (app: FastifyInstance, kind: AccountType, action: Action, token: string,
  opts: { body?: Record<string, unknown>, cookie?: string, headers?: Headers } = {}) {
  return app.inject({
    method: 'POST',
    url: route(kind, action),
    ...(opts.body === undefined ? {} : { payload: opts.body }),
    headers: {
      authorization: `${kind.scheme} ${token}`,
      ...(opts.cookie === undefined ? {} : { cookie: `${kind.cookie}=${opts.cookie}` }),
      ...opts.headers
    }
  })
}

/**
 * Asserts the one refresh cookie of a response carries `value` with the attributes docs/api.md#accounts
 * shows: HttpOnly, SameSite=Strict, Path=/, Max-Age the refresh lifetime, Secure in production, no Domain.
 */
export function assertRefreshCookie (t: TapTest, res: LightMyRequestResponse, kind: AccountType,
  expected: { value: string, maxAge?: number, secure?: boolean }) {
  const cookies = parseSetCookies(res).filter((c) => c.name === kind.cookie)
  t.equal(cookies.length, 1, `one ${kind.cookie} cookie is set`)
  const [cookie] = cookies
  if (!cookie) return
  t.equal(cookie.value, expected.value, 'the cookie carries the refresh token of the body')
  t.equal(cookie.attributes.httponly, true, 'HttpOnly')
  t.equal(cookie.attributes.samesite, 'Strict', 'SameSite=Strict')
  t.equal(cookie.attributes.path, '/', 'Path=/')
  t.equal(cookie.attributes['max-age'], String(expected.maxAge ?? REFRESH_TTL), 'Max-Age is the refresh lifetime in seconds')
  t.equal(cookie.attributes.secure, expected.secure ? true : undefined, expected.secure ? 'Secure' : 'not Secure')
  t.equal(cookie.attributes.domain, undefined, 'no Domain')
}

/** Asserts the refresh cookie is cleared with the login attributes and an expiry in the past. */
export function assertClearedCookie (t: TapTest, res: LightMyRequestResponse, kind: AccountType, expected: { secure?: boolean } = {}) {
  const cookies = parseSetCookies(res).filter((c) => c.name === kind.cookie)
  t.equal(cookies.length, 1, `one ${kind.cookie} cookie is sent`)
  const [cookie] = cookies
  if (!cookie) return
  t.equal(cookie.value, '', 'the cookie is emptied')
  t.equal(cookie.attributes.httponly, true, 'HttpOnly')
  t.equal(cookie.attributes.samesite, 'Strict', 'SameSite=Strict')
  t.equal(cookie.attributes.path, '/', 'Path=/')
  t.equal(cookie.attributes.secure, expected.secure ? true : undefined, expected.secure ? 'Secure' : 'not Secure')
  const expires = cookie.attributes.expires
  t.ok(typeof expires === 'string' && Date.parse(expires) < Date.now(), `Expires is in the past (${String(expires)})`)
  const maxAge = cookie.attributes['max-age']
  t.ok(maxAge === undefined || Number(maxAge) <= 0, 'no positive Max-Age')
}

/** Asserts the flat error body: exactly status, success, error, message (and fields on validation). */
export function assertError (t: TapTest, res: LightMyRequestResponse, status: number, error: string) {
  t.equal(res.statusCode, status, `answers ${status}`)
  const body = res.json()
  t.equal(body.error, error, `error is ${error}`)
  t.equal(body.status, status, 'status in the body equals the HTTP status')
  t.equal(body.success, false, 'success is false')
  t.ok(typeof body.message === 'string' && body.message.length > 0, 'a message is given')
  const keys = ['error', 'message', 'status', 'success', ...(body.fields === undefined ? [] : ['fields'])]
  t.same(Object.keys(body).sort(), keys.sort(), 'no other keys in the error body')
  return body
}

/** Asserts a login/register/refresh success body and returns it. */
export function assertIssued (t: TapTest, res: LightMyRequestResponse, kind: AccountType, status: 200 | 201) {
  t.equal(res.statusCode, status, `answers ${status}`)
  const body = res.json()
  t.same(Object.keys(body).sort(), [kind.bodyKey, 'refreshToken', 'status', 'success', 'token'].sort(),
    `the body has exactly status, success, token, refreshToken and ${kind.bodyKey}`)
  t.equal(body.status, status)
  t.equal(body.success, true)
  t.match(body.token, /^[\w-]+\.[\w-]+\.[\w-]+$/, 'token is a JWT')
  t.match(body.refreshToken, /^[0-9a-f]{64}$/, 'refreshToken is 64 hex characters')
  t.same(Object.keys(body[kind.bodyKey] ?? {}).sort(), ACCOUNT_KEYS, `the ${kind.bodyKey} object has exactly the public fields`)
  t.notMatch(res.payload, /password|\$argon2/i, 'no password or hash anywhere in the response')
  t.same([res.headers['cache-control'], res.headers.pragma], ['no-store', 'no-cache'], 'a response with tokens is never cached (RFC 6749 5.1)')
  return body
}

export type Row = Record<string, any>

/** Every session of an owner, oldest first. */
export async function sessionsOf (app: FastifyInstance, kind: AccountType, ownerId: string): Promise<Row[]> {
  return [...await app.sql.unsafe(`select * from "${kind.sessionTable}" where "${kind.ownerColumn}" = $1 order by created_at, id`, [ownerId])]
}

/** The session of a raw refresh token (looked up by its SHA-256, as the service does). */
export async function sessionOf (app: FastifyInstance, kind: AccountType, refreshToken: string): Promise<Row | undefined> {
  const [row] = await app.sql.unsafe(`select * from "${kind.sessionTable}" where refresh_token_hash = $1`, [sha256(refreshToken)])
  return row
}

export async function ownerOf (app: FastifyInstance, kind: AccountType, id: string): Promise<Row | undefined> {
  const [row] = await app.sql.unsafe(`select * from "${kind.ownerTable}" where id = $1`, [id])
  return row
}

export async function countSessions (app: FastifyInstance, kind: AccountType): Promise<number> {
  const [{ n }] = await app.sql.unsafe(`select count(*)::int as n from "${kind.sessionTable}"`)
  return n
}

/**
 * Installs a row trigger on the session table of `kind` running `body` (PL/pgSQL) for `event`;
 * returns the function that removes it again (safe to call twice).
 */
async function sessionTrigger (app: FastifyInstance, kind: AccountType, name: string, event: string, body: string) {
  const fn = `latchkey_test_${name}_${kind.type}`
  await app.sql.unsafe(`create function ${fn}() returns trigger language plpgsql as $$ begin ${body} return new; end $$`)
  await app.sql.unsafe(`create trigger ${fn} ${event} on "${kind.sessionTable}" for each row execute function ${fn}()`)
  let removed = false
  return async () => {
    if (removed) return
    removed = true
    await app.sql.unsafe(`drop trigger if exists ${fn} on "${kind.sessionTable}"`)
    await app.sql.unsafe(`drop function if exists ${fn}()`)
  }
}

/**
 * Makes every rotation of `kind` fail half-way: the rotating statement has already inserted the
 * new session when the update of the old one raises.
 */
export function failRotations (app: FastifyInstance, kind: AccountType): Promise<() => Promise<void>> {
  return sessionTrigger(app, kind, 'fail_rotation', 'before update',
    `if new.replaced_by_session_id is not null then raise exception 'rotation failed on purpose'; end if;`)
}

/**
 * Makes every new session of `kind` take `ms` to insert, so that a rotation stays open long
 * enough for concurrent refreshes to overlap with it instead of running one after another.
 */
export function slowSessionInserts (app: FastifyInstance, kind: AccountType, ms: number): Promise<() => Promise<void>> {
  return sessionTrigger(app, kind, 'slow_insert', 'before insert', `perform pg_sleep(${ms / 1000});`)
}

/** Fields of a session row that a state change can touch. */
export function sessionState (row: Row | undefined) {
  if (!row) return row
  return { revokedAt: row.revoked_at, replacedBySessionId: row.replaced_by_session_id, lastUsedAt: row.last_used_at }
}

/** Within `slack` milliseconds of now (database and test clocks are the same machine). */
export function isRecent (value: unknown, slack = 10_000): boolean {
  return value instanceof Date && Math.abs(value.getTime() - Date.now()) < slack
}

/** The advisory lock a gated rotation waits on before inserting its successor (see revokeDuringRotation). */
const ROTATION_GATE = 7_253_001

/**
 * Runs `revoke` while a refresh of `refreshToken` is half-way through its rotation: the rotation
 * has locked the old row and waits, before inserting the successor, on an advisory lock the test
 * holds; that lock is released only once the revocation is seen waiting for the rotation, so the
 * revoking statement's snapshot cannot contain the successor. Returns both answers.
 */
export async function revokeDuringRotation<T> (app: FastifyInstance, kind: AccountType, refreshToken: string,
  revoke: () => Promise<T>): Promise<{ refreshed: LightMyRequestResponse, revoked: T }> {
  const restore = await sessionTrigger(app, kind, 'gate_insert', 'before insert', `perform pg_advisory_xact_lock_shared(${ROTATION_GATE});`)
  // A connection of its own: pg_stat_activity is read afresh by each statement outside a transaction.
  const gate = await app.sql.reserve()
  try {
    await gate.unsafe(`select pg_advisory_lock(${ROTATION_GATE})`)
    const refreshing = refresh(app, kind, { body: { refreshToken } })
    refreshing.catch(() => {}) // awaited below; a failure must not go unhandled meanwhile
    const rotation = await waitForBackend(gate, 'the rotation to wait at the gate',
      `wait_event_type = 'Lock' and wait_event = 'advisory'`)
    const revoking = revoke()
    revoking.catch(() => {})
    await waitForBackend(gate, 'the revocation to wait for the rotation\'s row lock', `${rotation} = any(pg_blocking_pids(pid))`)
    await gate.unsafe(`select pg_advisory_unlock(${ROTATION_GATE})`)
    const [revoked, refreshed] = await Promise.all([revoking, refreshing])
    return { refreshed, revoked }
  } finally {
    await gate.unsafe('select pg_advisory_unlock_all()')
    gate.release()
    await restore()
  }
}

/** Polls pg_stat_activity until a backend of this database matches `where`; its pid. */
async function waitForBackend (db: FastifyInstance['sql'], what: string, where: string, timeoutMs = 10_000): Promise<number> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const [row] = await db.unsafe(`select pid from pg_stat_activity where datname = current_database() and ${where} limit 1`)
    if (row) return row.pid
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** Sessions of an owner not revoked yet (optionally of one family). */
export async function liveSessions (app: FastifyInstance, kind: AccountType, ownerId: string, familyId?: string): Promise<number> {
  const [{ n }] = await app.sql.unsafe(`select count(*)::int as n from "${kind.sessionTable}"
    where "${kind.ownerColumn}" = $1 and revoked_at is null and ($2::uuid is null or family_id = $2)`, [ownerId, familyId ?? null])
  return n
}

/** The `error` string a service call threw (an AppError's), or undefined when it succeeded. */
export async function refusal (promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise
  } catch (err) {
    return err instanceof AppError ? err.message : String(err)
  }
  return undefined
}

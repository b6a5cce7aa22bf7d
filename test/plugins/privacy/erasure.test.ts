/**
 * Letting people out (docs/behaviour.md#deleting-and-exporting-an-account): a user deletes its own
 * account (re-authenticated), is deactivated at once and mailed the date with a link that cancels
 * it; after ACCOUNT_ERASURE_DELAY graphile-worker's job erases it, and then no table holds its
 * address, IP address or user agent; its audit events stay under one tombstone id. Admins erase
 * at once. Every refusal is a 4xx in the standard body that changes nothing.
 */
import t from 'tap'
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { build } from '../../helpers/app.js'
import { ENV, assertError, assertIssued, createTestAccount, login, ownerOf, refresh, signIn, uniqueEmail, type TestAccount } from '../../helpers/accounts.js'
import { call, enrolTotp, signInAal2 } from '../../helpers/factors.js'
import { linkToken, smtpCatcher } from '../../helpers/mail.js'
import { ROLE_IDS, addMembership, newKey, newMember, newOrg, orgCall } from '../../helpers/orgs.js'

const USER = ACCOUNT_TYPES.user
const ADMIN = ACCOUNT_TYPES.admin

/** A UUIDv7 of `ms` ago: a session family that signed in then. */
function familyIdOf (agoMs: number): string {
  const hex = (Date.now() - agoMs).toString(16).padStart(12, '0') + randomBytes(10).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** An access token of `account` whose session family signed in `agoMs` ago (the family's id carries its start). */
async function staleToken (app: FastifyInstance, account: TestAccount, agoMs: number): Promise<string> {
  const { refreshToken } = await signIn(app, USER, account)
  await app.sql`update user_sessions set family_id = ${familyIdOf(agoMs)} where user_id = ${account.id}`
  const res = await refresh(app, USER, { body: { refreshToken } })
  if (res.statusCode !== 200) throw new Error(`refresh answered ${res.statusCode}: ${res.body}`)
  return res.json().token
}

/** Every row of every table (the service's, and graphile-worker's jobs) whose text contains one of `needles`: `table: row`. */
async function rowsNaming (app: FastifyInstance, needles: string[]): Promise<string[]> {
  const tables = await app.sql<{ name: string }[]>`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
    where table_type = 'BASE TABLE' and (table_schema = 'public' or (table_schema = 'graphile_worker' and table_name = '_private_jobs'))`
  const found: string[] = []
  for (const { name } of tables) {
    const rows = await app.sql.unsafe(`select row_to_json(t)::text as row from ${name} t`)
    for (const { row } of rows) if (needles.some((needle) => (row as string).toLowerCase().includes(needle.toLowerCase()))) found.push(`${name}: ${row}`)
  }
  return found
}

async function until<T> (what: string, probe: () => Promise<T | undefined | null | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

t.test('deleteaccount: refusals change nothing; then deactivated, mailed, cancelled, asked again and erased by the job', async (t) => {
  const mail = await smtpCatcher(t)
  const app = await build(t, { env: { ...ENV, WORKER_ENABLED: 'true', SMTP_URL: mail.url, ACCOUNT_ERASURE_DELAY: '3s', PUBLIC_APP_URL: 'https://app.example.com' } })
  const ip = '203.0.113.77'
  const userAgent = `ErasureTest/${randomBytes(4).toString('hex')}`
  const from = { 'user-agent': userAgent }
  const account = await createTestAccount(app, USER, { isEmailConfirmed: true })
  const inject = (url: string, token: string | null, payload: Record<string, unknown> = {}) => app.inject({
    method: 'POST', url, payload, remoteAddress: ip, headers: { ...from, ...(token && { authorization: `jwt-user ${token}` }) }
  })

  // What the person leaves around: sessions from its device, a wrong password (lockout row, login.failed with its address),
  // an organization of its own with a key and an invitation, a post, an invitation to its address from someone else.
  t.equal((await inject('/v1/users/login', null, { email: account.email, password: 'not the password' })).statusCode, 400)
  const { token } = await signIn(app, USER, account, from)
  const signedIn = (await inject('/v1/users/login', null, { email: account.email, password: account.password })).json()
  const own = await newOrg(app, { account, token })
  await newKey(app, { account, token }, own.id, ['members:read'])
  t.equal((await orgCall(app, 'invite', token, { organizationId: own.id, email: uniqueEmail('friend'), role: 'member' })).statusCode, 201)
  const inviter = await newMember(app)
  const theirs = await newOrg(app, inviter)
  t.equal((await orgCall(app, 'invite', inviter.token, { organizationId: theirs.id, email: account.email, role: 'member' })).statusCode, 201)
  t.equal((await app.inject({ method: 'POST', url: '/v1/posts/create', payload: { title: 'my words' }, headers: { authorization: `jwt-user ${token}` } })).statusCode, 201)
  const before = new Set((await rowsNaming(app, [account.email])).map((row) => row.split(':')[0]))
  t.ok(['users', 'login_attempts', 'invitations', 'audit_events'].every((table) => before.has(`public.${table}`)), 'the address is in many tables before')
  t.ok((await rowsNaming(app, [ip])).length > 2 && (await rowsNaming(app, [userAgent])).length > 2, 'so are its IP address and user agent')

  t.test('refusals: a wrong password, a stale session, aal1 with a factor, the last owner with other members', async (t) => {
    assertError(t, await inject('/v1/users/deleteaccount', token, { password: 'wrong password' }), 400, 'USER.BAD_REQUEST_INVALID_CURRENT_PASSWORD')
    const stale = await staleToken(app, account, 6 * 60_000)
    assertError(t, await inject('/v1/users/deleteaccount', stale), 403, 'USER.FORBIDDEN_REAUTHENTICATION_REQUIRED')
    assertError(t, await inject('/v1/users/exportdata', stale), 403, 'USER.FORBIDDEN_REAUTHENTICATION_REQUIRED')
    assertError(t, await inject('/v1/users/deleteaccount', null, { password: account.password }), 401, 'UNAUTHORIZED')

    const guarded = await createTestAccount(app, USER, { isEmailConfirmed: true })
    const first = await signIn(app, USER, guarded)
    await enrolTotp(app, USER, first.token)
    t.ok((await login(app, USER, { email: guarded.email, password: guarded.password })).json().mfaRequired, 'a password alone is one factor now')
    assertError(t, await call(app, USER, 'deleteaccount', first.token, { password: guarded.password }), 403, 'USER.FORBIDDEN_AAL2_REQUIRED')

    const owner = await newMember(app)
    const shared = await newOrg(app, owner)
    await addMembership(app, shared.id, (await newMember(app)).account.id, ROLE_IDS.member)
    assertError(t, await call(app, USER, 'deleteaccount', owner.token, { password: owner.account.password }), 400, 'ORG.BAD_REQUEST_LAST_OWNER')
    for (const id of [account.id, guarded.id, owner.account.id]) {
      const row = (await ownerOf(app, USER, id))!
      t.match(row, { is_active: true, erasure_due_at: null }, 'nothing changed')
    }
    t.equal((await call(app, USER, 'me', owner.token)).statusCode, 200, 'still signed in')
  })

  t.test('asked, cancelled with the mailed link, asked again (a fresh session is proof enough), erased when due', async (t) => {
    // Another user asks too, and an admin activates it again: that cancels its erasure.
    const admin = await createTestAccount(app, ADMIN, { isEmailConfirmed: true })
    const { token: adminToken } = await signIn(app, ADMIN, admin)
    const spared = await newMember(app)
    t.equal((await call(app, USER, 'deleteaccount', spared.token, { password: spared.account.password })).statusCode, 200)
    t.equal((await call(app, ADMIN, 'activateuser', adminToken, { userId: spared.account.id })).statusCode, 200)
    const after = mail.mails.length
    const asked = await inject('/v1/users/deleteaccount', token, { password: account.password })
    t.equal(asked.statusCode, 200, asked.body)
    const { erasureAt, erased } = asked.json()
    t.equal(erased, false)
    t.ok(Math.abs(Date.parse(erasureAt) - Date.now() - 3000) < 2000, 'erased after ACCOUNT_ERASURE_DELAY')
    t.match(await ownerOf(app, USER, account.id), { is_active: false }, 'deactivated at once')
    assertError(t, await inject('/v1/users/me', token), 401, 'UNAUTHORIZED')
    assertError(t, await refresh(app, USER, { body: { refreshToken: signedIn.refreshToken } }), 401, 'USER.UNAUTHORIZED_INVALID_REFRESH_TOKEN')
    assertError(t, await inject('/v1/users/deleteaccount', token, { password: account.password }), 401, 'UNAUTHORIZED')
    const notice = await mail.next(account.email, { after })
    t.match(notice.subject, /erased/)
    const cancel = linkToken(notice, '/cancel-deletion' as never)
    t.match(notice.text, new RegExp(String(new Date(erasureAt).getUTCFullYear())), 'the mail gives the date')

    const cancelled = await app.inject({ method: 'POST', url: '/v1/users/canceldeletion', payload: { token: cancel } })
    const back = assertIssued(t, cancelled, USER, 201)
    t.match(await ownerOf(app, USER, account.id), { is_active: true, erasure_due_at: null }, 'active again')
    const [jobs] = await app.sql`select count(*)::int as n from graphile_worker.jobs where key = ${`erase:user:${account.id}`}`
    t.equal(jobs.n, 0, 'the erasure job is removed')
    assertError(t, await app.inject({ method: 'POST', url: '/v1/users/canceldeletion', payload: { token: cancel } }), 400, 'USER.BAD_REQUEST_INVALID_TOKEN')

    const eventIds = (await app.sql`select id from audit_events where account_id = ${account.id} order by id`).map((r) => r.id as string)
    const again = await inject('/v1/users/deleteaccount', back.token!)
    t.equal(again.statusCode, 200, 'a session that signed in just now needs no password')
    const second = linkToken(await mail.next(account.email, { after: after + 1 }), '/cancel-deletion' as never)
    const tombstone = await until('the erasure', async () => {
      const [row] = await app.sql`select account_id from audit_events where event = 'account.erased' order by id desc limit 1`
      return row?.account_id as string | undefined
    })
    t.notOk(await ownerOf(app, USER, account.id), 'the account row is gone')
    t.same(await rowsNaming(app, [account.email, ip, userAgent]), [], 'no table holds the address, the IP address or the user agent')
    const kept = await app.sql`select id, event, account_id, actor_id, ip_address, user_agent, session_id, data from audit_events
      where account_id = ${tombstone} order by id`
    t.same(eventIds.filter((id) => !kept.some((row) => row.id === id)), [], 'every event about the person is kept, by its id')
    t.ok(kept.every((row) => row.ip_address === null && row.user_agent === null && row.session_id === null), 'without IP, user agent or session')
    t.ok(kept.every((row) => Object.values(row.data as object).every((v) => typeof v !== 'string')), 'without text')
    t.same(kept.map((row) => row.event).slice(-2), ['account.deletion_requested', 'account.erased'], 'with their names')
    t.ok(kept.some((row) => row.event === 'login.succeeded') && kept.some((row) => row.event === 'account.deletion_cancelled'))
    const [erasedEvent] = kept.filter((row) => row.event === 'account.erased')
    t.same(erasedEvent.data, {}, 'account.erased: the tombstone id only')
    const [{ n }] = await app.sql`select count(*)::int as n from audit_events where account_id = ${account.id} or actor_id = ${account.id}`
    t.equal(n, 0, 'no event names the account id')
    const [org] = await app.sql`select deleted_at, created_by from organizations where id = ${own.id}`
    t.ok(org.deleted_at, 'its organization of one is deleted')
    t.equal(org.created_by, null)
    t.same([...await app.sql`select user_id from memberships where organization_id = ${theirs.id}`].map((r) => r.user_id), [inviter.account.id])

    assertError(t, await app.inject({ method: 'POST', url: '/v1/users/canceldeletion', payload: { token: second } }), 400, 'USER.BAD_REQUEST_INVALID_TOKEN')
    t.match(await ownerOf(app, USER, spared.account.id), { is_active: true, erasure_due_at: null }, 'the account an admin activated is kept')
    const [keptJob] = await app.sql`select count(*)::int as n from graphile_worker.jobs where key = ${`erase:user:${spared.account.id}`}`
    t.equal(keptJob.n, 0, 'its job ran (earlier than the other\'s) and found nothing due')
    const reborn = await app.inject({ method: 'POST', url: '/v1/users/register', payload: { email: account.email, password: 'a new life begins here' } })
    t.equal(reborn.statusCode, 201, 'the address is free to register again')
  })
})

t.test('admins erase at once (aal2 when they have a factor); erasing twice is 404; ACCOUNT_ERASURE_DELAY=0 erases in the request', async (t) => {
  const app = await build(t, { env: { ...ENV, ACCOUNT_ERASURE_DELAY: '0' } })
  const admin = await createTestAccount(app, ADMIN, { isEmailConfirmed: true })
  const { token: adminToken } = await signIn(app, ADMIN, admin)
  const user = await newMember(app)
  const erase = (token: string, userId: string) => call(app, ADMIN, 'eraseuser', token, { userId })

  const first = await erase(adminToken, user.account.id)
  t.equal(first.statusCode, 200, first.body)
  const { tombstoneId } = first.json()
  t.notOk(await ownerOf(app, USER, user.account.id))
  const [event] = await app.sql`select actor_type, actor_id, data from audit_events where event = 'account.erased' and account_id = ${tombstoneId}`
  t.match(event, { actor_type: 'admin', actor_id: admin.id, data: {} })
  assertError(t, await call(app, USER, 'me', user.token), 401, 'UNAUTHORIZED')
  assertError(t, await erase(adminToken, user.account.id), 404, 'USER.NOT_FOUND')

  await enrolTotp(app, ADMIN, adminToken)
  const other = await newMember(app)
  assertError(t, await erase(adminToken, other.account.id), 403, 'ADMIN.FORBIDDEN_AAL2_REQUIRED')
  t.ok(await ownerOf(app, USER, other.account.id), 'not erased')

  const self = await call(app, USER, 'deleteaccount', other.token, { password: other.account.password })
  t.equal(self.statusCode, 200, self.body)
  t.match(self.json(), { erased: true })
  t.notOk(await ownerOf(app, USER, other.account.id), 'erased in the request')
})

t.test('exportdata and exportuser: one document of everything kept, as a download, without secrets', async (t) => {
  const app = await build(t, { env: ENV })
  const member = await newMember(app)
  const org = await newOrg(app, member)
  const enrolled = await enrolTotp(app, USER, member.token)
  assertError(t, await call(app, USER, 'exportdata', member.token, { password: member.account.password }), 403, 'USER.FORBIDDEN_AAL2_REQUIRED')
  const strong = await signInAal2(app, USER, member.account, enrolled)
  const res = await call(app, USER, 'exportdata', strong.token, { password: member.account.password })
  t.equal(res.statusCode, 200, res.body)
  t.match(res.headers['content-disposition'], /^attachment; filename="latchkey-export-\d{4}-\d{2}-\d{2}\.json"$/)
  t.equal(res.headers['cache-control'], 'no-store')
  const doc = res.json()
  t.match(doc, {
    format: 'latchkey-export/1',
    accountType: 'user',
    account: { id: member.account.id, email: member.account.email },
    organizations: [{ id: org.id, slug: org.slug, role: 'owner', createdByYou: true }],
    factors: [{ type: 'totp', status: 'verified' }],
    recoveryCodesLeft: 10,
    identities: [],
    authorizedApps: [],
    posts: []
  })
  t.ok(doc.sessions.length >= 1 && doc.sessions.every((s: Record<string, unknown>) => 'ipAddress' in s && !('refreshTokenHash' in s)))
  t.ok(doc.auditEvents.some((e: { event: string }) => e.event === 'mfa.enrolled'))
  const text = res.body
  for (const secret of ['password', 'token_hash', 'tokenHash', 'secret', 'argon2', 'key_hash']) t.notOk(text.includes(secret), `no ${secret}`)
  const [exported] = await app.sql`select actor_id from audit_events where event = 'account.exported' and account_id = ${member.account.id}`
  t.equal(exported.actor_id, member.account.id, 'account.exported recorded')

  const admin = await createTestAccount(app, ADMIN, { isEmailConfirmed: true })
  const { token } = await signIn(app, ADMIN, admin)
  const byAdmin = await call(app, ADMIN, 'exportuser', token, { userId: member.account.id })
  t.equal(byAdmin.statusCode, 200)
  t.match(byAdmin.json(), { account: { id: member.account.id }, organizations: [{ id: org.id }] })
  t.equal(byAdmin.headers['cache-control'], 'no-store')
  assertError(t, await call(app, ADMIN, 'exportuser', token, { userId: '00000000-0000-7000-8000-00000000dead' }), 404, 'USER.NOT_FOUND')
})


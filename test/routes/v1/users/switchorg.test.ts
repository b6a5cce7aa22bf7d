import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { decodeJwt } from 'jose'
import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { uuidv7 } from '../../../../random.js'
import { build } from '../../../helpers/app.js'
import {
  ENV, assertError, assertIssued, assertRefreshCookie, createTestAccount, refresh, sessionOf, sessionsOf, signIn, type TestAccount
} from '../../../helpers/accounts.js'

const user = ACCOUNT_TYPES.user
const admin = ACCOUNT_TYPES.admin
const URL = '/v1/users/switchorg'
const INVALID = 'USER.UNAUTHORIZED_INVALID_REFRESH_TOKEN'
// The built-in roles of migration 0008.
const ROLES = {
  owner: '00000000-0000-7000-8000-000000000001',
  admin: '00000000-0000-7000-8000-000000000002',
  member: '00000000-0000-7000-8000-000000000003'
} as const

/** An organization written directly (the organizations' routes are not what is tested here), with `members` and their roles. */
async function createOrg (app: FastifyInstance, members: Array<[TestAccount, keyof typeof ROLES]>): Promise<{ id: string, slug: string }> {
  const id = uuidv7()
  const slug = `org-${id.slice(-12)}`
  await app.sql`insert into organizations (id, slug, name, created_by) values (${id}, ${slug}, 'Acme', ${members[0]?.[0].id ?? null})`
  for (const [account, role] of members) {
    await app.sql`insert into memberships (organization_id, user_id, role_id) values (${id}, ${account.id}, ${ROLES[role]})`
  }
  return { id, slug }
}

async function permissionsOf (app: FastifyInstance, roleId: string): Promise<string[]> {
  const [row] = await app.sql`select permissions from roles where id = ${roleId}`
  return row.permissions
}

function switchOrg (app: FastifyInstance, token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: URL, payload: body, headers: { authorization: `jwt-user ${token}`, ...headers } })
}

/** The access token's claims. */
const claims = (token: string) => decodeJwt(token) as Record<string, any>

t.test(`${URL}: acting for an organization`, async (t) => {
  const app = await build(t, { env: ENV })

  t.test('switching in answers a rotated pair whose access token carries org; the session row records the organization', async (t) => {
    const account = await createTestAccount(app, user)
    const org = await createOrg(app, [[account, 'admin']])
    const signed = await signIn(app, user, account)
    t.notOk('org' in claims(signed.token), 'an ordinary access token has no org claim at all')
    const res = await switchOrg(app, signed.token, { organizationId: org.id, refreshToken: signed.refreshToken })
    const body = assertIssued(t, res, user, 200)
    assertRefreshCookie(t, res, user, { value: body.refreshToken })
    t.not(body.refreshToken, signed.refreshToken, 'the refresh token is rotated')
    t.same(claims(body.token).org, { id: org.id, slug: org.slug, role: 'admin', permissions: await permissionsOf(app, ROLES.admin), membershipVersion: 1 })
    t.equal(claims(body.token).sid, claims(signed.token).sid, 'the same session family')
    t.equal(claims(body.token).sub, account.id)
    const old = await sessionOf(app, user, signed.refreshToken)
    const fresh = await sessionOf(app, user, body.refreshToken)
    t.ok(old?.revoked_at, 'the presented session is rotated')
    t.equal(old?.replaced_by_session_id, fresh?.id, '...into the new one')
    t.equal(old?.organization_id, null, 'the rotated row acted for none')
    t.match(fresh, { organization_id: org.id, family_id: old?.family_id, revoked_at: null })

    const caller = await app.sessions.authenticate(user, body.token, null)
    t.same(caller?.org, claims(body.token).org, 'the authenticated caller (request.account) carries the claim')
    t.notOk('org' in (await app.sessions.authenticate(user, signed.token, null))!, 'a caller without the claim has no org')

    const again = await refresh(app, user, { body: { refreshToken: signed.refreshToken } })
    assertError(t, again, 401, INVALID)
  })

  t.test('the refresh token may come from the cookie, as refresh takes it', async (t) => {
    const account = await createTestAccount(app, user)
    const org = await createOrg(app, [[account, 'member']])
    const signed = await signIn(app, user, account)
    const res = await app.inject({
      method: 'POST', url: URL, payload: { organizationId: org.id },
      headers: { authorization: `jwt-user ${signed.token}`, cookie: `${user.cookie}=${signed.refreshToken}` }
    })
    const body = assertIssued(t, res, user, 200)
    t.match(claims(body.token).org, { id: org.id, role: 'member', permissions: await permissionsOf(app, ROLES.member) })
    const missing = await switchOrg(app, body.token, { organizationId: org.id })
    assertError(t, missing, 401, INVALID)
  })

  t.test('refresh keeps the organization, with the membership as it is now: role changes show, removal drops it', async (t) => {
    const account = await createTestAccount(app, user)
    const org = await createOrg(app, [[account, 'owner']])
    const signed = await signIn(app, user, account)
    const switched = (await switchOrg(app, signed.token, { organizationId: org.id, refreshToken: signed.refreshToken })).json()

    const kept = assertIssued(t, await refresh(app, user, { body: { refreshToken: switched.refreshToken } }), user, 200)
    t.same(claims(kept.token).org, { id: org.id, slug: org.slug, role: 'owner', permissions: await permissionsOf(app, ROLES.owner), membershipVersion: 1 })
    t.equal((await sessionOf(app, user, kept.refreshToken))?.organization_id, org.id, 'the successor acts for it too')

    await app.sql`update memberships set role_id = ${ROLES.member}, version = version + 1 where organization_id = ${org.id} and user_id = ${account.id}`
    const demoted = assertIssued(t, await refresh(app, user, { body: { refreshToken: kept.refreshToken } }), user, 200)
    t.same(claims(demoted.token).org, { id: org.id, slug: org.slug, role: 'member', permissions: await permissionsOf(app, ROLES.member), membershipVersion: 2 },
      'the next refresh carries the new role, permissions and version')

    await app.sql`delete from memberships where organization_id = ${org.id} and user_id = ${account.id}`
    const removed = assertIssued(t, await refresh(app, user, { body: { refreshToken: demoted.refreshToken } }), user, 200)
    t.notOk('org' in claims(removed.token), 'a removed member gets a token without org')
    t.equal((await sessionOf(app, user, removed.refreshToken))?.organization_id, null, 'and the session acts for none from then on')

    await app.sql`insert into memberships (organization_id, user_id, role_id) values (${org.id}, ${account.id}, ${ROLES.member})`
    const rejoined = assertIssued(t, await refresh(app, user, { body: { refreshToken: removed.refreshToken } }), user, 200)
    t.notOk('org' in claims(rejoined.token), 'joining again does not put the session back: it switches again')
  })

  t.test('a deleted organization is dropped on refresh and cannot be switched into', async (t) => {
    const account = await createTestAccount(app, user)
    const org = await createOrg(app, [[account, 'owner']])
    const signed = await signIn(app, user, account)
    const switched = (await switchOrg(app, signed.token, { organizationId: org.id, refreshToken: signed.refreshToken })).json()
    await app.sql`update organizations set deleted_at = now() where id = ${org.id}`
    const after = assertIssued(t, await refresh(app, user, { body: { refreshToken: switched.refreshToken } }), user, 200)
    t.notOk('org' in claims(after.token))
    assertError(t, await switchOrg(app, after.token, { organizationId: org.id, refreshToken: after.refreshToken }), 404, 'ORG.NOT_FOUND')
  })

  t.test('switching to null acts for no organization again', async (t) => {
    const account = await createTestAccount(app, user)
    const org = await createOrg(app, [[account, 'member']])
    const signed = await signIn(app, user, account)
    const inside = (await switchOrg(app, signed.token, { organizationId: org.id, refreshToken: signed.refreshToken })).json()
    const res = await switchOrg(app, inside.token, { organizationId: null, refreshToken: inside.refreshToken })
    const out = assertIssued(t, res, user, 200)
    t.notOk('org' in claims(out.token), 'no org claim')
    t.equal((await sessionOf(app, user, out.refreshToken))?.organization_id, null)
    const later = assertIssued(t, await refresh(app, user, { body: { refreshToken: out.refreshToken } }), user, 200)
    t.notOk('org' in claims(later.token), 'and refresh keeps none')
  })

  t.test('an organization the caller is not in and an unknown one answer the same 404, and nothing is rotated', async (t) => {
    const account = await createTestAccount(app, user)
    const other = await createTestAccount(app, user)
    const theirs = await createOrg(app, [[other, 'owner']])
    const signed = await signIn(app, user, account)
    const before = await sessionsOf(app, user, account.id)
    const notIn = await switchOrg(app, signed.token, { organizationId: theirs.id, refreshToken: signed.refreshToken })
    const unknown = await switchOrg(app, signed.token, { organizationId: uuidv7(), refreshToken: signed.refreshToken })
    assertError(t, notIn, 404, 'ORG.NOT_FOUND')
    t.same(notIn.json(), unknown.json(), 'the same body: whether it exists is not told')
    t.equal(unknown.statusCode, 404)
    t.same(await sessionsOf(app, user, account.id), before, 'no session was rotated or written')
    assertIssued(t, await refresh(app, user, { body: { refreshToken: signed.refreshToken } }), user, 200)
  })

  t.test('the refresh token must be the caller\'s own active session of the same family', async (t) => {
    const account = await createTestAccount(app, user)
    const other = await createTestAccount(app, user)
    const org = await createOrg(app, [[account, 'member'], [other, 'member']])
    const signed = await signIn(app, user, account)
    const secondDevice = await signIn(app, user, account)
    const stranger = await signIn(app, user, other)
    for (const [label, token] of [['another user\'s token', stranger.refreshToken], ['another device\'s token', secondDevice.refreshToken],
      ['an unknown token', 'a'.repeat(64)], ['not a token', 'short']]) {
      assertError(t, await switchOrg(app, signed.token, { organizationId: org.id, refreshToken: token }), 401, INVALID)
      t.pass(label)
    }
    t.equal((await sessionOf(app, user, stranger.refreshToken))?.revoked_at, null, 'the other user\'s session is untouched')
    t.equal((await sessionOf(app, user, secondDevice.refreshToken))?.revoked_at, null, 'the other device\'s session is untouched')
  })

  t.test('a rotated refresh token replayed at switchorg is the theft signal, as at refresh', async (t) => {
    const account = await createTestAccount(app, user)
    const org = await createOrg(app, [[account, 'member']])
    const signed = await signIn(app, user, account)
    const next = assertIssued(t, await refresh(app, user, { body: { refreshToken: signed.refreshToken } }), user, 200)
    assertError(t, await switchOrg(app, next.token, { organizationId: org.id, refreshToken: signed.refreshToken }), 401, INVALID)
    const rows = await sessionsOf(app, user, account.id)
    t.ok(rows.every((row) => row.revoked_at), 'every session of the account is revoked')
    const [event] = await app.sql`select event from audit_events where account_id = ${account.id} and event = 'refresh.reuse_detected'`
    t.ok(event, 'refresh.reuse_detected is recorded')
  })

  t.test('only a user\'s access token: an admin token, an API key or none is 401', async (t) => {
    const account = await createTestAccount(app, user)
    const org = await createOrg(app, [[account, 'owner']])
    const signed = await signIn(app, user, account)
    const adminAccount = await createTestAccount(app, admin)
    const adminSigned = await signIn(app, admin, adminAccount)
    const body = { organizationId: org.id, refreshToken: signed.refreshToken }
    for (const authorization of [`jwt-admin ${adminSigned.token}`, `jwt-user ${adminSigned.token}`, `api-key lk_${'a'.repeat(52)}`, undefined]) {
      const res = await app.inject({ method: 'POST', url: URL, payload: body, headers: authorization ? { authorization } : {} })
      assertError(t, res, 401, 'UNAUTHORIZED')
    }
    t.equal((await sessionOf(app, user, signed.refreshToken))?.revoked_at, null, 'nothing was rotated')
    const adminRoute = await app.inject({ method: 'POST', url: '/v1/admins/switchorg', payload: body, headers: { authorization: `jwt-admin ${adminSigned.token}` } })
    t.equal(adminRoute.statusCode, 404, 'admins have no switchorg')
  })

  t.test('bad input is 400 naming the argument', async (t) => {
    const account = await createTestAccount(app, user)
    const signed = await signIn(app, user, account)
    for (const [payload, field] of [
      [{ organizationId: 'not-a-uuid', refreshToken: signed.refreshToken }, 'organizationId'],
      [{ refreshToken: signed.refreshToken }, 'organizationId'],
      [{ organizationId: 42, refreshToken: signed.refreshToken }, 'organizationId'],
      [{ organizationId: 'a\u0000b' }, 'organizationId']
    ] as const) {
      const res = await switchOrg(app, signed.token, payload)
      const body = assertError(t, res, 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
      t.ok(body.fields.some((f: { name: string }) => f.name === field), `${JSON.stringify(payload)}: names ${field}`)
    }
    const json = await app.inject({ method: 'POST', url: URL, payload: '{"organizationId":', headers: { authorization: `jwt-user ${signed.token}`, 'content-type': 'application/json' } })
    t.equal(json.statusCode, 400, 'malformed JSON is 400')
    t.equal((await sessionOf(app, user, signed.refreshToken))?.revoked_at, null, 'nothing was rotated')
  })
})

import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES, type AccountType } from '../../../../plugins/accounts/registry.js'
import { build } from '../../../helpers/app.js'
import { ENV, assertError, authed, createTestAccount, ownerOf, route, signIn, type TapTest } from '../../../helpers/accounts.js'
import { decodeJwt } from '../../../helpers/tokens.js'

const PROFILE = {
  name: '  Ada Lovelace ', givenName: 'Ada', familyName: 'Lovelace', picture: 'https://example.com/ada.png', locale: 'en-gb', zoneinfo: 'Europe/London',
  userMetadata: { theme: 'dark', lists: { starred: [1, 2] } }
}

/** A JSON object nested `levels` deep: `{ a: { a: ... 1 } }`. */
const nested = (levels: number): Record<string, unknown> => levels === 1 ? { a: 1 } : { a: nested(levels - 1) }

/** The profile columns of a row, to compare before and after a refused request. */
const profileOf = async (app: FastifyInstance, kind: AccountType, id: string) => {
  const row = (await ownerOf(app, kind, id))!
  return [row.name, row.given_name, row.family_name, row.picture, row.locale, row.zoneinfo, row.user_metadata, row.app_metadata,
    row.profile_edited, row.profile_updated_at]
}

function profileSuite (kind: AccountType) {
  const url = route(kind, 'updateprofile' as never)
  t.test(`${url} (${kind.type})`, async (t) => {
    const app = await build(t, { env: ENV })
    const update = (token: string, body: Record<string, unknown>) => authed(app, kind, 'updateprofile' as never, token, { body })

    t.test('writes the fields sent, trimmed and canonical, and audits their names only', async (t) => {
      const account = await createTestAccount(app, kind)
      const { token } = await signIn(app, kind, account)
      const res = await update(token, PROFILE)
      t.equal(res.statusCode, 200, res.body)
      const body = res.json()[kind.type]
      t.match(body, { name: 'Ada Lovelace', givenName: 'Ada', familyName: 'Lovelace', picture: 'https://example.com/ada.png', locale: 'en-GB',
        zoneinfo: 'Europe/London', userMetadata: PROFILE.userMetadata, appMetadata: {} })
      const row = (await ownerOf(app, kind, account.id))!
      t.equal(row.name, 'Ada Lovelace', 'stored trimmed')
      t.same(row.profile_edited, ['family_name', 'given_name', 'locale', 'name', 'picture', 'zoneinfo'], 'the fields are the holder\'s now')
      t.ok(row.profile_updated_at, 'profile_updated_at set')
      const events = await app.sql`select * from audit_events where account_id = ${account.id} and event = 'user.profile_updated'`
      t.equal(events.length, 1, 'one event')
      t.same(events[0].data, { fields: ['name', 'givenName', 'familyName', 'picture', 'locale', 'zoneinfo', 'userMetadata'] }, 'field names, no values')
      t.notMatch(JSON.stringify(events[0]), /Lovelace|dark/, 'no value in the audit row')
      const me = (await authed(app, kind, 'me', token)).json()[kind.type]
      t.match(me, { name: 'Ada Lovelace', userMetadata: PROFILE.userMetadata }, 'me shows them')
      const next = await signIn(app, kind, account)
      t.equal(decodeJwt(next.token).payload.name, 'Ada Lovelace', 'the next access token carries the name')
      t.notOk('app' in decodeJwt(next.token).payload, 'no app claim without ACCESS_TOKEN_CLAIMS')
    })

    t.test('only the fields sent change; null and "" clear one; metadata is replaced whole', async (t) => {
      const account = await createTestAccount(app, kind)
      const { token } = await signIn(app, kind, account)
      await update(token, PROFILE)
      const res = await update(token, { givenName: null, familyName: '  ', userMetadata: { theme: 'light' } })
      t.equal(res.statusCode, 200, res.body)
      t.match(res.json()[kind.type], { name: 'Ada Lovelace', givenName: null, familyName: null, locale: 'en-GB', userMetadata: { theme: 'light' } })
      t.same((await ownerOf(app, kind, account.id))!.user_metadata, { theme: 'light' }, 'the old keys are gone')
      const unnamed = await update(token, { name: null })
      t.equal(unnamed.json()[kind.type].name, null)
      t.notOk('name' in decodeJwt((await signIn(app, kind, account)).token).payload, 'no name claim once cleared')
    })

    t.test('each bad field is a 400 that names it, and nothing is stored', async (t) => {
      const account = await createTestAccount(app, kind)
      const { token } = await signIn(app, kind, account)
      await update(token, PROFILE)
      const before = await profileOf(app, kind, account.id)
      const cases: Array<[string, Record<string, unknown>, string[]]> = [
        ['NUL in a name', { name: 'Ada\u0000' }, ['name']],
        ['a control character', { givenName: 'A\u0007da' }, ['givenName']],
        ['a line feed', { familyName: 'Love\nlace' }, ['familyName']],
        ['DEL', { name: 'Ada\u007f' }, ['name']],
        ['a name over 100 characters', { name: 'x'.repeat(101) }, ['name']],
        ['a given name over 60', { givenName: 'x'.repeat(61) }, ['givenName']],
        ['an http picture', { picture: 'http://example.com/a.png' }, ['picture']],
        ['a javascript: picture', { picture: 'javascript:alert(1)' }, ['picture']],
        ['a picture with credentials', { picture: 'https://user:pw@example.com/a.png' }, ['picture']],
        ['a picture over 500', { picture: `https://example.com/${'x'.repeat(490)}` }, ['picture']],
        ['an unknown locale', { locale: 'xx-YY' }, ['locale']],
        ['a malformed locale', { locale: 'en_GB!' }, ['locale']],
        ['an unknown zone', { zoneinfo: 'Mars/Olympus' }, ['zoneinfo']],
        ['an offset for a zone', { zoneinfo: '+01:00' }, ['zoneinfo']],
        ['metadata over 4 KiB', { userMetadata: { blob: 'x'.repeat(4090) } }, ['userMetadata']],
        ['metadata over 4 KiB in UTF-8 bytes', { userMetadata: { blob: 'é'.repeat(2045) } }, ['userMetadata']],
        ['metadata 6 levels deep', { userMetadata: nested(6) }, ['userMetadata']],
        ['metadata that is an array', { userMetadata: [1, 2] }, ['userMetadata']],
        ['metadata that is a string', { userMetadata: 'hello' }, ['userMetadata']],
        ['metadata that is null', { userMetadata: null }, ['userMetadata']],
        ['NUL in metadata', { userMetadata: { note: 'a\u0000b' } }, ['userMetadata']],
        ['NUL in a metadata key', { userMetadata: { 'a\u0000': 1 } }, ['userMetadata']],
        ['appMetadata from the holder', { appMetadata: { plan: 'pro' } }, ['appMetadata']],
        ['an unknown field', { nickname: 'ada' }, ['nickname']],
        // Forms the schema takes, values the service refuses: each named in the one answer.
        ['several at once', { picture: 'https://u:p@example.com/a.png', zoneinfo: 'Nowhere/Land', locale: 'qq', name: 'ok' }, ['picture', 'zoneinfo', 'locale']]
      ]
      for (const [label, body, names] of cases) {
        const res = await update(token, body)
        const error = assertError(t, res, 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
        t.same([...new Set((error.fields as Array<{ name: string }>).map((f) => f.name))].sort(), [...names].sort(), `${label}: names ${names.join(', ')}`)
        for (const name of names) t.match(error.message, name, `${label}: the message names ${name}`)
      }
      t.same(await profileOf(app, kind, account.id), before, 'nothing stored')
      const events = await app.sql`select count(*)::int as n from audit_events where account_id = ${account.id} and event = 'user.profile_updated'`
      t.equal(events[0].n, 1, 'no event for a refused change')
    })

    t.test('the limits themselves pass: 4 KiB and 5 levels', async (t) => {
      const account = await createTestAccount(app, kind)
      const { token } = await signIn(app, kind, account)
      const exact = { blob: 'x'.repeat(4096 - JSON.stringify({ blob: '' }).length) }
      t.equal(Buffer.byteLength(JSON.stringify(exact)), 4096)
      t.equal((await update(token, { userMetadata: exact })).statusCode, 200, '4096 bytes')
      t.equal((await update(token, { userMetadata: nested(5) })).statusCode, 200, '5 levels')
      t.equal((await update(token, { name: 'x'.repeat(100), zoneinfo: 'UTC', locale: 'pt-BR' })).statusCode, 200, '100 characters, UTC, pt-BR')
    })

    t.test('without a token: 401', async (t) => {
      const res = await app.inject({ method: 'POST', url, payload: { name: 'x' } })
      t.equal(res.statusCode, 401)
    })
  })
}

profileSuite(ACCOUNT_TYPES.user)
profileSuite(ACCOUNT_TYPES.admin)

t.test('register carries the profile and userMetadata, never appMetadata', async (t) => {
  const app = await build(t, { env: ENV })
  const email = `profile-${Date.now()}@example.com`
  const res = await app.inject({ method: 'POST', url: '/v1/users/register', payload: { email, password: 'correct horse battery staple', name: 'Grace Hopper', locale: 'en-us', userMetadata: { team: 'navy' } } })
  t.equal(res.statusCode, 201, res.body)
  t.match(res.json().user, { name: 'Grace Hopper', locale: 'en-US', userMetadata: { team: 'navy' }, appMetadata: {}, givenName: null })
  t.equal(decodeJwt(res.json().token).payload.name, 'Grace Hopper', 'the first token carries the name')
  const row = (await app.sql`select * from users where email = ${email}`)[0]
  t.same(row.profile_edited, ['locale', 'name'])

  const refused = async (t: TapTest, payload: Record<string, unknown>, name: string) => {
    const other = `refused-${Math.random()}@example.com`
    const r = await app.inject({ method: 'POST', url: '/v1/users/register', payload: { email: other, password: 'correct horse battery staple', ...payload } })
    const error = assertError(t, r, 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
    t.same(error.fields.map((f: { name: string }) => f.name), [name])
    t.equal((await app.sql`select count(*)::int as n from users where email = ${other}`)[0].n, 0, 'no account')
  }
  await refused(t, { appMetadata: { plan: 'pro' } }, 'appMetadata')
  await refused(t, { picture: 'http://example.com/p.png' }, 'picture')
  await refused(t, { userMetadata: nested(6) }, 'userMetadata')
})

t.test('/v1/admins/updateuser writes a user\'s profile and appMetadata, audited as admin.user_updated', async (t) => {
  const app = await build(t, { env: ENV })
  const admin = await createTestAccount(app, ACCOUNT_TYPES.admin)
  const { token: adminToken } = await signIn(app, ACCOUNT_TYPES.admin, admin)
  const user = await createTestAccount(app, ACCOUNT_TYPES.user)
  const post = (body: Record<string, unknown>, token = adminToken, kind = ACCOUNT_TYPES.admin) =>
    app.inject({ method: 'POST', url: '/v1/admins/updateuser', payload: body, headers: { authorization: `${kind.scheme} ${token}` } })

  const res = await post({ userId: user.id, name: 'Linus', appMetadata: { plan: 'pro', seats: 5 }, userMetadata: { theme: 'dark' } })
  t.equal(res.statusCode, 200, res.body)
  t.match(res.json().user, { id: user.id, name: 'Linus', appMetadata: { plan: 'pro', seats: 5 }, userMetadata: { theme: 'dark' }, tokenVersion: 0 })
  const [event] = await app.sql`select * from audit_events where account_id = ${user.id} and event = 'admin.user_updated'`
  t.match(event, { actor_type: 'admin', actor_id: admin.id, data: { fields: ['name', 'userMetadata', 'appMetadata'] } })
  const got = await app.inject({ method: 'POST', url: '/v1/admins/getuser', payload: { userId: user.id }, headers: { authorization: `${ACCOUNT_TYPES.admin.scheme} ${adminToken}` } })
  t.match(got.json().user, { name: 'Linus', appMetadata: { plan: 'pro', seats: 5 } }, 'getuser shows them')
  const listed = await app.inject({ method: 'POST', url: '/v1/admins/listusers', payload: { q: user.email }, headers: { authorization: `${ACCOUNT_TYPES.admin.scheme} ${adminToken}` } })
  t.match(listed.json().users[0], { name: 'Linus', appMetadata: { plan: 'pro' } }, 'listusers too')
  const exported = await app.inject({ method: 'POST', url: '/v1/admins/exportuser', payload: { userId: user.id }, headers: { authorization: `${ACCOUNT_TYPES.admin.scheme} ${adminToken}` } })
  t.equal(exported.statusCode, 200)
  t.match(JSON.parse(exported.body), { account: { name: 'Linus', userMetadata: { theme: 'dark' }, appMetadata: { plan: 'pro', seats: 5 } } },
    'the export holds the profile and both metadata objects')

  // The user sees appMetadata and cannot write it.
  const { token: userToken } = await signIn(app, ACCOUNT_TYPES.user, user)
  t.match((await authed(app, ACCOUNT_TYPES.user, 'me', userToken)).json().user, { appMetadata: { plan: 'pro', seats: 5 } }, 'me shows appMetadata')
  const denied = await authed(app, ACCOUNT_TYPES.user, 'updateprofile' as never, userToken, { body: { appMetadata: { plan: 'free' } } })
  assertError(t, denied, 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
  t.same((await ownerOf(app, ACCOUNT_TYPES.user, user.id))!.app_metadata, { plan: 'pro', seats: 5 }, 'unchanged')
  t.equal((await post({ userId: user.id, name: 'x' }, userToken, ACCOUNT_TYPES.user)).statusCode, 401, 'a user token is not an admin\'s')

  assertError(t, await post({ userId: '00000000-0000-7000-8000-000000000000', name: 'x' }), 404, 'USER.NOT_FOUND')
  const bad = assertError(t, await post({ userId: user.id, appMetadata: nested(6), locale: 'zz' }), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
  t.same(bad.fields.map((f: { name: string }) => f.name).sort(), ['appMetadata', 'locale'])
  t.same((await ownerOf(app, ACCOUNT_TYPES.user, user.id))!.app_metadata, { plan: 'pro', seats: 5 }, 'nothing stored')
})

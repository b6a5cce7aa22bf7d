import t from 'tap'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { build } from '../../helpers/app.js'
import { ENV, PASSWORD, accountError, createTestAccount, ownerOf, refusal, sessionsOf, uniqueEmail } from '../../helpers/accounts.js'
import { decodeJwt, sha256 } from '../../helpers/tokens.js'
import { uuidv7 } from '../../../random.js'
import type { Issued } from '../../../plugins/accounts/sessions.js'

const META = { client: 'app' as const, platform: 'ios', userAgent: 'StepsTest/1', ip: '203.0.113.9' }

const app = await build(t, { env: ENV })
const { sessions } = app

for (const kind of Object.values(ACCOUNT_TYPES)) {
  const failed = async (accountId: string | null) => [...await app.sql`select data from audit_events
    where event = 'login.failed' and account_type = ${kind.type} and account_id is not distinct from ${accountId}::uuid order by id`]

  t.test(`the login steps of ${kind.path}`, async (t) => {
    t.test('checkCredentials answers the account the email and password open, whatever the case of the address', async (t) => {
      const account = await createTestAccount(app, kind)
      const found = await sessions.checkCredentials(kind, ` ${account.email.toUpperCase()} `, PASSWORD, META)
      t.match(found, { id: account.id, is_active: true, deleted_at: null })
      t.same(await failed(account.id), [], 'no failure recorded')
    })

    t.test('checkCredentials refuses a wrong password, an unknown address and inactive or deleted accounts, and records why', async (t) => {
      const account = await createTestAccount(app, kind)
      const inactive = await createTestAccount(app, kind, { isActive: false })
      const deleted = await createTestAccount(app, kind, { deletedAt: new Date() })
      const unknown = uniqueEmail('nobody')
      t.equal(await refusal(sessions.checkCredentials(kind, account.email, 'wrong password', META)), accountError(kind, 'BAD_REQUEST_INVALID_LOGIN_CREDENTIALS'))
      t.equal(await refusal(sessions.checkCredentials(kind, unknown, PASSWORD, META)), accountError(kind, 'BAD_REQUEST_INVALID_LOGIN_CREDENTIALS'))
      t.equal(await refusal(sessions.checkCredentials(kind, inactive.email, PASSWORD, META)), accountError(kind, 'BAD_REQUEST_ACCOUNT_INACTIVE'))
      t.equal(await refusal(sessions.checkCredentials(kind, deleted.email, PASSWORD, META)), accountError(kind, 'BAD_REQUEST_ACCOUNT_DELETED'))
      t.same((await failed(account.id)).map((r) => r.data.reason), ['wrong_password'])
      t.same((await failed(inactive.id)).map((r) => r.data.reason), ['inactive'])
      t.same((await failed(deleted.id)).map((r) => r.data.reason), ['deleted'])
      t.ok((await failed(null)).some((r) => r.data.email === unknown && r.data.reason === 'unknown_email'))
    })

    t.test('nextStep sends an account with good credentials straight to its session', async (t) => {
      const account = await createTestAccount(app, kind)
      t.equal(await sessions.nextStep(kind, await sessions.checkCredentials(kind, account.email, PASSWORD, META)), 'session')
      t.equal(await sessions.nextStep(kind, { id: account.id }), 'session', 'a method whose statement did not carry the steps\' column gets it read')
    })

    t.test('openSession counts the login, opens a family named after its session and records login.succeeded', async (t) => {
      const account = await createTestAccount(app, kind)
      const issued = await sessions.openSession(kind, account.id, META)
      const claims = decodeJwt(issued.token).payload
      t.match(claims, { sub: account.id, type: kind.type, aud: kind.audiences.app })
      t.match(issued.account, { id: account.id, loginCount: 1 })
      const [row] = await sessionsOf(app, kind, account.id)
      t.match(row, { id: claims.sid, family_id: claims.sid, refresh_token_hash: sha256(issued.refreshToken), client: 'app',
        platform: 'ios', user_agent: 'StepsTest/1', ip_address: '203.0.113.9' })
      const [event] = await app.sql`select * from audit_events where event = 'login.succeeded' and account_id = ${account.id}`
      t.match(event, { account_type: kind.type, actor_id: account.id, session_id: claims.sid, data: { client: 'app', platform: 'ios' } })
      t.equal((await ownerOf(app, kind, account.id))!.login_count, 1)
    })

    t.test('openSession writes nothing for an account that is gone, deactivated or deleted since its credentials were checked', async (t) => {
      const id = uuidv7()
      t.equal(await refusal(sessions.openSession(kind, id, META)), accountError(kind, 'BAD_REQUEST_INVALID_LOGIN_CREDENTIALS'))
      t.same(await sessionsOf(app, kind, id), [])
      t.same([...await app.sql`select id from audit_events where account_id = ${id}`], [])
      for (const flags of [{ isActive: false }, { deletedAt: new Date() }]) {
        const account = await createTestAccount(app, kind, flags)
        t.equal(await refusal(sessions.openSession(kind, account.id, META)), accountError(kind, 'BAD_REQUEST_INVALID_LOGIN_CREDENTIALS'))
        t.same(await sessionsOf(app, kind, account.id), [], JSON.stringify(flags))
        t.equal((await ownerOf(app, kind, account.id))!.login_count, 0)
        t.same([...await app.sql`select id from audit_events where account_id = ${account.id} and event = 'login.succeeded'`], [])
      }
    })

    t.test('login is the three steps in order', async (t) => {
      const account = await createTestAccount(app, kind)
      const issued = await sessions.login(kind, account.email, PASSWORD, { ...META, client: 'web' }) as Issued
      t.equal(decodeJwt(issued.token).payload.aud, kind.audiences.web)
      t.equal((await sessionsOf(app, kind, account.id)).length, 1)
    })
  })
}

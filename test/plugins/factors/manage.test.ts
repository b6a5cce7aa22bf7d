import t from 'tap'
import { ACCOUNT_TYPES, type AccountType } from '../../../plugins/accounts/registry.js'
import { build } from '../../helpers/app.js'
import { ENV, accountError, assertError, createTestAccount, liveSessions, refresh, signIn, type TestAccount } from '../../helpers/accounts.js'
import { call, enrolTotp, forgetUsedSteps, mfaToken, signInAal2, totpCode, verifyMfa, type Enrolled } from '../../helpers/factors.js'
import { uuidv7 } from '../../../random.js'

/** /v1/<type>/removefactor and regeneraterecoverycodes for one account type. */
function manageSuite (kind: AccountType): void {
  const err = (rest: string) => accountError(kind, rest)

  t.test(`/v1/${kind.path}/removefactor and regeneraterecoverycodes (${kind.type})`, async (t) => {
    const app = await build(t, { env: ENV })
    const factorIds = async (ownerId: string) =>
      (await app.sql.unsafe(`select id from "${kind.type}_factors" where "${kind.ownerColumn}" = $1 order by id`, [ownerId])).map((r) => r.id)
    const codeCount = async (ownerId: string) =>
      (await app.sql.unsafe(`select count(*)::int as n from "${kind.type}_recovery_codes" where "${kind.ownerColumn}" = $1 and used_at is null`,
        [ownerId]))[0].n

    /** An account with a verified factor, an aal1 session (the enrolment's) and an aal2 one. */
    async function withFactor (): Promise<{ account: TestAccount, enrolled: Enrolled, aal1: string, aal2: { token: string, refreshToken: string } }> {
      const account = await createTestAccount(app, kind)
      const { token } = await signIn(app, kind, account)
      const enrolled = await enrolTotp(app, kind, token)
      return { account, enrolled, aal1: token, aal2: await signInAal2(app, kind, account, enrolled) }
    }

    t.test('removefactor with the password (aal2): the factor and its codes are gone, the other sessions revoked', async (t) => {
      const { account, enrolled, aal2 } = await withFactor()
      const other = await signInAal2(app, kind, account, enrolled)
      const res = await call(app, kind, 'removefactor', aal2.token, { factorId: enrolled.factorId, password: account.password })
      t.equal(res.statusCode, 200)
      t.same(res.json(), { status: 200, success: true })
      t.same(await factorIds(account.id), [])
      t.equal(await codeCount(account.id), 0, 'recovery codes die with the last factor')
      t.equal((await refresh(app, kind, { body: { refreshToken: other.refreshToken } })).statusCode, 401, 'the other session is revoked')
      t.equal((await refresh(app, kind, { body: { refreshToken: aal2.refreshToken } })).statusCode, 200, 'the caller\'s stays')
      const [event] = await app.sql`select data from audit_events where account_id = ${account.id} and event = 'mfa.factor_removed'`
      t.same(event.data, { factorId: enrolled.factorId, type: 'totp' })
      t.equal((await signIn(app, kind, account)).res.statusCode, 201, 'the password alone signs in again')
    })

    t.test('removefactor with a current code; the code is then used', async (t) => {
      const { account, enrolled, aal2 } = await withFactor()
      await forgetUsedSteps(app, kind, enrolled.factorId)
      const code = totpCode(enrolled.secret)
      t.equal((await call(app, kind, 'removefactor', aal2.token, { factorId: enrolled.factorId, code })).statusCode, 200)
      t.same(await factorIds(account.id), [])
    })

    t.test('removefactor refuses an aal1 session, a wrong proof, both proofs or none, and unknown or foreign factors', async (t) => {
      const { account, enrolled, aal1, aal2 } = await withFactor()
      const stranger = await withFactor()
      assertError(t, await call(app, kind, 'removefactor', aal1, { factorId: enrolled.factorId, password: account.password }), 403, err('FORBIDDEN_AAL2_REQUIRED'))
      assertError(t, await call(app, kind, 'removefactor', aal2.token, { factorId: enrolled.factorId, password: 'wrong password' }), 400,
        err('BAD_REQUEST_INVALID_CURRENT_PASSWORD'))
      await forgetUsedSteps(app, kind, enrolled.factorId)
      const wrong = totpCode(enrolled.secret) === '000000' ? '111111' : '000000'
      assertError(t, await call(app, kind, 'removefactor', aal2.token, { factorId: enrolled.factorId, code: wrong }), 400, err('BAD_REQUEST_INVALID_MFA_CODE'))
      for (const args of [{}, { password: account.password, code: totpCode(enrolled.secret) }]) {
        assertError(t, await call(app, kind, 'removefactor', aal2.token, { factorId: enrolled.factorId, ...args }), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
      }
      for (const args of [{ password: account.password }, { factorId: 'x', password: account.password }, { factorId: enrolled.factorId, code: '1234' }]) {
        assertError(t, await call(app, kind, 'removefactor', aal2.token, args), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
      }
      for (const factorId of [stranger.enrolled.factorId, uuidv7()]) {
        assertError(t, await call(app, kind, 'removefactor', aal2.token, { factorId, password: account.password }), 404, err('FACTOR_NOT_FOUND'))
      }
      t.same(await factorIds(account.id), [enrolled.factorId], 'nothing removed')
      t.same(await factorIds(stranger.account.id), [stranger.enrolled.factorId], 'the foreign factor is untouched')
      t.equal(await codeCount(account.id), 10)
    })

    t.test('an unverified factor is removed with the password while no factor is verified (aal1 is enough)', async (t) => {
      const account = await createTestAccount(app, kind)
      const { token } = await signIn(app, kind, account)
      const { factor } = (await call(app, kind, 'enrolltotp', token)).json()
      t.equal((await call(app, kind, 'removefactor', token, { factorId: factor.id, password: account.password })).statusCode, 200)
      t.same(await factorIds(account.id), [])
    })

    t.test('regeneraterecoverycodes (aal2): ten new codes, the old ones die, the other sessions are revoked', async (t) => {
      const { account, enrolled, aal2 } = await withFactor()
      const other = await signInAal2(app, kind, account, enrolled)
      const res = await call(app, kind, 'regeneraterecoverycodes', aal2.token, { password: account.password })
      t.equal(res.statusCode, 200)
      const body = res.json()
      t.same(Object.keys(body).sort(), ['recoveryCodes', 'status', 'success'])
      t.equal(body.recoveryCodes.length, 10)
      t.same(body.recoveryCodes.filter((c: string) => enrolled.recoveryCodes.includes(c)), [], 'all new')
      t.equal(await codeCount(account.id), 10)
      t.equal((await refresh(app, kind, { body: { refreshToken: other.refreshToken } })).statusCode, 401, 'the other session is revoked')
      t.equal((await refresh(app, kind, { body: { refreshToken: aal2.refreshToken } })).statusCode, 200, 'the caller\'s stays')
      assertError(t, await verifyMfa(app, kind, { mfaToken: await mfaToken(app, kind, account), recoveryCode: enrolled.recoveryCodes[0] }), 400,
        err('BAD_REQUEST_INVALID_MFA_CODE'))
      t.equal((await verifyMfa(app, kind, { mfaToken: await mfaToken(app, kind, account), recoveryCode: body.recoveryCodes[0] })).statusCode, 201)
      const [event] = await app.sql`select data from audit_events where account_id = ${account.id} and event = 'mfa.recovery_codes_regenerated'`
      t.same(event.data, {}, 'recorded, never with a code')
      await forgetUsedSteps(app, kind, enrolled.factorId)
      t.equal((await call(app, kind, 'regeneraterecoverycodes', aal2.token, { code: totpCode(enrolled.secret) })).statusCode, 200, 'a current code works too')
    })

    t.test('regeneraterecoverycodes refuses an aal1 session, a wrong proof, both or none, and an account without a verified factor', async (t) => {
      const { account, aal1, aal2 } = await withFactor()
      const hashes = async () => (await app.sql.unsafe(`select code_hash from "${kind.type}_recovery_codes" where "${kind.ownerColumn}" = $1
        order by code_hash`, [account.id])).map((r) => r.code_hash)
      const before = await hashes()
      assertError(t, await call(app, kind, 'regeneraterecoverycodes', aal1, { password: account.password }), 403, err('FORBIDDEN_AAL2_REQUIRED'))
      assertError(t, await call(app, kind, 'regeneraterecoverycodes', aal2.token, { password: 'wrong password' }), 400, err('BAD_REQUEST_INVALID_CURRENT_PASSWORD'))
      for (const args of [{}, { password: account.password, code: '123456' }, { code: 'abc' }]) {
        assertError(t, await call(app, kind, 'regeneraterecoverycodes', aal2.token, args), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
      }
      t.same(await hashes(), before, 'the codes are unchanged')
      t.equal(before.length, 10)
      const plain = await createTestAccount(app, kind)
      assertError(t, await call(app, kind, 'regeneraterecoverycodes', (await signIn(app, kind, plain)).token, { password: plain.password }), 404,
        err('FACTOR_NOT_FOUND'))
      t.equal(await codeCount(plain.id), 0)
    })
  })
}

for (const kind of Object.values(ACCOUNT_TYPES)) manageSuite(kind)

t.test('/v1/admins/resetuserfactors', async (t) => {
  const app = await build(t, { env: ENV })
  const user = ACCOUNT_TYPES.user
  const admin = await createTestAccount(app, ACCOUNT_TYPES.admin)
  const { token } = await signIn(app, ACCOUNT_TYPES.admin, admin)

  t.test('deletes the user\'s factors and recovery codes, revokes its sessions and answers the user', async (t) => {
    const account = await createTestAccount(app, user)
    const { token: userToken } = await signIn(app, user, account)
    const enrolled = await enrolTotp(app, user, userToken)
    const aal2 = await signInAal2(app, user, account, enrolled)
    const pending = await mfaToken(app, user, account)
    const res = await call(app, ACCOUNT_TYPES.admin, 'resetuserfactors', token, { userId: account.id })
    t.equal(res.statusCode, 200)
    t.match(res.json(), { status: 200, success: true, user: { id: account.id, email: account.email, tokenVersion: 1 } })
    for (const table of ['user_factors', 'user_recovery_codes', 'user_mfa_challenges']) {
      t.same([...await app.sql.unsafe(`select id from ${table} where user_id = $1`, [account.id])], [], `nothing left in ${table}`)
    }
    t.equal(await liveSessions(app, user, account.id), 0, 'every session revoked')
    assertError(t, await call(app, user, 'me', aal2.token), 401, 'UNAUTHORIZED')
    assertError(t, await verifyMfa(app, user, { mfaToken: pending, recoveryCode: enrolled.recoveryCodes[0] }), 401, 'USER.UNAUTHORIZED_MFA_TOKEN')
    t.equal((await signIn(app, user, account)).res.statusCode, 201, 'the password alone signs in')
    const [event] = await app.sql`select * from audit_events where account_id = ${account.id} and event = 'admin.user_factors_reset'`
    t.match(event, { actor_type: 'admin', actor_id: admin.id })
  })

  t.test('an unknown user is 404 USER.NOT_FOUND; a bad id 400; a user token 401', async (t) => {
    assertError(t, await call(app, ACCOUNT_TYPES.admin, 'resetuserfactors', token, { userId: uuidv7() }), 404, 'USER.NOT_FOUND')
    assertError(t, await call(app, ACCOUNT_TYPES.admin, 'resetuserfactors', token, { userId: 'nope' }), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
    const account = await createTestAccount(app, user)
    assertError(t, await call(app, ACCOUNT_TYPES.admin, 'resetuserfactors', (await signIn(app, user, account)).token, { userId: account.id }), 401, 'UNAUTHORIZED')
  })
})

t.test('ADMIN_MFA_REQUIRED=true', async (t) => {
  const app = await build(t, { env: { ...ENV, ADMIN_MFA_REQUIRED: 'true' } })
  const kind = ACCOUNT_TYPES.admin
  const admin = await createTestAccount(app, kind)
  const user = await createTestAccount(app, ACCOUNT_TYPES.user)
  const { token } = await signIn(app, kind, admin)

  t.test('an aal1 admin token reaches only me, logout and the enrolment routes', async (t) => {
    for (const action of ['listusers', 'listsessions', 'listfactors', 'logoutothers', 'changepassword', 'regeneraterecoverycodes', 'listauditevents']) {
      assertError(t, await call(app, kind, action, token), 403, 'ADMIN.FORBIDDEN_MFA_REQUIRED')
    }
    assertError(t, await call(app, kind, 'resetuserfactors', token, { userId: user.id }), 403, 'ADMIN.FORBIDDEN_MFA_REQUIRED')
    t.equal((await call(app, kind, 'me', token)).statusCode, 200)
    const enrolled = await enrolTotp(app, kind, token)
    const aal2 = await signInAal2(app, kind, admin, enrolled)
    for (const action of ['listusers', 'listfactors', 'listsessions']) t.equal((await call(app, kind, action, aal2.token)).statusCode, 200, action)
    t.equal((await call(app, kind, 'resetuserfactors', aal2.token, { userId: user.id })).statusCode, 200)
    t.equal((await call(app, kind, 'logout', token)).statusCode, 200, 'logout too')
  })

  t.test('user routes are not concerned', async (t) => {
    t.equal((await call(app, ACCOUNT_TYPES.user, 'listfactors', (await signIn(app, ACCOUNT_TYPES.user, user)).token)).statusCode, 200)
  })
})

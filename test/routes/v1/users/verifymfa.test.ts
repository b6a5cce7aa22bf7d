import t from 'tap'
import { ACCOUNT_TYPES, type AccountType } from '../../../../plugins/accounts/registry.js'
import { build } from '../../../helpers/app.js'
import {
  ENV, accountError, assertError, assertIssued, assertRefreshCookie, createTestAccount, login, ownerOf, sessionsOf, signIn, type TestAccount
} from '../../../helpers/accounts.js'
import { decodeJwt, parseSetCookies, sha256 } from '../../../helpers/tokens.js'
import { enrolTotp, forgetUsedSteps, mfaToken, totpCode, verifyMfa, withinOneStep, type Enrolled } from '../../../helpers/factors.js'

/** The first and second step of sign-in for one account type: login's mfaRequired and /v1/<type>/verifymfa. */
function verifyMfaSuite (kind: AccountType): void {
  const err = (rest: string) => accountError(kind, rest)

  t.test(`/v1/${kind.path}/login and /v1/${kind.path}/verifymfa with a TOTP factor (${kind.type})`, async (t) => {
    const app = await build(t, { env: { ...ENV, METRICS_PORT: '0' } })

    /** An account with a verified TOTP factor, whose enrolment session is left behind. */
    async function withFactor (): Promise<{ account: TestAccount, enrolled: Enrolled }> {
      const account = await createTestAccount(app, kind)
      const { token } = await signIn(app, kind, account)
      return { account, enrolled: await enrolTotp(app, kind, token) }
    }
    const challengeOf = async (token: string) =>
      (await app.sql.unsafe(`select * from "${kind.type}_mfa_challenges" where token_hash = $1`, [sha256(token)]))[0]
    const events = async (accountId: string, event: string) =>
      [...await app.sql`select data from audit_events where account_id = ${accountId} and event = ${event} order by id`]

    t.test('the password step answers 200 mfaRequired: no token, no cookie, loginCount unchanged, no login.succeeded', async (t) => {
      const { account, enrolled } = await withFactor()
      const before = (await ownerOf(app, kind, account.id))!
      const sessions = (await sessionsOf(app, kind, account.id)).length
      const res = await login(app, kind, { email: account.email, password: account.password })
      t.equal(res.statusCode, 200)
      const body = res.json()
      t.same(Object.keys(body).sort(), ['factors', 'mfaRequired', 'mfaToken', 'status', 'success'])
      t.match(body, { status: 200, success: true, mfaRequired: true })
      t.match(body.mfaToken, /^[0-9a-f]{64}$/, 'mfaToken is 32 random bytes in hex')
      t.same(body.factors.map((f: any) => [f.id, f.type, f.status]), [[enrolled.factorId, 'totp', 'verified']])
      t.same(Object.keys(body.factors[0]).sort(), ['createdAt', 'id', 'lastUsedAt', 'name', 'status', 'type'])
      t.same(parseSetCookies(res), [], 'no cookie')
      t.same([res.headers['cache-control'], res.headers.pragma], ['no-store', 'no-cache'])
      const after = (await ownerOf(app, kind, account.id))!
      t.equal(after.login_count, before.login_count, 'loginCount is not bumped yet')
      t.same(after.last_login_at, before.last_login_at)
      t.equal((await sessionsOf(app, kind, account.id)).length, sessions, 'no session opened')
      t.equal((await events(account.id, 'login.succeeded')).length, 1, 'only the enrolment login is recorded')
      const challenge = await challengeOf(body.mfaToken)
      t.match(challenge, { method: 'pwd', failed_attempts: 0, used_at: null }, 'only the hash of the token is stored')
      const ttl = (challenge.expires_at.getTime() - challenge.created_at.getTime()) / 1000
      t.ok(ttl > 299 && ttl <= 301, `valid 5 minutes (${ttl} s)`)
    })

    t.test('a wrong password on an account with a factor is the usual credentials error and no challenge', async (t) => {
      const { account } = await withFactor()
      assertError(t, await login(app, kind, { email: account.email, password: 'not the password' }), 400, err('BAD_REQUEST_INVALID_LOGIN_CREDENTIALS'))
      const [{ n }] = await app.sql.unsafe(`select count(*)::int as n from "${kind.type}_mfa_challenges" where "${kind.ownerColumn}" = $1`, [account.id])
      t.equal(n, 0)
    })

    t.test('verifymfa with a current code answers like a login: 201, tokens, cookie, aal2 and amr [pwd, otp]', async (t) => {
      const { account, enrolled } = await withFactor()
      const token = await mfaToken(app, kind, account, { 'x-client': 'app', 'x-platform': 'ios' })
      const res = await verifyMfa(app, kind, { mfaToken: token, factorId: enrolled.factorId, code: totpCode(enrolled.secret) }, { 'x-client': 'app', 'x-platform': 'ios' })
      const body = assertIssued(t, res, kind, 201)
      assertRefreshCookie(t, res, kind, { value: body.refreshToken })
      const claims = decodeJwt(body.token).payload
      t.match(claims, { sub: account.id, aal: 'aal2', amr: ['pwd', 'otp'], aud: kind.audiences.app })
      t.equal(body[kind.bodyKey].loginCount, 2, 'the login is counted now')
      const session = (await sessionsOf(app, kind, account.id)).find((s) => s.id === claims.sid)
      t.match(session, { aal: 'aal2', amr: ['pwd', 'otp'], client: 'app', platform: 'ios' })
      t.equal((await events(account.id, 'login.succeeded')).length, 2, 'login.succeeded is written when the session opens')
      t.match(await events(account.id, 'mfa.verified'), [{ data: { via: 'otp', method: 'pwd', factorId: enrolled.factorId } }])
      t.ok((await challengeOf(token)).used_at, 'the challenge is used')
      const refreshed = await app.inject({ method: 'POST', url: `/v1/${kind.path}/refresh`, payload: { refreshToken: body.refreshToken } })
      t.match(decodeJwt(refreshed.json().token).payload, { aal: 'aal2', amr: ['pwd', 'otp'] }, 'a refresh keeps the assurance')
      const listed = await app.inject({ method: 'POST', url: `/v1/${kind.path}/listsessions`, headers: { authorization: `${kind.scheme} ${body.token}`, 'x-client': 'app' } })
      t.equal(listed.json().sessions.find((s: any) => s.id === claims.sid).aal, 'aal2', 'listsessions shows aal2')
      assertError(t, await verifyMfa(app, kind, { mfaToken: token, factorId: enrolled.factorId, code: totpCode(enrolled.secret, 1) }),
        401, err('UNAUTHORIZED_MFA_TOKEN'))
    })

    t.test('a code already used on the factor is refused (replay), even with a new challenge', async (t) => {
      const { account, enrolled } = await withFactor()
      const code = totpCode(enrolled.secret)
      t.equal((await verifyMfa(app, kind, { mfaToken: await mfaToken(app, kind, account), factorId: enrolled.factorId, code })).statusCode, 201)
      const token = await mfaToken(app, kind, account)
      assertError(t, await verifyMfa(app, kind, { mfaToken: token, factorId: enrolled.factorId, code }), 400, err('BAD_REQUEST_INVALID_MFA_CODE'))
      t.equal((await challengeOf(token)).failed_attempts, 1, 'a replay counts as a wrong code')
      assertError(t, await verifyMfa(app, kind, { mfaToken: token, factorId: enrolled.factorId, code: totpCode(enrolled.secret, -1) }),
        400, err('BAD_REQUEST_INVALID_MFA_CODE'))
    })

    t.test('the codes of the previous and the next step are accepted; two steps away is refused', async (t) => {
      const { account, enrolled } = await withFactor()
      for (const offset of [-1, 1]) {
        const res = await withinOneStep(async () => {
          await forgetUsedSteps(app, kind, enrolled.factorId)
          return verifyMfa(app, kind, { mfaToken: await mfaToken(app, kind, account), factorId: enrolled.factorId, code: totpCode(enrolled.secret, offset) })
        })
        t.equal(res.statusCode, 201, `step ${offset} accepted`)
      }
      for (const offset of [-2, 2]) {
        const res = await withinOneStep(async () => {
          await forgetUsedSteps(app, kind, enrolled.factorId)
          return verifyMfa(app, kind, { mfaToken: await mfaToken(app, kind, account), factorId: enrolled.factorId, code: totpCode(enrolled.secret, offset) })
        })
        assertError(t, res, 400, err('BAD_REQUEST_INVALID_MFA_CODE'))
      }
    })

    t.test('five wrong codes kill the challenge: the right code is then refused 401', async (t) => {
      const { account, enrolled } = await withFactor()
      const token = await mfaToken(app, kind, account)
      const wrong = totpCode(enrolled.secret) === '000000' ? '111111' : '000000'
      for (let attempt = 1; attempt <= 5; attempt++) {
        assertError(t, await verifyMfa(app, kind, { mfaToken: token, factorId: enrolled.factorId, code: wrong }), 400, err('BAD_REQUEST_INVALID_MFA_CODE'))
      }
      t.equal((await challengeOf(token)).failed_attempts, 5)
      assertError(t, await verifyMfa(app, kind, { mfaToken: token, factorId: enrolled.factorId, code: totpCode(enrolled.secret) }), 401, err('UNAUTHORIZED_MFA_TOKEN'))
      const failures = await events(account.id, 'mfa.challenge_failed')
      t.same(failures.map((e) => e.data.attempts), [1, 2, 3, 4, 5])
      t.notOk(JSON.stringify(failures).includes(wrong), 'never the code in an event')
      t.equal((await sessionsOf(app, kind, account.id)).filter((s) => s.aal === 'aal2').length, 0, 'no session opened')
    })

    t.test('a challenge is dead after 5 minutes (expires_at moved into the past)', async (t) => {
      const { account, enrolled } = await withFactor()
      const token = await mfaToken(app, kind, account)
      await app.sql.unsafe(`update "${kind.type}_mfa_challenges" set expires_at = now() - interval '1 second' where token_hash = $1`, [sha256(token)])
      assertError(t, await verifyMfa(app, kind, { mfaToken: token, factorId: enrolled.factorId, code: totpCode(enrolled.secret) }), 401, err('UNAUTHORIZED_MFA_TOKEN'))
      t.equal((await challengeOf(token)).failed_attempts, 0, 'nothing counted on a dead challenge')
    })

    t.test('an unknown or malformed mfaToken is 401; a token of the other account type is unknown too', async (t) => {
      const { enrolled } = await withFactor()
      for (const mfaToken of ['f'.repeat(64), 'not a token', 'A'.repeat(64)]) {
        assertError(t, await verifyMfa(app, kind, { mfaToken, factorId: enrolled.factorId, code: '123456' }), 401, err('UNAUTHORIZED_MFA_TOKEN'))
      }
    })

    t.test('a recovery code signs in once (aal2, amr [pwd, recovery]), in any case and with a hyphen', async (t) => {
      const { account, enrolled } = await withFactor()
      const [first, second] = enrolled.recoveryCodes
      t.match(first, /^[0-9A-HJKMNP-TV-Z]{10}$/, '10 characters of Crockford base32')
      const res = await verifyMfa(app, kind, { mfaToken: await mfaToken(app, kind, account), recoveryCode: first })
      const body = assertIssued(t, res, kind, 201)
      t.match(decodeJwt(body.token).payload, { aal: 'aal2', amr: ['pwd', 'recovery'] })
      assertError(t, await verifyMfa(app, kind, { mfaToken: await mfaToken(app, kind, account), recoveryCode: first }), 400, err('BAD_REQUEST_INVALID_MFA_CODE'))
      const typed = `${second.slice(0, 5)}-${second.slice(5)}`.toLowerCase()
      t.equal((await verifyMfa(app, kind, { mfaToken: await mfaToken(app, kind, account), recoveryCode: typed })).statusCode, 201)
      t.equal((await events(account.id, 'mfa.recovery_code_used')).length, 2)
      const stored = await app.sql.unsafe(`select code_hash, used_at from "${kind.type}_recovery_codes" where "${kind.ownerColumn}" = $1`, [account.id])
      t.equal(stored.length, 10)
      t.equal(stored.filter((r) => r.used_at).length, 2)
      t.notOk(JSON.stringify(stored).includes(first), 'only hashes are stored')
      const all = JSON.stringify(await app.sql`select data from audit_events where account_id = ${account.id}`)
      t.notOk(enrolled.recoveryCodes.some((code) => all.includes(code)), 'never a code in an event')
    })

    t.test('concurrent answers with one code or one recovery code: exactly one succeeds', async (t) => {
      const { account, enrolled } = await withFactor()
      const code = totpCode(enrolled.secret)
      const tokens = await Promise.all([1, 2, 3, 4].map(() => mfaToken(app, kind, account)))
      const byCode = await Promise.all([...tokens, tokens[0]].map((token) => verifyMfa(app, kind, { mfaToken: token, factorId: enrolled.factorId, code })))
      const statuses = byCode.map((r) => r.statusCode)
      t.equal(statuses.filter((s) => s === 201).length, 1, `one session (${statuses})`)
      t.ok(statuses.every((s) => [201, 400, 401].includes(s)), 'the others: a replay (400) or a used challenge (401)')
      const again = await Promise.all([1, 2, 3].map(() => mfaToken(app, kind, account)))
      const recoveryCode = enrolled.recoveryCodes[3]
      const byRecovery = await Promise.all(again.map((token) => verifyMfa(app, kind, { mfaToken: token, recoveryCode })))
      t.same(byRecovery.map((r) => r.statusCode).sort(), [201, 400, 400])
      t.equal((await sessionsOf(app, kind, account.id)).filter((s) => s.aal === 'aal2').length, 2, 'two sessions in all')
    })

    t.test('malformed codes, a foreign or unknown factor, both or neither answer: a clear 4xx and nothing stored', async (t) => {
      const { account, enrolled } = await withFactor()
      const other = await withFactor()
      const token = await mfaToken(app, kind, account)
      for (const code of ['12345', '1234567', 'abcdef', ' 123456', '12 456']) {
        const body = assertError(t, await verifyMfa(app, kind, { mfaToken: token, factorId: enrolled.factorId, code }), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
        t.match(body.fields, [{ name: 'code' }], JSON.stringify(code))
      }
      for (const recoveryCode of ['short', 'ABCDE--FGHJK', 'ABCDEFGHJKMN', '']) {
        assertError(t, await verifyMfa(app, kind, { mfaToken: token, recoveryCode }), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
      }
      assertError(t, await verifyMfa(app, kind, { mfaToken: token, factorId: 'not-a-uuid', code: '123456' }), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
      for (const factorId of [other.enrolled.factorId, '0190f0f0-0000-7000-8000-000000000000']) {
        assertError(t, await verifyMfa(app, kind, { mfaToken: token, factorId, code: totpCode(other.enrolled.secret) }), 404, err('FACTOR_NOT_FOUND'))
      }
      for (const args of [{}, { code: '123456' }, { factorId: enrolled.factorId }, { factorId: enrolled.factorId, code: '123456', recoveryCode: enrolled.recoveryCodes[0] }]) {
        assertError(t, await verifyMfa(app, kind, { mfaToken: token, ...args }), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
      }
      assertError(t, await verifyMfa(app, kind, { mfaToken: token, factorId: enrolled.factorId, code: '123456', extra: 'x'.repeat(2_000_000) }), 413, 'PAYLOAD_TOO_LARGE')
      t.match(await challengeOf(token), { failed_attempts: 0, used_at: null }, 'nothing counted against the challenge')
      t.same(await events(account.id, 'mfa.challenge_failed'), [])
      t.equal((await verifyMfa(app, kind, { mfaToken: token, factorId: enrolled.factorId, code: totpCode(enrolled.secret) })).statusCode, 201, 'the challenge still works')
    })

    t.test('an account deactivated between the two steps gets the credentials error and no session', async (t) => {
      const { account, enrolled } = await withFactor()
      const token = await mfaToken(app, kind, account)
      await app.sql.unsafe(`update "${kind.ownerTable}" set is_active = false where id = $1`, [account.id])
      const sessions = (await sessionsOf(app, kind, account.id)).length
      assertError(t, await verifyMfa(app, kind, { mfaToken: token, factorId: enrolled.factorId, code: totpCode(enrolled.secret) }), 400,
        err('BAD_REQUEST_INVALID_LOGIN_CREDENTIALS'))
      t.equal((await sessionsOf(app, kind, account.id)).length, sessions, 'no session opened')
      t.match(await challengeOf(token), { used_at: null }, 'nothing of the answer is kept')
    })

    t.test('latchkey_mfa_challenges_total counts issued, verified and failed challenges', async (t) => {
      const { account, enrolled } = await withFactor()
      const before = await app.metrics!.registry.getSingleMetricAsString('latchkey_mfa_challenges_total')
      const token = await mfaToken(app, kind, account)
      await verifyMfa(app, kind, { mfaToken: token, factorId: enrolled.factorId, code: totpCode(enrolled.secret, 5) })
      await verifyMfa(app, kind, { mfaToken: token, factorId: enrolled.factorId, code: totpCode(enrolled.secret) })
      const after = await app.metrics!.registry.getSingleMetricAsString('latchkey_mfa_challenges_total')
      const value = (text: string, outcome: string) => Number(new RegExp(`\\{type="${kind.type}",outcome="${outcome}"\\} (\\d+)`).exec(text)?.[1] ?? 0)
      for (const outcome of ['issued', 'invalid_code', 'verified']) {
        t.equal(value(after, outcome) - value(before, outcome), 1, outcome)
      }
      const logins = await app.metrics!.registry.getSingleMetricAsString('latchkey_logins_total')
      t.ok(value(logins, 'mfa_required') >= 1, 'latchkey_logins_total counts the password step as mfa_required')
    })
  })
}

for (const kind of Object.values(ACCOUNT_TYPES)) verifyMfaSuite(kind)

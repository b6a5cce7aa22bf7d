import t from 'tap'
import { ACCOUNT_TYPES, type AccountType } from '../../../plugins/accounts/registry.js'
import { build } from '../../helpers/app.js'
import { ENV, accountError, assertError, createTestAccount, liveSessions, signIn, refresh } from '../../helpers/accounts.js'
import { call, currentStep, enrolTotp, signInAal2, totpCode } from '../../helpers/factors.js'
import { uuidv7 } from '../../../random.js'

/** /v1/<type>/enrolltotp, verifytotp and listfactors for one account type. */
function enrolmentSuite (kind: AccountType): void {
  const err = (rest: string) => accountError(kind, rest)

  t.test(`/v1/${kind.path}/enrolltotp, verifytotp and listfactors (${kind.type})`, async (t) => {
    const app = await build(t, { env: { ...ENV, JWT_ISSUER: 'Latchkey Test' } })
    const factorRows = async (ownerId: string) =>
      [...await app.sql.unsafe(`select * from "${kind.type}_factors" where "${kind.ownerColumn}" = $1 order by id`, [ownerId])]

    t.test('enrolltotp answers a new unverified factor, its secret, the otpauth URI and the QR code as SVG', async (t) => {
      const account = await createTestAccount(app, kind)
      const { token } = await signIn(app, kind, account)
      const res = await call(app, kind, 'enrolltotp', token, { name: 'My phone' })
      t.equal(res.statusCode, 200)
      const body = res.json()
      t.same(Object.keys(body).sort(), ['factor', 'qrSvg', 'secret', 'status', 'success', 'uri'])
      t.match(body.factor, { type: 'totp', name: 'My phone', status: 'unverified', lastUsedAt: null })
      t.match(body.secret, /^[A-Z2-7]{32}$/, 'a base32 secret of 160 bits')
      const uri = new URL(body.uri)
      t.equal(uri.protocol, 'otpauth:')
      t.ok(body.uri.startsWith(`otpauth://totp/Latchkey%20Test:${encodeURIComponent(account.email)}?`), `<JWT_ISSUER>:<email> (${body.uri})`)
      t.same([uri.searchParams.get('issuer'), uri.searchParams.get('secret'), uri.searchParams.get('algorithm'), uri.searchParams.get('digits'),
        uri.searchParams.get('period')], ['Latchkey Test', body.secret, 'SHA1', '6', '30'])
      t.match(body.qrSvg, /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"[\s\S]*<\/svg>\s*$/, 'an SVG document')
      t.same([res.headers['cache-control'], res.headers.pragma], ['no-store', 'no-cache'], 'never cached')
      const [row] = await factorRows(account.id)
      t.match(row, { id: body.factor.id, type: 'totp', status: 'unverified', last_used_step: null })
      t.notOk(row.secret.includes(body.secret), 'the secret is not stored plain')
      t.notOk(Buffer.from(row.secret, 'base64url').toString('latin1').includes(body.secret), 'nor merely encoded')
    })

    t.test('a second enrolment replaces the unverified factor; the default name is Authenticator', async (t) => {
      const account = await createTestAccount(app, kind)
      const { token } = await signIn(app, kind, account)
      const first = (await call(app, kind, 'enrolltotp', token)).json()
      const second = (await call(app, kind, 'enrolltotp', token)).json()
      t.equal(second.factor.name, 'Authenticator')
      t.not(second.secret, first.secret)
      t.same((await factorRows(account.id)).map((r) => r.id), [second.factor.id], 'only the new one is left')
      assertError(t, await call(app, kind, 'verifytotp', token, { factorId: first.factor.id, code: totpCode(first.secret) }), 404, err('FACTOR_NOT_FOUND'))
    })

    t.test('verifytotp verifies the factor, shows ten recovery codes once and revokes the other sessions', async (t) => {
      const account = await createTestAccount(app, kind)
      const other = await signIn(app, kind, account)
      const { token, refreshToken } = await signIn(app, kind, account)
      const enrol = (await call(app, kind, 'enrolltotp', token)).json()
      const res = await call(app, kind, 'verifytotp', token, { factorId: enrol.factor.id, code: totpCode(enrol.secret) })
      t.equal(res.statusCode, 200)
      const body = res.json()
      t.same(Object.keys(body).sort(), ['factor', 'recoveryCodes', 'status', 'success'])
      t.match(body.factor, { id: enrol.factor.id, status: 'verified' })
      t.ok(body.factor.lastUsedAt)
      t.equal(body.recoveryCodes.length, 10)
      t.equal(new Set(body.recoveryCodes).size, 10)
      for (const code of body.recoveryCodes) t.match(code, /^[0-9A-HJKMNP-TV-Z]{10}$/)
      t.notOk(res.payload.includes(enrol.secret), 'the secret is never answered again')
      const [row] = await factorRows(account.id)
      t.ok(Math.abs(Number(row.last_used_step) - currentStep()) <= 1, 'the step of the code is remembered')
      const stored = await app.sql.unsafe(`select code_hash from "${kind.type}_recovery_codes" where "${kind.ownerColumn}" = $1`, [account.id])
      t.equal(stored.length, 10)
      t.notOk(body.recoveryCodes.some((code: string) => JSON.stringify(stored).includes(code)), 'codes are stored hashed')
      t.equal((await refresh(app, kind, { body: { refreshToken: other.refreshToken } })).statusCode, 401, 'the other session is revoked')
      t.equal((await refresh(app, kind, { body: { refreshToken } })).statusCode, 200, 'the enrolling session stays')
      t.equal(await liveSessions(app, kind, account.id), 1)
      const [event] = await app.sql`select data from audit_events where account_id = ${account.id} and event = 'mfa.enrolled'`
      t.same(event.data, { factorId: enrol.factor.id, type: 'totp' })
      const listed = await call(app, kind, 'listfactors', token)
      t.notOk(listed.payload.includes(enrol.secret) || listed.payload.includes(row.secret), 'nor listed')
      assertError(t, await call(app, kind, 'verifytotp', token, { factorId: enrol.factor.id, code: totpCode(enrol.secret, 1) }), 403,
        err('FORBIDDEN_AAL2_REQUIRED'))
    })

    t.test('a wrong code does not verify; a code two steps away neither', async (t) => {
      const account = await createTestAccount(app, kind)
      const { token } = await signIn(app, kind, account)
      const enrol = (await call(app, kind, 'enrolltotp', token)).json()
      const wrong = totpCode(enrol.secret) === '000000' ? '111111' : '000000'
      assertError(t, await call(app, kind, 'verifytotp', token, { factorId: enrol.factor.id, code: wrong }), 400, err('BAD_REQUEST_INVALID_MFA_CODE'))
      assertError(t, await call(app, kind, 'verifytotp', token, { factorId: enrol.factor.id, code: totpCode(enrol.secret, -3) }), 400,
        err('BAD_REQUEST_INVALID_MFA_CODE'))
      t.match(await factorRows(account.id), [{ status: 'unverified', last_used_step: null }])
      const [{ n }] = await app.sql.unsafe(`select count(*)::int as n from "${kind.type}_recovery_codes" where "${kind.ownerColumn}" = $1`, [account.id])
      t.equal(n, 0, 'no recovery codes')
    })

    t.test('with a verified TOTP factor: enrolling needs aal2, then answers FACTOR_EXISTS', async (t) => {
      const account = await createTestAccount(app, kind)
      const { token } = await signIn(app, kind, account)
      const enrolled = await enrolTotp(app, kind, token)
      assertError(t, await call(app, kind, 'enrolltotp', token), 403, err('FORBIDDEN_AAL2_REQUIRED'))
      const aal2 = await signInAal2(app, kind, account, enrolled)
      assertError(t, await call(app, kind, 'enrolltotp', aal2.token), 400, err('BAD_REQUEST_FACTOR_EXISTS'))
      assertError(t, await call(app, kind, 'verifytotp', aal2.token, { factorId: enrolled.factorId, code: totpCode(enrolled.secret, 1) }), 400,
        err('BAD_REQUEST_FACTOR_EXISTS'))
      t.equal((await factorRows(account.id)).length, 1, 'nothing added')
    })

    t.test('listfactors lists every factor of the caller, passkeys included, and none of another account', async (t) => {
      const account = await createTestAccount(app, kind)
      const stranger = await createTestAccount(app, kind)
      const { token } = await signIn(app, kind, account)
      const empty = await call(app, kind, 'listfactors', token)
      t.same(empty.json(), { status: 200, success: true, factors: [] })
      const enrolled = await enrolTotp(app, kind, token, 'Phone')
      const passkey = uuidv7()
      await app.sql.unsafe(`insert into "${kind.type}_factors" (id, "${kind.ownerColumn}", type, name, status, credential_id, public_key, sign_count)
        values ($1, $2, 'webauthn', 'Laptop', 'verified', $3, $4, 0)`, [passkey, account.id, Buffer.from(passkey), Buffer.from('key')])
      await app.sql.unsafe(`insert into "${kind.type}_factors" (id, "${kind.ownerColumn}", type, name, secret) values ($1, $2, 'totp', 'Theirs', 'x')`,
        [uuidv7(), stranger.id])
      const res = await call(app, kind, 'listfactors', token)
      t.equal(res.statusCode, 200)
      t.same(res.json().factors.map((f: any) => [f.id, f.type, f.name, f.status]),
        [[enrolled.factorId, 'totp', 'Phone', 'verified'], [passkey, 'webauthn', 'Laptop', 'verified']])
      for (const f of res.json().factors) t.same(Object.keys(f).sort(), ['createdAt', 'id', 'lastUsedAt', 'name', 'status', 'type'])
    })

    t.test('bad input: malformed codes and ids, names, unknown and foreign factors, huge bodies; nothing stored', async (t) => {
      const account = await createTestAccount(app, kind)
      const stranger = await createTestAccount(app, kind)
      const { token } = await signIn(app, kind, account)
      const theirs = (await call(app, kind, 'enrolltotp', (await signIn(app, kind, stranger)).token)).json()
      for (const name of ['', ' ', 'x'.repeat(65)]) {
        assertError(t, await call(app, kind, 'enrolltotp', token, { name }), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
      }
      assertError(t, await call(app, kind, 'enrolltotp', token, { name: 'x'.repeat(2_000_000) }), 413, 'PAYLOAD_TOO_LARGE')
      t.same(await factorRows(account.id), [], 'no factor enrolled')
      const mine = (await call(app, kind, 'enrolltotp', token)).json()
      for (const args of [{ factorId: mine.factor.id }, { code: '123456' }, { factorId: 'nope', code: '123456' },
        { factorId: mine.factor.id, code: '12345' }, { factorId: mine.factor.id, code: 'abcdef' }]) {
        assertError(t, await call(app, kind, 'verifytotp', token, args), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
      }
      for (const factorId of [theirs.factor.id, uuidv7()]) {
        assertError(t, await call(app, kind, 'verifytotp', token, { factorId, code: totpCode(theirs.secret) }), 404, err('FACTOR_NOT_FOUND'))
      }
      t.match(await factorRows(stranger.id), [{ status: 'unverified', last_used_step: null }], 'the foreign factor is untouched')
      t.match(await factorRows(account.id), [{ status: 'unverified', last_used_step: null }])
    })

    t.test('every route needs an access token of the type', async (t) => {
      for (const action of ['enrolltotp', 'verifytotp', 'listfactors', 'removefactor', 'regeneraterecoverycodes']) {
        assertError(t, await call(app, kind, action, null), 401, 'UNAUTHORIZED')
        assertError(t, await call(app, kind, action, 'garbage'), 401, 'UNAUTHORIZED')
      }
    })
  })
}

for (const kind of Object.values(ACCOUNT_TYPES)) enrolmentSuite(kind)

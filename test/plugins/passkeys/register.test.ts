/**
 * passkeyregisteroptions and passkeyregister, users and admins, with real responses made by
 * Chromium's virtual authenticator; the error paths replay or alter them.
 */
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES, type AccountType } from '../../../plugins/accounts/registry.js'
import { MAX_PASSKEYS } from '../../../plugins/factors/passkey-repository.js'
import { accountError, assertError, createTestAccount, signIn } from '../../helpers/accounts.js'
import { freePort } from '../../../db/embedded.js'
import { uuidv7 } from '../../../random.js'
import { claimsOf, createCredential, passkeyApp, passkeyLogin, passkeyPage, registerPasskey } from '../../helpers/passkeys.js'

const KINDS = Object.values(ACCOUNT_TYPES)

function call (app: FastifyInstance, kind: AccountType, action: string, token: string | null, payload?: unknown) {
  return app.inject({
    method: 'POST',
    url: `/v1/${kind.path}/${action}`,
    headers: token ? { authorization: `${kind.scheme} ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> })
  })
}

const factorsOf = async (app: FastifyInstance, kind: AccountType, ownerId: string) =>
  await app.sql.unsafe(`select * from "${kind.type}_factors" where ${kind.ownerColumn} = $1 order by id`, [ownerId])

/** Fake passkey rows, as many as asked (unverified: they do not call for aal2). */
async function addFactorRows (app: FastifyInstance, kind: AccountType, ownerId: string, n: number) {
  for (let i = 0; i < n; i++) {
    await app.sql.unsafe(`insert into "${kind.type}_factors" (id, ${kind.ownerColumn}, type, name, status, credential_id, public_key, sign_count)
      values ($1, $2, 'webauthn', 'Old', 'unverified', $3, '\\x00', 0)`, [uuidv7(), ownerId, Buffer.from(uuidv7())])
  }
}

t.test('passkey registration', async (t) => {
  const { app, origin } = await passkeyApp(t)

  for (const kind of KINDS) {
    t.test(`${kind.path}: the options ask for a discoverable credential, exclude the account's passkeys, and the challenge is kept`, async (t) => {
      const account = await createTestAccount(app, kind)
      const { token } = await signIn(app, kind, account)
      const res = await call(app, kind, 'passkeyregisteroptions', token)
      t.equal(res.statusCode, 200)
      t.equal(res.headers['cache-control'], 'no-store')
      const { options } = res.json()
      t.match(options, {
        rp: { id: 'localhost', name: 'Latchkey' },
        user: { id: Buffer.from(account.id.replace(/-/g, ''), 'hex').toString('base64url'), name: account.email, displayName: account.email },
        timeout: 300_000,
        attestation: 'none',
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
        excludeCredentials: []
      })
      const [challenge] = await app.sql.unsafe(`select * from "${kind.type}_webauthn_challenges" where challenge = $1`, [options.challenge])
      t.match(challenge, { purpose: 'register', [kind.ownerColumn]: account.id, used_at: null })
      const ttl = (challenge.expires_at.getTime() - challenge.created_at.getTime()) / 1000
      t.ok(ttl > 299 && ttl <= 300, `lives 5 minutes (${ttl} s)`)
      t.equal(Buffer.from(options.challenge, 'base64url').length, 48, '16 bytes naming the row, 32 random')

      const { page } = await passkeyPage(t, origin)
      const registered = await registerPasskey(page, kind, token)
      t.equal(registered.status, 200)
      t.equal(registered.body.factor.name, 'Passkey', 'the default name')
      const [row] = await factorsOf(app, kind, account.id)
      // With a verified factor the account needs aal2 to add another: a passkey sign-in gives it.
      assertError(t, await call(app, kind, 'passkeyregisteroptions', token), 403, accountError(kind, 'FORBIDDEN_AAL2_REQUIRED'))
      const strong = await passkeyLogin(page, kind)
      t.equal(claimsOf(strong.body.token).aal, 'aal2')
      const again = (await call(app, kind, 'passkeyregisteroptions', strong.body.token)).json()
      t.same(again.options.excludeCredentials.map((c: { id: string }) => c.id), [row.credential_id.toString('base64url')], 'its passkey is excluded')
      t.same(again.options.excludeCredentials[0].transports, row.transports)
    })
  }

  t.test('the options need a signed-in caller of the route\'s type', async (t) => {
    assertError(t, await call(app, ACCOUNT_TYPES.user, 'passkeyregisteroptions', null), 401, 'UNAUTHORIZED')
    const admin = await createTestAccount(app, ACCOUNT_TYPES.admin)
    const { token } = await signIn(app, ACCOUNT_TYPES.admin, admin)
    assertError(t, await call(app, ACCOUNT_TYPES.user, 'passkeyregisteroptions', token), 401, 'UNAUTHORIZED')
    assertError(t, await call(app, ACCOUNT_TYPES.user, 'passkeyregister', null, { response: {} }), 401, 'UNAUTHORIZED')
  })

  for (const kind of KINDS) {
    t.test(`${kind.path}: a response is accepted once, for its own account's challenge, from an allowed origin, untampered`, async (t) => {
      const account = await createTestAccount(app, kind)
      const { token } = await signIn(app, kind, account)
      const { page } = await passkeyPage(t, origin)
      const error = accountError(kind, 'BAD_REQUEST_INVALID_PASSKEY')

      // Another account's response: the challenge is not this account's.
      const other = await createTestAccount(app, kind)
      const otherToken = (await signIn(app, kind, other)).token
      const foreign = await createCredential((await passkeyPage(t, origin)).page, kind, otherToken)
      assertError(t, await call(app, kind, 'passkeyregister', token, { response: foreign.credential }), 400, error)
      t.equal((await call(app, kind, 'passkeyregister', otherToken, { response: foreign.credential })).statusCode, 200, 'its own account can use it')

      // Altered: the clientDataJSON says it was a sign-in. (With attestation none nothing signs a
      // registration: the checks are the challenge, origin, type, RP ID and flags.)
      const created = await createCredential(page, kind, token)
      const asLogin = JSON.parse(Buffer.from(created.credential.response.clientDataJSON, 'base64url').toString())
      const altered = Buffer.from(JSON.stringify({ ...asLogin, type: 'webauthn.get' })).toString('base64url')
      assertError(t, await call(app, kind, 'passkeyregister', token,
        { response: { ...created.credential, response: { ...created.credential.response, clientDataJSON: altered } } }), 400, error)
      // The challenge was spent by that attempt: the genuine response comes too late.
      assertError(t, await call(app, kind, 'passkeyregister', token, { response: created.credential }), 400, error)

      // A challenge made up by the client.
      const fresh = await createCredential(page, kind, token)
      const clientData = JSON.parse(Buffer.from(fresh.credential.response.clientDataJSON, 'base64url').toString())
      const madeUp = Buffer.from(JSON.stringify({ ...clientData, challenge: Buffer.alloc(48, 7).toString('base64url') })).toString('base64url')
      assertError(t, await call(app, kind, 'passkeyregister', token,
        { response: { ...fresh.credential, response: { ...fresh.credential.response, clientDataJSON: madeUp } } }), 400, error)
      assertError(t, await call(app, kind, 'passkeyregister', token,
        { response: { ...fresh.credential, response: { ...fresh.credential.response, clientDataJSON: 'bm90IGpzb24' } } }), 400, error)

      // An expired challenge.
      const late = await createCredential(page, kind, token)
      await app.sql.unsafe(`update "${kind.type}_webauthn_challenges" set expires_at = now() - interval '1 second'
        where ${kind.ownerColumn} = $1 and used_at is null`, [account.id])
      assertError(t, await call(app, kind, 'passkeyregister', token, { response: late.credential }), 400, error)
      t.equal((await factorsOf(app, kind, account.id)).length, 0, 'nothing stored')

      // The genuine one, then its replay.
      const good = await createCredential(page, kind, token)
      t.equal((await call(app, kind, 'passkeyregister', token, { response: good.credential, name: 'Phone' })).statusCode, 200)
      assertError(t, await call(app, kind, 'passkeyregister', token, { response: good.credential }), 400, error)
      t.same((await factorsOf(app, kind, account.id)).map((f) => f.name), ['Phone'], 'one passkey')
    })
  }

  t.test('a response made on another origin is refused and nothing is stored', async (t) => {
    const kind = ACCOUNT_TYPES.user
    const account = await createTestAccount(app, kind)
    const { token } = await signIn(app, kind, account)
    // A page on another port of localhost: same RP ID, an origin the service does not accept.
    const elsewhere = await passkeyPage(t, `http://localhost:${await freePort()}`, { proxyTo: origin })
    const created = await createCredential(elsewhere.page, kind, token)
    t.ok(created.credential, 'the browser made the credential')
    assertError(t, await call(app, kind, 'passkeyregister', token, { response: created.credential }), 400, 'USER.BAD_REQUEST_INVALID_PASSKEY')
    t.equal((await factorsOf(app, kind, account.id)).length, 0)
    t.equal((await app.sql`select count(*)::int as n from audit_events where account_id = ${account.id} and event = 'passkey.registered'`)[0].n, 0)
  })

  for (const kind of KINDS) {
    t.test(`${kind.path}: ${MAX_PASSKEYS} passkeys at most`, async (t) => {
      const account = await createTestAccount(app, kind)
      const { token } = await signIn(app, kind, account)
      const { page } = await passkeyPage(t, origin)
      await addFactorRows(app, kind, account.id, MAX_PASSKEYS - 1)
      const created = await createCredential(page, kind, token)
      t.equal(created.status, 200, 'the tenth may still be asked for')
      await addFactorRows(app, kind, account.id, 1)
      const error = accountError(kind, 'BAD_REQUEST_TOO_MANY_PASSKEYS')
      assertError(t, await call(app, kind, 'passkeyregister', token, { response: created.credential }), 400, error)
      t.equal((await factorsOf(app, kind, account.id)).length, MAX_PASSKEYS, 'nothing more stored')
      assertError(t, await call(app, kind, 'passkeyregisteroptions', token), 400, error)
    })
  }

  t.test('two registrations at once for the last place: one is stored', async (t) => {
    const kind = ACCOUNT_TYPES.admin
    const account = await createTestAccount(app, kind)
    const { token: password } = await signIn(app, kind, account)
    // The session as if it had passed a second factor: the first passkey stored does not stop the second.
    const token = app.tokens.sign(kind, { id: account.id, tokenVersion: 0 }, claimsOf(password).sid, 'web', { aal: 'aal2', amr: ['pwd', 'otp'] })
    await addFactorRows(app, kind, account.id, MAX_PASSKEYS - 1)
    const first = await createCredential((await passkeyPage(t, origin)).page, kind, token)
    const second = await createCredential((await passkeyPage(t, origin)).page, kind, token)
    const answers = await Promise.all([first, second].map((c) => call(app, kind, 'passkeyregister', token, { response: c.credential })))
    t.same(answers.map((r) => r.statusCode).sort(), [200, 400])
    t.same(answers.map((r) => r.json().error).filter(Boolean), ['ADMIN.BAD_REQUEST_TOO_MANY_PASSKEYS'])
    t.equal((await factorsOf(app, kind, account.id)).length, MAX_PASSKEYS)
  })

  t.test('a registration while the account gained a verified factor needs aal2', async (t) => {
    const kind = ACCOUNT_TYPES.user
    const account = await createTestAccount(app, kind)
    const { token } = await signIn(app, kind, account)
    const { page } = await passkeyPage(t, origin)
    const created = await createCredential(page, kind, token)
    await app.sql.unsafe(`insert into user_factors (id, user_id, type, name, status, secret) values ($1, $2, 'totp', 'Authenticator', 'verified', 'sealed')`,
      [uuidv7(), account.id])
    assertError(t, await call(app, kind, 'passkeyregister', token, { response: created.credential }), 403, 'USER.FORBIDDEN_AAL2_REQUIRED')
    t.same((await factorsOf(app, kind, account.id)).map((f) => f.type), ['totp'], 'no passkey stored')
  })

  t.test('a huge or malformed response is refused by its schema before anything is decoded', async (t) => {
    const kind = ACCOUNT_TYPES.user
    const account = await createTestAccount(app, kind)
    const { token } = await signIn(app, kind, account)
    const { page } = await passkeyPage(t, origin)
    const { credential } = await createCredential(page, kind, token)
    const invalid = 'BAD_REQUEST_INVALID_ARGUMENTS'
    const huge = { ...credential, response: { ...credential.response, clientDataJSON: 'A'.repeat(100_000) } }
    assertError(t, await call(app, kind, 'passkeyregister', token, { response: huge }), 400, invalid)
    const extensions = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`x${i}`, i]))
    assertError(t, await call(app, kind, 'passkeyregister', token, { response: { ...credential, clientExtensionResults: extensions } }), 400, invalid)
    const transports = Array.from({ length: 50 }, () => 'usb')
    assertError(t, await call(app, kind, 'passkeyregister', token, { response: { ...credential, response: { ...credential.response, transports } } }), 400, invalid)
    assertError(t, await call(app, kind, 'passkeyregister', token, { response: 'a string' }), 400, invalid)
    assertError(t, await call(app, kind, 'passkeyregister', token, {}), 400, invalid)
    assertError(t, await call(app, kind, 'passkeyregister', token, { response: credential, name: 'n'.repeat(65) }), 400, invalid)
    assertError(t, await call(app, kind, 'passkeyregister', token, { response: credential, name: '' }), 400, invalid)
    const tooBig = await call(app, kind, 'passkeyregister', token, { response: { ...credential, id: 'A'.repeat(2_000_000) } })
    t.equal(tooBig.statusCode, 413, 'a body over BODY_LIMIT')
    t.equal((await factorsOf(app, kind, account.id)).length, 0, 'nothing stored')
    t.equal((await call(app, kind, 'passkeyregister', token, { response: credential })).statusCode, 200, 'the challenge was not spent by refused shapes')
  })
})

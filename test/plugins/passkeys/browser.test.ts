/**
 * The proof: passkeys end to end in Chromium with its virtual authenticator (CDP WebAuthn). A
 * signed-in account registers a passkey, signs out, signs in with it without typing anything
 * (a discoverable credential), and a copy of the credential whose sign count went back is refused.
 */
import t from 'tap'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { authed, createTestAccount, signIn } from '../../helpers/accounts.js'
import { claimsOf, passkeyApp, passkeyLogin, passkeyPage, post, registerPasskey } from '../../helpers/passkeys.js'

const events = (app: any, accountId: string, event: string) =>
  app.sql`select * from audit_events where account_id = ${accountId} and event = ${event} order by id`

t.test('a passkey registered while signed in signs its owner in alone, and its clone is refused', async (t) => {
  const { app, origin } = await passkeyApp(t)
  for (const kind of Object.values(ACCOUNT_TYPES)) {
    await t.test(`${kind.path}`, async (t) => {
      const account = await createTestAccount(app, kind)
      const { token } = await signIn(app, kind, account)
      const { page, authenticator } = await passkeyPage(t, origin)

      const registered = await registerPasskey(page, kind, token, 'Laptop')
      t.equal(registered.status, 200, `registered: ${registered.body.error ?? 'ok'}`)
      t.match(registered.body, { status: 200, success: true, factor: { type: 'webauthn', name: 'Laptop', status: 'verified', lastUsedAt: null } })
      t.same(Object.keys(registered.body.factor).sort(), ['createdAt', 'id', 'lastUsedAt', 'name', 'status', 'type'], 'no credential or key in the answer')
      const [credential] = await authenticator.credentials()
      t.equal(credential.isResidentCredential, true, 'a discoverable credential (residentKey required)')
      t.equal(Buffer.from(credential.userHandle!, 'base64').toString('hex'), account.id.replace(/-/g, ''), 'the user handle is the account id')
      const [row] = await app.sql.unsafe(`select * from "${kind.type}_factors" where id = $1`, [registered.body.factor.id])
      t.equal(row[kind.ownerColumn], account.id)
      t.same(row.credential_id, Buffer.from(credential.credentialId, 'base64'), 'the credential id is stored')
      t.equal(row.secret, null)
      t.match(await events(app, account.id, 'passkey.registered'), [{ data: { factorId: row.id, name: 'Laptop' } }])

      const out = await authed(app, kind, 'logout', token)
      t.equal(out.statusCode, 200, 'signed out')

      const before = await app.sql.unsafe(`select login_count from "${kind.ownerTable}" where id = $1`, [account.id])
      const signedIn = await passkeyLogin(page, kind)
      t.equal(signedIn.status, 201, `signed in: ${signedIn.body.error ?? 'ok'}`)
      t.match(signedIn.body, { status: 201, success: true, [kind.bodyKey]: { id: account.id, email: account.email } })
      const claims = claimsOf(signedIn.body.token)
      t.same(claims.amr, ['webauthn'], 'amr is webauthn: no password was used')
      t.equal(claims.aal, 'aal2', 'aal2: the authenticator verified its user')
      t.equal(claims.sub, account.id)
      const me = await authed(app, kind, 'me', signedIn.body.token)
      t.equal(me.statusCode, 200, 'the access token works')
      const [after] = await app.sql.unsafe(`select login_count from "${kind.ownerTable}" where id = $1`, [account.id])
      t.equal(after.login_count, before[0].login_count + 1, 'counted as a login')
      const [session] = await app.sql.unsafe(`select aal, amr from "${kind.sessionTable}" where family_id = $1`, [claims.sid])
      t.same(session, { aal: 'aal2', amr: ['webauthn'] }, 'the session keeps its assurance')
      const cookies = await page.context().cookies()
      t.ok(cookies.some((c) => c.name === kind.cookie && c.value === signedIn.body.refreshToken), 'the browser holds the refresh cookie')
      t.match(await events(app, account.id, 'passkey.login'), [{ data: { factorId: row.id, userVerified: true } }])
      t.equal((await events(app, account.id, 'login.succeeded')).length, 2, 'login.succeeded for the password and the passkey sign-in')
      const [used] = await app.sql.unsafe(`select sign_count, last_used_at from "${kind.type}_factors" where id = $1`, [row.id])
      const [now] = await authenticator.credentials()
      t.equal(Number(used.sign_count), now.signCount, 'the sign count the authenticator reported is kept')
      t.ok(Number(used.sign_count) > 0 && used.last_used_at, 'and the last use')

      // The clone: the same private key in another authenticator, its sign count behind the service's.
      const clone = await passkeyPage(t, origin)
      await clone.authenticator.cdp.send('WebAuthn.addCredential', {
        authenticatorId: clone.authenticator.authenticatorId,
        credential: { ...now, signCount: 0 }
      } as never)
      const sessionsBefore = await app.sql.unsafe(`select count(*)::int as n from "${kind.sessionTable}" where ${kind.ownerColumn} = $1`, [account.id])
      const cloned = await passkeyLogin(clone.page, kind)
      t.equal(cloned.status, 400)
      t.same(Object.keys(cloned.body).sort(), ['error', 'message', 'status', 'success'])
      t.match(cloned.body, { status: 400, success: false, error: `${kind.errorPrefix}.BAD_REQUEST_INVALID_PASSKEY` })
      t.match(await events(app, account.id, 'passkey.clone_suspected'),
        [{ actor_type: kind.type, actor_id: account.id, data: { factorId: row.id, storedSignCount: Number(used.sign_count), signCount: 1 } }],
        'recorded with both counts')
      const sessionsAfter = await app.sql.unsafe(`select count(*)::int as n from "${kind.sessionTable}" where ${kind.ownerColumn} = $1`, [account.id])
      t.equal(sessionsAfter[0].n, sessionsBefore[0].n, 'no session opened for the clone')
      const [kept] = await app.sql.unsafe(`select sign_count from "${kind.type}_factors" where id = $1`, [row.id])
      t.equal(Number(kept.sign_count), Number(used.sign_count), 'the stored sign count did not move back')

      // The real authenticator is ahead of the stored count: it still signs in.
      const again = await passkeyLogin(page, kind)
      t.equal(again.status, 201, 'the genuine passkey still signs in')
      t.equal((await post(page, kind, 'passkeylogin', { challengeId: again.challengeId, response: again.credential })).status, 400,
        'its response replayed is refused')
    })
  }
})

/**
 * A session opened before a change of factors does not outlive it (docs/behaviour.md#second-factors):
 * the attack of a stolen password, replayed with real passkey ceremonies (Chromium's virtual
 * authenticator) and real TOTP codes. The attacker signs in with the password; the victim
 * registers a passkey, then enrols TOTP; at each step the attacker's session must end (refresh
 * 401, its socket closed with 4401), and an aal1 session cannot mint recovery codes.
 */
import t from 'tap'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { CLOSE_UNAUTHORIZED } from '../../../plugins/realtime/rooms.js'
import { accountError, assertError, createTestAccount, PASSWORD, refresh, sessionsOf, signIn } from '../../helpers/accounts.js'
import { call, enrolTotp, signInAal2 } from '../../helpers/factors.js'
import { claimsOf, passkeyApp, passkeyLogin, passkeyPage, registerPasskey } from '../../helpers/passkeys.js'
import { connectUser } from '../../helpers/sockets.js'

const KINDS = Object.values(ACCOUNT_TYPES)

t.test('a stolen password\'s session ends at every change of factors', async (t) => {
  const { app, origin } = await passkeyApp(t)

  for (const kind of KINDS) {
    const refreshWith = (refreshToken: string) => refresh(app, kind, { body: { refreshToken } })
    const revokedFamilies = async (ownerId: string) =>
      (await sessionsOf(app, kind, ownerId)).filter((s) => s.revoked_at !== null).map((s) => s.family_id)

    t.test(`${kind.path}: registering a passkey, verifying TOTP and regenerating codes revoke the other sessions`, async (t) => {
      const account = await createTestAccount(app, kind)
      // The attacker signs in with the password it stole, and keeps a socket open.
      const attacker = await signIn(app, kind, account)
      const socket = kind.type === 'user' ? await connectUser(t, app, attacker.token) : null

      // The victim adds a passkey from its own aal1 session: the attacker's session ends.
      const victim = await signIn(app, kind, account)
      const { page } = await passkeyPage(t, origin)
      t.equal((await registerPasskey(page, kind, victim.token)).status, 200)
      assertError(t, await refreshWith(attacker.refreshToken), 401, accountError(kind, 'UNAUTHORIZED_INVALID_REFRESH_TOKEN'))
      t.ok((await revokedFamilies(account.id)).length >= 1, 'the attacker\'s family is revoked')
      if (socket) t.equal((await socket.waitForClose()).code, CLOSE_UNAUTHORIZED, 'its socket is closed with 4401')
      t.equal((await refreshWith(victim.refreshToken)).statusCode, 200, 'the acting session goes on')

      // A passkey does not make the password ask for a second factor: the attacker signs in again
      // (aal1) and cannot replace the recovery codes with it, password or not.
      const again = await signIn(app, kind, account)
      t.equal(claimsOf(again.token).aal, 'aal1')
      assertError(t, await call(app, kind, 'regeneraterecoverycodes', again.token, { password: PASSWORD }), 403,
        accountError(kind, 'FORBIDDEN_AAL2_REQUIRED'))

      // The victim signs in with its passkey (aal2) and enrols TOTP: the attacker's second session ends too.
      const strong = await passkeyLogin(page, kind)
      t.equal(claimsOf(strong.body.token).aal, 'aal2')
      const enrolled = await enrolTotp(app, kind, strong.body.token)
      assertError(t, await refreshWith(again.refreshToken), 401, accountError(kind, 'UNAUTHORIZED_INVALID_REFRESH_TOKEN'))
      t.equal((await refreshWith(strong.body.refreshToken)).statusCode, 200, 'the acting session goes on')

      // Regenerating the codes (aal2) ends every other session as well, and the new codes work.
      const other = await signInAal2(app, kind, account, enrolled)
      const regenerated = await call(app, kind, 'regeneraterecoverycodes', strong.body.token, { password: PASSWORD })
      t.equal(regenerated.statusCode, 200)
      t.equal(regenerated.json().recoveryCodes.length, 10)
      assertError(t, await refreshWith(other.refreshToken), 401, accountError(kind, 'UNAUTHORIZED_INVALID_REFRESH_TOKEN'))
      const [codeRows] = await app.sql.unsafe(`select count(*)::int as n from "${kind.type}_recovery_codes" where ${kind.ownerColumn} = $1`, [account.id])
      t.equal(codeRows.n, 10, 'only the new codes are kept')
    })
  }
})

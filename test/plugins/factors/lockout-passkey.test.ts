/**
 * A passkey still signs in while the account is locked for wrong codes (lockout.test.ts has the
 * count itself), and signing in with it does not lift the lock. Drives Chromium: npm run test:all.
 */
import t from 'tap'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { assertError, createTestAccount, signIn } from '../../helpers/accounts.js'
import { attemptsOf, enrolTotp, guessCodes, mfaToken, signInAal2, totpCode, verifyMfa } from '../../helpers/factors.js'
import { passkeyApp, passkeyLogin, passkeyPage, registerPasskey } from '../../helpers/passkeys.js'

const THRESHOLD = 10

t.test('a passkey still signs in while the account is locked for codes', async (t) => {
  const { app, origin } = await passkeyApp(t)
  for (const kind of Object.values(ACCOUNT_TYPES)) {
    t.test(kind.path, async (t) => {
      const account = await createTestAccount(app, kind)
      const enrolled = await enrolTotp(app, kind, (await signIn(app, kind, account)).token)
      // A second factor is verified now: registering a passkey needs an aal2 session.
      const { token } = await signInAal2(app, kind, account, enrolled)
      const page = await passkeyPage(t, origin)
      t.equal((await registerPasskey(page.page, kind, token)).status, 200)
      await guessCodes(app, kind, account, enrolled, THRESHOLD)
      const locked = await verifyMfa(app, kind, { mfaToken: await mfaToken(app, kind, account), factorId: enrolled.factorId, code: totpCode(enrolled.secret) })
      assertError(t, locked, 429, 'TOO_MANY_REQUESTS')
      const signedIn = await passkeyLogin(page.page, kind)
      t.equal(signedIn.status, 201, JSON.stringify(signedIn.body))
      t.match(await attemptsOf(app, kind, account.id), { failures: THRESHOLD, locked_until: Date }, 'nor does it lift the lock')
    })
  }
})

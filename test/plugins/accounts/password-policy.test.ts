import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES, type AccountType } from '../../../plugins/accounts/registry.js'
import { estimatorOf, weakness } from '../../../plugins/accounts/password-policy.js'
import { build } from '../../helpers/app.js'
import {
  ENV, PASSWORD, accountError, assertError, authed, createTestAccount, login, ownerOf, requestReset, resetPassword, signIn, uniqueEmail
} from '../../helpers/accounts.js'
import { linkToken, smtpCatcher } from '../../helpers/mail.js'

const POLICY = { minLength: 8, minScore: 2 }

t.test('weakness: common passwords, the email, short and guessable ones; a passphrase passes', async (t) => {
  t.same(await weakness(POLICY, 'password123', 'a@example.com'), { key: 'PASSWORD[common]' })
  t.same(await weakness(POLICY, 'qwertyuiop', 'a@example.com'), { key: 'PASSWORD[common]' }, 'common whatever its length')
  t.same(await weakness(POLICY, 'P@ssw0rd', 'a@example.com'), { key: 'PASSWORD[common]' }, 'a l33t spelling of a common password')
  t.same(await weakness(POLICY, 'ana.lopez2024', 'ana.lopez@example.com'), { key: 'PASSWORD[contains_email]' }, 'the email is fed to zxcvbn')
  t.equal(await weakness(POLICY, 'ana.lopez2024', 'someone@example.com'), null, 'the same password for another address passes')
  t.same(await weakness(POLICY, 'aaaaaaaaaa', 'a@example.com'), { key: 'PASSWORD[too_guessable]', params: { score: 0, min: 2 } })
  t.same(await weakness({ minLength: 16, minScore: 2 }, 'zebra-violin-42', 'a@example.com'), { key: 'PASSWORD[too_short]', params: { min: 16 } })
  t.same(await weakness({ minLength: 8, minScore: 4 }, 'correct horse', 'a@example.com'), { key: 'PASSWORD[too_guessable]', params: { score: 3, min: 4 } })
  t.equal(await weakness(POLICY, PASSWORD, 'a@example.com'), null)
  t.equal(await weakness({ minLength: 8, minScore: 0 }, 'aaaaaaaaaa', 'a@example.com'), null, 'PASSWORD_MIN_SCORE=0 keeps only the dictionary')
  t.equal(await estimatorOf(), await estimatorOf(), 'the dictionaries are loaded once')
})

async function userCount (app: FastifyInstance, kind: AccountType, email: string) {
  const [{ n }] = await app.sql.unsafe(`select count(*)::int as n from "${kind.ownerTable}" where email = $1`, [email.toLowerCase()])
  return n
}

t.test('register refuses a weak password with a translated reason, and stores nothing', async (t) => {
  const app = await build(t, { env: ENV })
  const email = uniqueEmail('weak')
  for (const [lang, message] of [['en', 'is one of the most common passwords'], ['es', 'es una de las contraseñas más comunes']]) {
    const res = await app.inject({ method: 'POST', url: `/v1/users/register?lang=${lang}`, payload: { email, password: 'iloveyou1' } })
    const body = assertError(t, res, 400, 'USER.BAD_REQUEST_WEAK_PASSWORD')
    t.same(body.fields, [{ name: 'password', message }], `the reason in ${lang}`)
  }
  const own = await app.inject({ method: 'POST', url: '/v1/users/register', payload: { email: 'maria.garcia@example.com', password: 'mariagarcia' } })
  t.same(assertError(t, own, 400, 'USER.BAD_REQUEST_WEAK_PASSWORD').fields, [{ name: 'password', message: 'is too close to your email address' }])
  t.equal(await userCount(app, ACCOUNT_TYPES.user, email), 0, 'nothing stored')
  t.equal(await userCount(app, ACCOUNT_TYPES.user, 'maria.garcia@example.com'), 0)
  t.equal((await app.inject({ method: 'POST', url: '/v1/users/register', payload: { email, password: PASSWORD } })).statusCode, 201)
})

t.test('PASSWORD_MIN_LENGTH and PASSWORD_MIN_SCORE, also with REQUIRE_EMAIL_CONFIRMED', async (t) => {
  const app = await build(t, { env: { ...ENV, PASSWORD_MIN_LENGTH: '12', PASSWORD_MIN_SCORE: '4', REQUIRE_EMAIL_CONFIRMED: 'true' } })
  const register = (password: string) => app.inject({ method: 'POST', url: '/v1/users/register', payload: { email: uniqueEmail('policy'), password } })
  t.same(assertError(t, await register('zebra-42'), 400, 'USER.BAD_REQUEST_WEAK_PASSWORD').fields, [{ name: 'password', message: 'must be at least 12 characters long' }])
  t.same(assertError(t, await register('correct horse'), 400, 'USER.BAD_REQUEST_WEAK_PASSWORD').fields,
    [{ name: 'password', message: 'is too easy to guess (strength 3 of 4, at least 4 needed)' }])
  t.equal((await register(PASSWORD)).statusCode, 201)
})

for (const kind of [ACCOUNT_TYPES.user, ACCOUNT_TYPES.admin]) {
  t.test(`changepassword and resetpassword refuse a weak password (${kind.type})`, async (t) => {
    const mail = await smtpCatcher(t)
    const app = await build(t, { env: { ...ENV, WORKER_ENABLED: 'true', SMTP_URL: mail.url } })
    const account = await createTestAccount(app, kind)
    const before = (await ownerOf(app, kind, account.id))!.password
    const me = await signIn(app, kind, account)
    const changed = await authed(app, kind, 'changepassword', me.token, { body: { currentPassword: PASSWORD, newPassword: 'password1' }, headers: { 'accept-language': 'es' } })
    t.same(assertError(t, changed, 400, accountError(kind, 'BAD_REQUEST_WEAK_PASSWORD')).fields,
      [{ name: 'newPassword', message: 'es una de las contraseñas más comunes' }])
    t.equal((await ownerOf(app, kind, account.id))!.password, before, 'the password is unchanged')

    const after = mail.mails.length
    t.equal((await requestReset(app, kind, account.email)).statusCode, 200)
    const token = linkToken(await mail.next(account.email, { after }), '/reset-password')
    const reset = await resetPassword(app, kind, token, account.email.split('@')[0] + '!')
    t.same(assertError(t, reset, 400, accountError(kind, 'BAD_REQUEST_WEAK_PASSWORD')).fields,
      [{ name: 'password', message: 'is too close to your email address' }])
    t.equal((await ownerOf(app, kind, account.id))!.password, before, 'the password is unchanged')
    t.equal((await login(app, kind, { email: account.email, password: PASSWORD })).statusCode, 201, 'and still works')
    t.equal((await resetPassword(app, kind, token, 'a strong replacement phrase')).statusCode, 200, 'the token was not spent by the refusal')
    t.equal((await resetPassword(app, kind, 'f'.repeat(64), 'password1')).json().error, accountError(kind, 'BAD_REQUEST_INVALID_TOKEN'),
      'a bogus token is refused before the password is looked at')
  })
}

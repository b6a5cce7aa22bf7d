import t from 'tap'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { build } from '../../helpers/app.js'
import { ENV, createTestAccount, ownerOf, signIn, type TapTest, type TestAccount } from '../../helpers/accounts.js'
import { linkToken, smtpCatcher } from '../../helpers/mail.js'
import { decodeJwt } from '../../helpers/tokens.js'
import { startOidcProvider } from '../../helpers/oidc.js'
import { APP_URL, callbackUrlOf, exchange, providerEnv, signInAtProvider } from '../../helpers/federation.js'
import { enrolTotp, totpCode, verifyMfa, type Enrolled } from '../../helpers/factors.js'

const USER = ACCOUNT_TYPES.user

t.test('a verified second factor still applies after a provider or link sign-in', async (t) => {
  const mail = await smtpCatcher(t)
  const idp = await startOidcProvider(t, { redirectUris: [callbackUrlOf('test')] })
  const app = await build(t, {
    env: { ...ENV, WORKER_ENABLED: 'true', SMTP_URL: mail.url, OIDC_PROVIDERS: 'test', ...providerEnv('test', idp), PUBLIC_APP_URL: APP_URL }
  })

  async function withFactor (): Promise<{ account: TestAccount, enrolled: Enrolled }> {
    const account = await createTestAccount(app, USER, { isEmailConfirmed: true })
    const { token } = await signIn(app, USER, account)
    return { account, enrolled: await enrolTotp(app, USER, token) }
  }

  /** The first step answered 200 mfaRequired with nothing issued; the second opens an aal2 session by [method, otp]. */
  async function secondStep (t: TapTest, app: FastifyInstance, first: LightMyRequestResponse, account: TestAccount, enrolled: Enrolled, method: string) {
    t.equal(first.statusCode, 200, first.body)
    const body = first.json()
    t.match(body, { status: 200, success: true, mfaRequired: true, mfaToken: /^[0-9a-f]{64}$/, factors: [{ id: enrolled.factorId, type: 'totp' }] })
    t.notOk('token' in body || 'refreshToken' in body, 'no token')
    t.notOk(first.cookies.some((c) => c.name === USER.cookie), 'no refresh cookie')
    const before = (await ownerOf(app, USER, account.id))!.login_count
    const res = await verifyMfa(app, USER, { mfaToken: body.mfaToken, factorId: enrolled.factorId, code: totpCode(enrolled.secret) })
    t.equal(res.statusCode, 201, res.body)
    t.match(decodeJwt(res.json().token).payload, { sub: account.id, aal: 'aal2', amr: [method, 'otp'] })
    t.equal((await ownerOf(app, USER, account.id))!.login_count, before + 1, 'counted once, when the session opened')
    const [challenge] = await app.sql`select method from user_mfa_challenges where user_id = ${account.id} order by id desc limit 1`
    t.equal(challenge.method, method)
  }

  t.test('a sign-in link', async (t) => {
    const { account, enrolled } = await withFactor()
    const after = mail.mails.length
    await app.inject({ method: 'POST', url: '/v1/users/requestsigninlink', payload: { email: account.email } })
    const token = linkToken(await mail.next(account.email, { after }), '/sign-in')
    const first = await app.inject({ method: 'POST', url: '/v1/users/signinwithlink', payload: { token } })
    await secondStep(t, app, first, account, enrolled, 'link')
  })

  t.test('a provider (linked by its verified email)', async (t) => {
    const { account, enrolled } = await withFactor()
    const { location } = await signInAtProvider(app, idp, 'test', { sub: `mfa-${Date.now()}`, email: account.email, email_verified: true })
    const first = await exchange(app, location.searchParams.get('code'))
    await secondStep(t, app, first, account, enrolled, 'oauth')
  })
})

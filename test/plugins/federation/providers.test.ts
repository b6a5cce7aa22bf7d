import t from 'tap'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { build, captureLogs } from '../../helpers/app.js'
import { ENV, assertIssued, uniqueEmail } from '../../helpers/accounts.js'
import { freePort, startOidcProvider } from '../../helpers/oidc.js'
import { APP_URL, authorize, callbackUrlOf, exchange, providerEnv, signInAtProvider } from '../../helpers/federation.js'

const USER = ACCOUNT_TYPES.user

t.test('a provider that cannot be discovered at start answers 503 while the others work, until it is back', async (t) => {
  const up = await startOidcProvider(t, { redirectUris: [callbackUrlOf('up')] })
  const latePort = await freePort()
  const lateIssuer = `http://127.0.0.1:${latePort}`
  const logs = captureLogs()
  const app = await build(t, {
    env: {
      ...ENV,
      LOG_LEVEL: 'info',
      PUBLIC_APP_URL: APP_URL,
      OIDC_PROVIDERS: 'up,late',
      ...providerEnv('up', up),
      ...providerEnv('late', { issuer: lateIssuer, clientId: 'latchkey', clientSecret: 'latchkey-test-secret' })
    },
    logger: { stream: logs.stream }
  })

  t.test('the service started and says which provider is missing, without its secret', async (t) => {
    const line = logs.lines.find((l) => l.provider === 'late' && l.level === 50)
    t.ok(line, 'an error line names the provider')
    t.match(line?.msg, /late cannot be discovered/)
    t.notMatch(JSON.stringify(logs.lines), /latchkey-test-secret/, 'the client secret is never logged')
    t.ok(logs.lines.some((l) => l.provider === 'up' && /discovered/.test(l.msg)), 'the other one was discovered')
  })

  t.test('oauthproviders lists both, with their labels and whether they answer', async (t) => {
    const res = await app.inject({ method: 'GET', url: '/v1/users/oauthproviders' })
    t.same(res.json(), { status: 200, success: true, providers: [{ name: 'up', label: 'up', available: true }, { name: 'late', label: 'late', available: false }] })
  })

  t.test('the missing provider is 503, the other one signs people in', async (t) => {
    const res = await authorize(app, 'late')
    t.equal(res.statusCode, 503)
    t.match(res.json(), { status: 503, success: false, error: 'SERVICE_UNAVAILABLE', requestId: String })
    t.equal((await app.sql`select count(*)::int as n from oauth_states where provider = 'late'`)[0].n, 0, 'nothing stored for it')
    const { location } = await signInAtProvider(app, up, 'up', { sub: 'up-person', email: uniqueEmail('up'), email_verified: true })
    assertIssued(t, await exchange(app, location.searchParams.get('code')), USER, 201)
  })

  t.test('once the provider answers, the next sign-in discovers it and works', async (t) => {
    const late = await startOidcProvider(t, { redirectUris: [callbackUrlOf('late')], port: latePort })
    t.equal(late.issuer, lateIssuer)
    const { location } = await signInAtProvider(app, late, 'late', { sub: 'late-person', email: uniqueEmail('late'), email_verified: true })
    const body = assertIssued(t, await exchange(app, location.searchParams.get('code')), USER, 201)
    const [identity] = await app.sql`select * from user_identities where user_id = ${body.user.id}`
    t.equal(identity.provider, 'late')
    t.match((await app.inject({ method: 'GET', url: '/v1/users/oauthproviders' })).json().providers, [{ name: 'up' }, { name: 'late', available: true }])
  })
})

t.test('with REGISTRATION_ENABLED=false a provider signs in known people only', async (t) => {
  const idp = await startOidcProvider(t, { redirectUris: [callbackUrlOf('test')] })
  const app = await build(t, { env: { ...ENV, PUBLIC_APP_URL: APP_URL, REGISTRATION_ENABLED: 'false', OIDC_PROVIDERS: 'test', ...providerEnv('test', idp) } })
  const email = uniqueEmail('stranger')
  const { location } = await signInAtProvider(app, idp, 'test', { sub: 'stranger', email, email_verified: true })
  t.same(Object.fromEntries(location.searchParams), { error: 'registration_disabled' })
  t.equal((await app.sql`select * from users where email = ${email}`).length, 0, 'no account created')
})

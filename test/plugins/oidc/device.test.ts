import t from 'tap'
import { setTimeout as sleep } from 'node:timers/promises'
import * as oauth from 'oauth4webapi'
import { oidcApp } from '../../helpers/oidc-app.js'
import { newPage } from '../../helpers/browser.js'
import { watchPage } from '../../helpers/pages.js'
import { createTestAccount } from '../../helpers/accounts.js'
import { USER, consentOnPage, signInOnPage } from '../../helpers/oidc-flow.js'
import { createOauthClient } from '../../../plugins/oidc/clients.js'
import { nameOf, oidcPayloads } from '../../../db/schema.js'

const insecure = { [oauth.allowInsecureRequests]: true }
const DEVICE_CODE = 'urn:ietf:params:oauth:grant-type:device_code'

t.test('device authorization (RFC 8628): a polling client gets tokens once the signed-in user approves on Latchkey\'s pages; an expired code is refused', async (t) => {
  const { app, issuer } = await oidcApp(t)
  const account = await createTestAccount(app, USER, { isEmailConfirmed: true })
  const { row } = await createOauthClient(app.sql, {
    name: 'Acme TV', type: 'public', redirectUris: [], grantTypes: [DEVICE_CODE, 'refresh_token'], scopes: ['openid', 'email'], organizationId: null
  })
  const url = new URL(issuer)
  const as = await oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, { ...insecure, algorithm: 'oidc' }))
  t.equal(as.device_authorization_endpoint, `${issuer}/device/auth`)
  const client: oauth.Client = { client_id: row.id }
  const start = async () => await oauth.processDeviceAuthorizationResponse(as, client,
    await oauth.deviceAuthorizationRequest(as, client, oauth.None(), new URLSearchParams({ scope: 'openid email' }), insecure))
  const poll = (deviceCode: string) => oauth.deviceCodeGrantRequest(as, client, oauth.None(), deviceCode, insecure)
  const errorOf = async (res: Response) => ({ status: res.status, error: (await res.json() as { error: string }).error })

  const device = await start()
  t.match(device.user_code, /^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/, 'a user code easy to type')
  t.equal(device.verification_uri, `${issuer}/device`)
  t.same(await errorOf(await poll(device.device_code)), { status: 400, error: 'authorization_pending' }, 'pending until approved')

  // The device polls as a real client does, at the interval it was given, slower when told to.
  let polls = 0
  const polling = (async () => {
    let interval = device.interval ?? 5
    for (;;) {
      await sleep(interval * 1000)
      polls++
      try {
        return await oauth.processDeviceCodeResponse(as, client, await poll(device.device_code))
      } catch (err) {
        if (!(err instanceof oauth.ResponseBodyError)) throw err
        if (err.error === 'slow_down') interval += 5
        else if (err.error !== 'authorization_pending') throw err
      }
    }
  })()

  const { page } = await newPage(t)
  const watched = watchPage(page)
  const shown = await page.goto(device.verification_uri)
  t.match(shown!.headers()['content-security-policy'], /default-src 'none'/, 'the code page: no script at all')
  await page.getByLabel('Code').fill(device.user_code.toLowerCase().replace('-', ''))
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('heading', { name: 'Connect Acme TV?' }).waitFor()
  t.equal(await page.locator('#user-code').textContent(), device.user_code, 'the code to compare with the device\'s')
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('heading', { name: 'Sign in to continue to Acme TV' }).waitFor()
  await signInOnPage(page, account)
  await consentOnPage(page, 'Acme TV')
  await page.getByRole('heading', { name: 'Device connected' }).waitFor()

  const tokens = await polling
  t.ok(polls >= 1, `the device polled (${polls} times)`)
  const claims = oauth.getValidatedIdTokenClaims(tokens)!
  t.equal(claims.sub, account.id)
  t.equal(claims.aud, row.id)
  const info = await oauth.processUserInfoResponse(as, client, account.id, await oauth.userInfoRequest(as, client, tokens.access_token, insecure))
  t.same(info, { sub: account.id, email: account.email, email_verified: true })
  t.same(await errorOf(await poll(device.device_code)), { status: 400, error: 'invalid_grant' }, 'a device code gives tokens once')

  // A device code past its lifetime: refused expired_token; its user code is refused on the page.
  const late = await start()
  await app.sql.unsafe(`update ${nameOf(oidcPayloads)} set expires_at = now() - interval '1 second',
    payload = jsonb_set(payload, '{exp}', to_jsonb(extract(epoch from now())::bigint - 1)) where kind = 'DeviceCode' and user_code = $1`,
  [late.user_code.replace('-', '')])
  t.same(await errorOf(await poll(late.device_code)), { status: 400, error: 'expired_token' }, 'an expired device code')
  await page.goto(late.verification_uri)
  await page.getByLabel('Code').fill(late.user_code)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('alert').filter({ hasText: 'not right, or has expired' }).waitFor()
  t.same(watched.errors, [], 'no CSP refusal nor uncaught error')
})

/**
 * The console's Webhooks page in Chromium against a real Standard Webhooks receiver: an admin adds
 * an endpoint (its secret shown once, gone after a reload), sees an audit event's delivery in the
 * log, redelivers it (the receiver verifies both), disables, enables, rotates and deletes it after
 * asking; the pages fit a 390 px phone.
 */
import { mkdirSync } from 'node:fs'
import t from 'tap'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { createTestAccount, signIn } from '../../helpers/accounts.js'
import { newPage } from '../../helpers/browser.js'
import { adminSignIn, pagesApp, watchPage } from '../../helpers/pages.js'
import { waitUntil } from '../../helpers/sockets.js'
import { BY_CLI, FAST_RETRIES, deliveriesOf, webhookReceiver } from '../../helpers/webhooks.js'

const ENV = { WORKER_ENABLED: 'true', ...FAST_RETRIES }
// UPDATE_SCREENSHOTS=1 renews the README's picture of an endpoint's page.
const SHOTS = process.env.UPDATE_SCREENSHOTS ? new URL('../../../docs/images/', import.meta.url) : null
if (SHOTS) mkdirSync(SHOTS, { recursive: true })

t.test('an admin adds an endpoint (secret once), sees a delivery, redelivers it, disables, rotates and deletes it', async (t) => {
  const receiver = await webhookReceiver(t)
  const { app, origin } = await pagesApp(t, ENV)
  const admin = await createTestAccount(app, ACCOUNT_TYPES.admin)
  const { page } = await newPage(t, { viewport: { width: 1100, height: 720 }, locale: 'en-US' })
  const watch = watchPage(page)
  await adminSignIn(page, origin, admin)
  await page.getByRole('link', { name: 'Webhooks' }).click()
  await page.getByText('No webhook endpoint.').waitFor()

  await page.getByLabel('URL').fill(receiver.url)
  await page.getByLabel('Events').fill('login.succeeded')
  await page.getByLabel('Description').fill('CRM')
  await page.getByRole('button', { name: 'Add endpoint' }).click()
  const secret = (await page.getByTestId('webhook-secret').textContent())!
  t.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/, 'the secret is shown')
  const [row] = await app.sql`select id, secret, url, events, description from webhook_endpoints`
  t.same({ ...row }, { id: row.id, secret, url: receiver.url, events: ['login.succeeded'], description: 'CRM' }, 'the endpoint, with that secret')
  receiver.secret = secret
  const list = page.getByRole('region', { name: 'Webhook endpoints' })
  await list.locator('tbody tr').first().waitFor()
  t.same(await list.locator('tbody tr td').allTextContents(), [receiver.url, 'login.succeeded', 'Enabled', 'None', 'CRM'], 'url, events, state, failures, description')

  // An audit event the endpoint wants: the receiver gets it, signed.
  const user = await createTestAccount(app, ACCOUNT_TYPES.user)
  await signIn(app, ACCOUNT_TYPES.user, user)
  const first = await waitUntil(() => [...receiver.accepted().values()][0], 'the delivery', 15_000)
  t.match(first.verified, { type: 'login.succeeded', data: { accountId: user.id, event: 'login.succeeded' } }, 'verified by standardwebhooks')
  const id = first.headers['webhook-id']
  const firstAt = (await waitUntil(async () => {
    const [d] = await deliveriesOf(app, row.id)
    return d?.status === 'delivered' ? d : undefined
  }, 'the delivery recorded', 10_000)).delivered_at

  await page.reload()
  await list.locator('tbody tr').first().waitFor()
  t.notOk((await page.content()).includes(secret), 'after a reload the secret is nowhere in the page')
  t.equal(await page.getByTestId('webhook-secret').count(), 0)

  await list.getByRole('link', { name: receiver.url }).click()
  await page.getByRole('heading', { name: receiver.url }).waitFor()
  const log = page.getByRole('region', { name: 'Deliveries' }).locator('tbody tr')
  await log.first().waitFor()
  const cells = async () => (await log.first().locator('td').allTextContents()).map((c) => c.trim())
  const shown = await cells()
  t.equal(await log.count(), 1, 'one delivery')
  t.same(shown.slice(1, 4), ['login.succeeded', shown[2], '1'], 'its event and one attempt')
  t.match(shown[2], /^Delivered /, 'delivered, with its time')
  t.match(shown[4], /^200 \d+ ms$/, 'its response code and duration')
  t.equal(shown[6], id, 'its webhook-id')
  t.not(shown[0], '-', 'its time')

  await page.getByRole('button', { name: `Redeliver ${id}` }).click()
  await page.getByRole('status').filter({ hasText: 'Done: Redeliver.' }).waitFor()
  const again = await waitUntil(() => receiver.received.filter((r) => r.headers['webhook-id'] === id && r.status === 200)[1], 'the redelivery', 15_000)
  t.equal(receiver.received.length, 2, 'the receiver got it twice, nothing else')
  t.same(again.verified, first.verified, 'the same event, verified again with the same webhook-id')
  const redelivered = await waitUntil(async () => {
    const [d] = await deliveriesOf(app, row.id)
    return d.status === 'delivered' && d.delivered_at > firstAt ? d : undefined
  }, 'the redelivery recorded', 10_000)
  t.equal(redelivered.attempts, 1, 'a fresh schedule: one attempt since the redelivery')
  // The log shows the redelivery's time once refreshed (formatted as the page does, in its time zone).
  const expected = await page.evaluate((iso) => `Delivered ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso))}`,
    redelivered.delivered_at.toISOString())
  await page.getByRole('button', { name: 'Refresh' }).click()
  await page.waitForFunction((text) => document.querySelector('table.deliveries tbody tr td:nth-child(3)')?.textContent === text, expected)
  t.same((await cells()).slice(2, 4), [expected, '1'], 'the log: delivered again, one attempt')
  if (SHOTS) await page.screenshot({ path: new URL('admin-webhook.png', SHOTS).pathname })

  await page.getByRole('button', { name: 'Disable' }).click()
  await page.getByRole('status').filter({ hasText: 'Done: Disable.' }).waitFor()
  t.match(await page.getByTestId('webhook-state').textContent(), /^Disabled since /)
  t.same(await app.sql`select enabled from webhook_endpoints`, [{ enabled: false }])
  await page.getByRole('button', { name: 'Enable' }).click()
  await page.getByRole('status').filter({ hasText: 'Done: Enable.' }).waitFor()
  t.equal(await page.getByTestId('webhook-state').textContent(), 'Enabled')

  await page.getByRole('button', { name: 'Rotate secret' }).click()
  const rotate = page.getByRole('dialog', { name: `Rotate the secret of ${receiver.url}?` })
  await rotate.getByRole('button', { name: 'Rotate secret' }).click()
  await page.getByRole('status').filter({ hasText: 'Done: Rotate secret.' }).waitFor()
  const rotated = (await page.getByTestId('webhook-secret').textContent())!
  t.not(rotated, secret, 'a new secret, shown once')
  t.same(await app.sql`select secret from webhook_endpoints`, [{ secret: rotated }])

  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: `Delete the endpoint ${receiver.url}?` })
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await dialog.waitFor({ state: 'hidden' })
  t.equal((await app.sql`select id from webhook_endpoints`).length, 1, 'cancelled: kept')
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await page.getByText('No webhook endpoint.').waitFor()
  t.same(await app.sql`select id from webhook_endpoints`, [], 'deleted')
  t.same(await app.sql`select id from webhook_deliveries`, [], 'with its deliveries')
  t.same(watch.errors, [], 'nothing refused by the CSP, no uncaught error')
})

t.test('on a 390 px phone the list, an endpoint\'s page and its log fit, in Spanish too', async (t) => {
  const receiver = await webhookReceiver(t)
  const { app, origin } = await pagesApp(t, ENV)
  const admin = await createTestAccount(app, ACCOUNT_TYPES.admin)
  const url = `${receiver.url}/a/rather/long/path/for/a/receiver/that/does/not/fit/on/a/phone`
  const { webhook, secret } = await app.webhooks.create({ organizationId: null }, BY_CLI, { url, events: ['*'], description: 'every event' })
  receiver.secret = secret
  await waitUntil(async () => (await deliveriesOf(app, webhook.id))[0]?.status === 'delivered', 'its own creation delivered', 15_000)

  const { page } = await newPage(t, { viewport: { width: 390, height: 844 }, locale: 'en-US' })
  const watch = watchPage(page)
  const width = () => page.evaluate(() => document.documentElement.scrollWidth)
  await adminSignIn(page, origin, admin)
  await page.getByRole('link', { name: 'Webhooks' }).click()
  await page.getByRole('region', { name: 'Webhook endpoints' }).locator('tbody tr').first().waitFor()
  t.ok(await width() <= 390, `the list is not wider than the screen (${await width()})`)
  await page.getByRole('link', { name: url }).click()
  await page.getByRole('region', { name: 'Deliveries' }).locator('tbody tr').first().waitFor()
  t.ok(await width() <= 390, `the endpoint's page (${await width()})`)
  const box = (await page.getByRole('region', { name: 'Deliveries' }).boundingBox())!
  t.ok(box.x >= 0 && box.x + box.width <= 390, 'the log\'s box is on the screen')
  await page.getByLabel('Language').selectOption('es')
  await page.getByRole('heading', { name: 'Entregas' }).waitFor()
  t.ok(await width() <= 390, `in Spanish (${await width()})`)
  await page.getByRole('button', { name: 'Eliminar', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: `¿Eliminar el endpoint ${url}?` })
  const dialogBox = (await dialog.boundingBox())!
  t.ok(dialogBox.x >= 0 && dialogBox.x + dialogBox.width <= 390, 'the dialog fits the screen')
  await dialog.getByRole('button', { name: 'Cancelar' }).click()
  t.same(watch.errors, [])
})

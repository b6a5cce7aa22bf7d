/**
 * The demo's organizations in Chromium, with PUBLIC_APP_URL at the demo: Alice creates one and
 * invites Bob; Bob, signed in, opens the mailed link as it is and accepts; he acts for the
 * organization (its role shown from the token's claim); Alice creates an API key, shown once,
 * and tries it on an organization route. A link opened signed out waits for the sign-in.
 */
import { readFileSync } from 'node:fs'
import t from 'tap'
import type { Page } from 'playwright-core'
import { OPENAPI_FILE } from '../../../scripts/openapi.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js'
import { newPage } from '../../helpers/browser.js'
import { linkToken, smtpCatcher } from '../../helpers/mail.js'
import { ROLE_IDS, uniqueSlug } from '../../helpers/orgs.js'
import { pagesApp, watchPage } from '../../helpers/pages.js'

const USER = ACCOUNT_TYPES.user
const VIEWPORT = { width: 1100, height: 900 }

async function signIn (page: Page, origin: string, account: TestAccount) {
  await page.goto(`${origin}/demo/`)
  await page.locator('#signin-email').fill(account.email)
  await page.locator('#signin-password').fill(account.password)
  await page.getByRole('button', { name: 'Sign in with password' }).click()
  await page.locator('header .who').filter({ hasText: `Signed in as ${account.email}` }).waitFor()
}

t.test('create an organization, invite by mail, accept from the link, act for it, an API key tried', async (t) => {
  const mail = await smtpCatcher(t)
  const { app, origin } = await pagesApp(t, async (origin) => ({ WORKER_ENABLED: 'true', SMTP_URL: mail.url, PUBLIC_APP_URL: `${origin}/demo` }))
  const alice = await createTestAccount(app, USER, { isEmailConfirmed: true })
  const bob = await createTestAccount(app, USER, { isEmailConfirmed: true })
  const { page: a } = await newPage(t, { viewport: VIEWPORT, locale: 'en-US' })
  const { page: b } = await newPage(t, { viewport: VIEWPORT, locale: 'en-US' })
  const watchA = watchPage(a)
  const watchB = watchPage(b)

  await signIn(a, origin, alice)
  await a.getByText('No organization yet').waitFor()
  await a.getByText('Acting for no organization').waitFor()
  const slug = uniqueSlug('demo')
  await a.getByLabel('Organization name').fill('Acme')
  await a.getByLabel('Slug').fill(slug)
  await a.getByRole('button', { name: 'Create', exact: true }).click()
  const row = a.locator(`li.org[data-slug="${slug}"]`)
  await row.getByText('my role: owner').waitFor()
  const [org] = await app.sql`select id, name from organizations where slug = ${slug}`
  t.equal(org?.name, 'Acme', 'the organization row')
  const [owner] = await app.sql`select role_id from memberships where organization_id = ${org.id} and user_id = ${alice.id}`
  t.equal(owner?.role_id, ROLE_IDS.owner, 'Alice owns it')

  // The new organization opens to be managed: its members, then an invitation for Bob.
  await a.getByRole('heading', { name: 'Manage Acme' }).waitFor()
  await a.locator('li.member', { hasText: alice.email }).waitFor()
  const before = mail.mails.length
  await a.getByLabel('Address to invite').fill(bob.email)
  await a.getByRole('button', { name: 'Invite', exact: true }).click()
  await a.getByText(`Invitation mailed to ${bob.email}.`).waitFor()
  const [invitation] = await app.sql`select email, accepted_at from invitations where organization_id = ${org.id}`
  t.same(invitation, { email: bob.email, accepted_at: null }, 'a pending invitation')

  const mailed = await mail.next(bob.email, { after: before })
  const token = linkToken(mailed, '/accept-invite')
  const link = `${origin}/demo/accept-invite?token=${token}`
  t.ok(mailed.text?.includes(link), 'the mailed link is the demo\'s own address')

  await t.test('Bob, signed in, opens the link as mailed and accepts; then acts for the organization', async (t) => {
    await signIn(b, origin, bob)
    await b.goto(link)
    await b.getByRole('heading', { name: 'Invitation' }).waitFor()
    t.equal(new URL(b.url()).search, '', 'the token leaves the address bar')
    await b.locator('header .who').filter({ hasText: `Signed in as ${bob.email}` }).waitFor()
    await b.getByRole('button', { name: 'Accept the invitation' }).click()
    await b.getByText('You joined Acme as member.').waitFor()
    const [membership] = await app.sql`select role_id from memberships where organization_id = ${org.id} and user_id = ${bob.id}`
    t.equal(membership?.role_id, ROLE_IDS.member, 'Bob is a member')
    const [accepted] = await app.sql`select accepted_at from invitations where organization_id = ${org.id}`
    t.ok(accepted.accepted_at, 'the invitation is used')
    const mine = b.locator(`li.org[data-slug="${slug}"]`)
    await mine.getByText('my role: member').waitFor()

    await mine.getByRole('button', { name: 'Act for it: Acme' }).click()
    await b.getByText(`Acting for ${slug} as member`).waitFor()
    t.match(await b.locator('p.acting').textContent(), 'Permissions in the token: members:read, rooms:join', 'the claim\'s permissions')
    await mine.getByText('(acting for it)').waitFor()
    const sessions = await app.sql`select organization_id from user_sessions where user_id = ${bob.id} and revoked_at is null`
    t.same(sessions, [{ organization_id: org.id }], 'Bob\'s session acts for it')
    t.same(watchB.errors, [])
  })

  await t.test('Alice creates an API key, shown once, and tries it on listmembers', async (t) => {
    await a.getByLabel('API key name', { exact: true }).fill('ci')
    await a.getByRole('button', { name: 'Create a key' }).click()
    await a.getByText('Your new key: copy it now, it is not shown again.').waitFor()
    const key = (await a.locator('.created-key code.secret').textContent())!.trim()
    t.match(key, /^lk_[a-z2-7]{52}$/)
    await a.locator('li.apikey', { hasText: key.slice(0, 8) }).waitFor()
    const [stored] = await app.sql`select name, prefix, permissions, last_used_at from api_keys where organization_id = ${org.id}`
    t.match(stored, { name: 'ci', prefix: key.slice(0, 8), permissions: ['members:read'], last_used_at: null })

    await a.getByRole('button', { name: 'Try the key' }).click()
    const result = a.locator('p.key-result')
    await result.waitFor()
    const text = await result.textContent()
    t.match(text, 'listmembers with the key: HTTP 200, 2 members (')
    t.ok(text?.includes(alice.email) && text.includes(bob.email), 'both members, as the key read them')
    const [used] = await app.sql`select last_used_at from api_keys where organization_id = ${org.id}`
    t.ok(used.last_used_at, 'the key was used')
    t.same(watchA.errors, [])
  })

  await t.test('opened signed out, the link asks for a sign-in first and keeps the invitation through it', async (t) => {
    const carol = await createTestAccount(app, USER, { isEmailConfirmed: true })
    const after = mail.mails.length
    await a.getByLabel('Address to invite').fill(carol.email)
    await a.getByRole('button', { name: 'Invite', exact: true }).click()
    await a.getByText(`Invitation mailed to ${carol.email}.`).waitFor()
    const invite = `${origin}/demo/accept-invite?token=${linkToken(await mail.next(carol.email, { after }), '/accept-invite')}`
    const { page: c } = await newPage(t, { viewport: VIEWPORT, locale: 'en-US' })
    const watchC = watchPage(c)
    await c.goto(invite)
    await c.getByText('You were invited into an organization: sign in with the invited address to accept.').waitFor()
    t.equal(new URL(c.url()).search, '', 'the token leaves the address bar')
    t.same(await app.sql`select 1 from user_sessions where user_id = ${carol.id}`, [], 'the token signed nobody in')
    await c.locator('#signin-email').fill(carol.email)
    await c.locator('#signin-password').fill(carol.password)
    await c.getByRole('button', { name: 'Sign in with password' }).click()
    await c.getByRole('button', { name: 'Accept the invitation' }).click()
    await c.getByText('You joined Acme as member.').waitFor()
    await c.locator(`li.org[data-slug="${slug}"]`).getByText('my role: member').waitFor()
    const [membership] = await app.sql`select role_id from memberships where organization_id = ${org.id} and user_id = ${carol.id}`
    t.equal(membership?.role_id, ROLE_IDS.member, 'Carol is a member')
    t.same(watchC.errors, [])
  })
})

t.test('the slug box holds the API\'s pattern and the browser checks it: a bad slug is refused before it is sent', async (t) => {
  const { app, origin } = await pagesApp(t)
  const carol = await createTestAccount(app, USER, { isEmailConfirmed: true })
  const { page } = await newPage(t, { viewport: VIEWPORT, locale: 'en-US' })
  const watch = watchPage(page)
  await signIn(page, origin, carol)
  const slug = page.getByLabel('Slug')
  const create = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')).paths['/v1/orgs/create'].post
  const api = create.requestBody.content['application/json'].schema.properties.slug.pattern
  t.equal(`^${await slug.getAttribute('pattern')}$`, api, 'the pattern attribute is the API\'s (the browser anchors it)')
  const mismatch = () => slug.evaluate((input: HTMLInputElement) => input.validity.patternMismatch)
  for (const [value, bad] of [['Bad Slug!', true], ['ab', true], ['UPPER-case', true], ['a_b', true], ['good-slug-1', false], ['x'.repeat(48), false], ['x'.repeat(49), true]] as const) {
    await slug.fill(value)
    t.equal(await mismatch(), bad, `${JSON.stringify(value)}: ${bad ? 'patternMismatch' : 'accepted'}`)
  }
  await page.getByLabel('Organization name').fill('Bad')
  await slug.fill('Bad Slug!')
  await page.getByRole('button', { name: 'Create', exact: true }).click()
  t.equal(await slug.evaluate((input: HTMLInputElement) => input.form!.checkValidity()), false, 'the form does not submit')
  const [{ n }] = await app.sql`select count(*)::int as n from organizations where created_by = ${carol.id}`
  t.equal(n, 0, 'no organization was created')
  t.same(watch.errors, [], 'no uncaught error')
})

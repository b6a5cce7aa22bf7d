/**
 * /account/accept-invite in Chromium, from the mail the SMTP server received: signed out, the
 * page asks for the invited account's sign-in (its second factor too), then accepts; a used,
 * forged or expired invitation, or another account's, is a page (200) that says so.
 */
import t from 'tap'
import type { Page } from 'playwright-core'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { createTestAccount, signIn, type TestAccount } from '../../helpers/accounts.js'
import { newPage } from '../../helpers/browser.js'
import { enrolTotp, totpCode } from '../../helpers/factors.js'
import { ROLE_IDS, membershipOf, newMember, newOrg, orgCall } from '../../helpers/orgs.js'
import { accountPagesApp, expire, forgedToken, mailedLink, openLink, tokenOf } from '../../helpers/account-pages.js'

const USER = ACCOUNT_TYPES.user
const EN = { locale: 'en-US' }
const dead = (email: string) => `It was already used or withdrawn, it expired, or it was sent to another address than ${email}.`

async function signInOnPage (page: Page, account: TestAccount) {
  await page.getByText('Sign in with the address the invitation was sent to.').waitFor()
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

t.test('accept-invite: signed out, sign in as the invited address, then accept; once', async (t) => {
  const { app, origin, mail } = await accountPagesApp(t)
  const owner = await newMember(app)
  const org = await newOrg(app, owner)
  const invite = async (email: string) => {
    const after = mail.mails.length
    const res = await orgCall(app, 'invite', owner.token, { organizationId: org.id, email, role: 'member' })
    t.equal(res.statusCode, 201)
    return mailedLink(await mail.next(email, { after }), 'accept-invite')
  }
  const bob = await createTestAccount(app, USER, { isEmailConfirmed: true })
  const link = await invite(bob.email)
  t.match(link, new RegExp(`^${origin}/account/accept-invite\\?token=[0-9a-f]{64}$`))

  const { page } = await newPage(t, EN)
  const { errors, leaks } = await openLink(t, page, link)
  await page.getByRole('heading', { name: 'Join an organization' }).waitFor()
  await signInOnPage(page, bob)
  await page.getByText(`You are signed in as ${bob.email}.`).waitFor()
  t.equal(await membershipOf(app, org.id, bob.id), undefined, 'signing in joins nothing')
  await page.getByRole('button', { name: 'Accept the invitation' }).click()
  await page.getByText(`You joined ${org.name} as member.`).waitFor()
  t.match(await membershipOf(app, org.id, bob.id), { role_id: ROLE_IDS.member }, 'Bob is a member')

  await t.test('a second visit, still signed in (the session restored): used', async (t) => {
    await openLink(t, page, link)
    await page.getByText(`You are signed in as ${bob.email}.`).waitFor()
    await page.getByRole('button', { name: 'Accept the invitation' }).click()
    await page.getByRole('heading', { name: 'This invitation cannot be accepted' }).waitFor()
    await page.getByText(dead(bob.email)).waitFor()
  })

  await t.test('a forged token, an expired invitation, and another address\'s', async (t) => {
    await openLink(t, page, `${origin}/account/accept-invite?token=${forgedToken()}`)
    await page.getByRole('button', { name: 'Accept the invitation' }).click()
    await page.getByText(dead(bob.email)).waitFor()

    const carol = await createTestAccount(app, USER, { isEmailConfirmed: true })
    const late = await invite(carol.email)
    await expire(app, 'invitations', tokenOf(late))
    const { page: c } = await newPage(t, EN)
    await openLink(t, c, late)
    await signInOnPage(c, carol)
    await c.getByRole('button', { name: 'Accept the invitation' }).click()
    await c.getByRole('heading', { name: 'This invitation cannot be accepted' }).waitFor()
    await c.getByText(dead(carol.email)).waitFor()
    t.equal(await membershipOf(app, org.id, carol.id), undefined, 'the expired invitation joined nothing')

    const dave = await createTestAccount(app, USER, { isEmailConfirmed: true })
    const daves = await invite(dave.email)
    await openLink(t, c, daves)
    await c.getByText(`You are signed in as ${carol.email}.`).waitFor()
    await c.getByRole('button', { name: 'Accept the invitation' }).click()
    await c.getByText(dead(carol.email)).waitFor()

    await t.test('"Use another account" signs out; the invited one accepts with the same page', async (t) => {
      await c.getByRole('button', { name: 'Use another account' }).click()
      await signInOnPage(c, dave)
      await c.getByRole('button', { name: 'Accept the invitation' }).click()
      await c.getByText(`You joined ${org.name} as member.`).waitFor()
      t.match(await membershipOf(app, org.id, dave.id), { role_id: ROLE_IDS.member })
    })
  })

  await t.test('an unconfirmed address is told to confirm first, and the invitation keeps', async (t) => {
    const erin = await createTestAccount(app, USER, { isEmailConfirmed: false })
    const { page: e } = await newPage(t, EN)
    await openLink(t, e, await invite(erin.email))
    await signInOnPage(e, erin)
    await e.getByRole('button', { name: 'Accept the invitation' }).click()
    await e.getByText('Confirm your address first (the link in the mail sent when you signed up), then open this invitation again.').waitFor()
    const [row] = await app.sql`select accepted_at from invitations where organization_id = ${org.id} and email = ${erin.email}`
    t.equal(row.accepted_at, null, 'still pending')
  })

  await t.test('an account with a second factor gives its code before it accepts', async (t) => {
    const frank = await createTestAccount(app, USER, { isEmailConfirmed: true })
    const { secret } = await enrolTotp(app, USER, (await signIn(app, USER, frank)).token)
    const { page: f } = await newPage(t, EN)
    await openLink(t, f, await invite(frank.email))
    await signInOnPage(f, frank)
    await f.getByLabel('Code from your authenticator app').fill(totpCode(secret))
    await f.getByRole('button', { name: 'Verify' }).click()
    await f.getByRole('button', { name: 'Accept the invitation' }).click()
    await f.getByText(`You joined ${org.name} as member.`).waitFor()
  })

  t.same(leaks, [])
  t.same(errors, [])
})

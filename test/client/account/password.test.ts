/**
 * /account/reset-password in Chromium, from the mail the SMTP server received: a user's link and
 * an admin's (the two look alike and open the one page), a weak password refused with its reason
 * while the link keeps working, and a used, forged or expired token answered in plain words.
 */
import t from 'tap'
import type { Page } from 'playwright-core'
import { ACCOUNT_TYPES, type AccountType } from '../../../plugins/accounts/registry.js'
import { createTestAccount, login, requestReset, sessionsOf, signIn, type TestAccount } from '../../helpers/accounts.js'
import { newPage } from '../../helpers/browser.js'
import { accountPagesApp, expire, forgedToken, mailedLink, openLink, tokenOf } from '../../helpers/account-pages.js'

const USER = ACCOUNT_TYPES.user
const ADMIN = ACCOUNT_TYPES.admin
const EN = { locale: 'en-US' }
const STRONG = 'a long and quite new password'
const DEAD = 'It was already used, it expired, or a newer link replaced it. Ask for a new password reset where you sign in.'

async function choose (page: Page, password: string, repeat = password) {
  await page.getByLabel('New password', { exact: true }).fill(password)
  await page.getByLabel('The new password again').fill(repeat)
  await page.getByRole('button', { name: 'Set the new password' }).click()
}

t.test('reset-password: a user\'s and an admin\'s link set a new password and sign them out everywhere', async (t) => {
  const { app, origin, mail } = await accountPagesApp(t)
  const resetLink = async (kind: AccountType, account: TestAccount) => {
    const after = mail.mails.length
    t.equal((await requestReset(app, kind, account.email)).statusCode, 200)
    return mailedLink(await mail.next(account.email, { after }), 'reset-password')
  }

  for (const kind of [USER, ADMIN]) {
    await t.test(`${kind.type}: weak, then mismatched, then a good password`, async (t) => {
      const account = await createTestAccount(app, kind, { isEmailConfirmed: kind === ADMIN })
      await signIn(app, kind, account)
      const link = await resetLink(kind, account)
      t.match(link, new RegExp(`^${origin}/account/reset-password\\?token=[0-9a-f]{64}$`))
      const { page } = await newPage(t, EN)
      const { errors, leaks } = await openLink(t, page, link)
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor()

      await choose(page, 'password1')
      await page.getByText('This password is too easy to guess; choose another one').waitFor()
      await page.locator('ul.reasons').getByText('is one of the most common passwords').waitFor()
      await choose(page, STRONG, `${STRONG}!`)
      await page.getByText('The two passwords differ.').waitFor()
      await choose(page, STRONG)
      await page.getByText('Your password is changed. Every device was signed out: sign in again with the new password.').waitFor()

      t.equal((await login(app, kind, { email: account.email, password: STRONG })).statusCode, 201, 'the new password signs in')
      t.equal((await login(app, kind, { email: account.email, password: account.password })).statusCode, 400, 'the old one no longer does')
      const sessions = await sessionsOf(app, kind, account.id)
      t.equal(sessions.filter((s) => s.revoked_at === null).length, 1, 'the session from before is revoked: only the new sign-in\'s lives')

      await openLink(t, page, link)
      await choose(page, `${STRONG} again`)
      await page.getByRole('heading', { name: 'This link cannot be used' }).waitFor()
      await page.getByText(DEAD).waitFor()
      t.equal(await page.getByLabel('New password', { exact: true }).count(), 0, 'no form left for a dead link')
      t.equal((await login(app, kind, { email: account.email, password: `${STRONG} again` })).statusCode, 400, 'the used link set nothing')
      t.same(leaks, [])
      t.same(errors, [])
    })
  }

  await t.test('a forged token and an expired one: the page says so once the password is sent, and nothing changes', async (t) => {
    const { page } = await newPage(t, EN)
    await openLink(t, page, `${origin}/account/reset-password?token=${forgedToken()}`)
    await choose(page, STRONG)
    await page.getByText(DEAD).waitFor()

    const account = await createTestAccount(app, USER)
    const link = await resetLink(USER, account)
    await expire(app, 'user_tokens', tokenOf(link))
    await openLink(t, page, link)
    await choose(page, STRONG)
    await page.getByRole('heading', { name: 'This link cannot be used' }).waitFor()
    await page.getByText(DEAD).waitFor()
    t.equal((await login(app, USER, { email: account.email, password: account.password })).statusCode, 201, 'the password is the old one')
  })
})

/**
 * The account pages whose link opens a session, in Chromium, from the mail the SMTP server
 * received: /account/sign-in (with and without a second factor) and /account/cancel-deletion.
 * Each waits for a click before it spends the token; a used, forged or expired token is a page
 * (200) that says so.
 */
import t from 'tap'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { createTestAccount, liveSessions, ownerOf, signIn } from '../../helpers/accounts.js'
import { newPage } from '../../helpers/browser.js'
import { enrolTotp, totpCode } from '../../helpers/factors.js'
import { accountPagesApp, expire, forgedToken, mailedLink, openLink, tokenOf } from '../../helpers/account-pages.js'

const USER = ACCOUNT_TYPES.user
const EN = { locale: 'en-US' }
const DEAD_SIGN_IN = 'It was already used, it expired, or a newer link replaced it. Ask for a new sign-in link where you sign in.'
const DEAD_CANCEL = 'It was already used, it expired, or the account is already deleted.'

t.test('sign-in: the mailed link signs in on this browser after a click; a second factor when the account has one', async (t) => {
  const { app, origin, mail } = await accountPagesApp(t)
  const linkFor = async (email: string) => {
    const after = mail.mails.length
    t.equal((await app.inject({ method: 'POST', url: '/v1/users/requestsigninlink', payload: { email } })).statusCode, 200)
    return mailedLink(await mail.next(email, { after }), 'sign-in')
  }
  const account = await createTestAccount(app, USER, { isEmailConfirmed: true })
  const late = await linkFor(account.email)
  await expire(app, 'user_tokens', tokenOf(late))
  const link = await linkFor(account.email)
  t.match(link, new RegExp(`^${origin}/account/sign-in\\?token=[0-9a-f]{64}$`))

  const { page } = await newPage(t, EN)
  const { errors, leaks } = await openLink(t, page, link)
  await page.getByRole('heading', { name: 'Sign in with your link' }).waitFor()
  t.equal(await liveSessions(app, USER, account.id), 0, 'opening the page spends nothing')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.getByText(`You are signed in as ${account.email}.`).waitFor()
  t.equal(await liveSessions(app, USER, account.id), 1, 'one session, this browser\'s')
  const [event] = await app.sql`select event from audit_events where account_id = ${account.id} and event = 'signin_link.used'`
  t.ok(event, 'signin_link.used')

  await t.test('a second visit: used', async (t) => {
    await openLink(t, page, link)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByRole('heading', { name: 'This link cannot be used' }).waitFor()
    await page.getByText(DEAD_SIGN_IN).waitFor()
  })

  await t.test('a forged token and an expired one', async (t) => {
    for (const dead of [`${origin}/account/sign-in?token=${forgedToken()}`, late]) {
      await openLink(t, page, dead)
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await page.getByText(DEAD_SIGN_IN).waitFor()
    }
    t.equal(await liveSessions(app, USER, account.id), 1, 'no session more')
  })

  await t.test('the page signs out', async (t) => {
    await openLink(t, page, await linkFor(account.email))
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByText('You are signed out.').waitFor()
    t.equal(await liveSessions(app, USER, account.id), 1, 'the session it opened is gone, the first stays')
  })

  await t.test('an account with a second factor gives its code after the link', async (t) => {
    const guarded = await createTestAccount(app, USER, { isEmailConfirmed: true })
    const { secret } = await enrolTotp(app, USER, (await signIn(app, USER, guarded)).token)
    const { page: p } = await newPage(t, EN)
    await openLink(t, p, await linkFor(guarded.email))
    await p.getByRole('button', { name: 'Sign in', exact: true }).click()
    await p.getByRole('heading', { name: 'Second factor' }).waitFor()
    await p.getByLabel('Code from your authenticator app').fill(totpCode(secret))
    await p.getByRole('button', { name: 'Verify' }).click()
    await p.getByText(`You are signed in as ${guarded.email}.`).waitFor()
    const [session] = await app.sql`select aal, amr from user_sessions where user_id = ${guarded.id} and revoked_at is null order by created_at desc limit 1`
    t.match(session, { aal: 'aal2', amr: ['link', 'otp'] }, 'the link and the code')
  })

  t.same(leaks, [])
  t.same(errors, [])
})

t.test('cancel-deletion: the link of a pending erasure cancels it after a click, and signs in', async (t) => {
  const { app, origin, mail } = await accountPagesApp(t)
  const deletion = async () => {
    const account = await createTestAccount(app, USER, { isEmailConfirmed: true })
    const { token } = await signIn(app, USER, account)
    const after = mail.mails.length
    const res = await app.inject({ method: 'POST', url: '/v1/users/deleteaccount', payload: { password: account.password }, headers: { authorization: `jwt-user ${token}` } })
    t.equal(res.statusCode, 200)
    return { account, link: mailedLink(await mail.next(account.email, { after }), 'cancel-deletion') }
  }
  const { account, link } = await deletion()
  t.match(link, new RegExp(`^${origin}/account/cancel-deletion\\?token=[0-9a-f]{64}$`))
  t.match(await ownerOf(app, USER, account.id), { is_active: false, erasure_due_at: Date }, 'deactivated, its erasure due')

  const { page } = await newPage(t, EN)
  const { errors, leaks } = await openLink(t, page, link)
  await page.getByText('Your account is set to be deleted. Cancel the deletion to keep it; you will be signed in.').waitFor()
  t.match(await ownerOf(app, USER, account.id), { is_active: false }, 'opening the page cancels nothing')
  await page.getByRole('button', { name: 'Cancel the deletion' }).click()
  await page.getByText('The deletion is cancelled: your account is active again.').waitFor()
  await page.getByText(`You are signed in as ${account.email}.`).waitFor()
  t.match(await ownerOf(app, USER, account.id), { is_active: true, erasure_due_at: null }, 'active again, no erasure due')
  t.equal(await liveSessions(app, USER, account.id), 1, 'signed in on this browser')

  await openLink(t, page, link)
  await page.getByRole('button', { name: 'Cancel the deletion' }).click()
  await page.getByRole('heading', { name: 'This link cannot be used' }).waitFor()
  await page.getByText(DEAD_CANCEL).waitFor()

  await openLink(t, page, `${origin}/account/cancel-deletion?token=${forgedToken()}`)
  await page.getByRole('button', { name: 'Cancel the deletion' }).click()
  await page.getByText(DEAD_CANCEL).waitFor()

  const other = await deletion()
  await expire(app, 'user_tokens', tokenOf(other.link))
  await openLink(t, page, other.link)
  await page.getByRole('button', { name: 'Cancel the deletion' }).click()
  await page.getByText(DEAD_CANCEL).waitFor()
  t.match(await ownerOf(app, USER, other.account.id), { is_active: false }, 'the expired link cancelled nothing')
  t.same(leaks, [])
  t.same(errors, [])
})

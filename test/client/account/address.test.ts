/**
 * The account pages that prove a mailbox, in Chromium, from the mail the SMTP server received:
 * /account/verify-email and /account/confirm-email-change. Without PUBLIC_APP_URL the links
 * open PUBLIC_URL/account/...; with it, the application's pages. A used, forged or expired token,
 * or none, is a page (200) that says so.
 */
import t from 'tap'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { ENV, PASSWORD, createTestAccount, signIn, uniqueEmail } from '../../helpers/accounts.js'
import { build } from '../../helpers/app.js'
import { newPage } from '../../helpers/browser.js'
import { smtpCatcher } from '../../helpers/mail.js'
import { accountPagesApp, expire, forgedToken, mailedLink, openLink, tokenOf } from '../../helpers/account-pages.js'

const USER = ACCOUNT_TYPES.user
const EN = { locale: 'en-US' }
const DEAD_VERIFY = 'It was already used, it expired, or a newer link replaced it. If your address is not confirmed yet, sign in to the application and ask for a new link.'
const DEAD_CHANGE = 'It was already used, it expired, or a newer link replaced it. Ask for the change again in the application.'

t.test('verify-email: the mailed link opens PUBLIC_URL/account/verify-email, which confirms the address', async (t) => {
  const { app, origin, mail } = await accountPagesApp(t)
  const register = async (email: string) => {
    const after = mail.mails.length
    const res = await app.inject({ method: 'POST', url: '/v1/users/register', payload: { email, password: PASSWORD } })
    t.equal(res.statusCode, 201)
    return { id: res.json().user.id as string, link: mailedLink(await mail.next(email, { after }), 'verify-email') }
  }
  const email = uniqueEmail('verify')
  const { id, link } = await register(email)
  t.match(link, new RegExp(`^${origin}/account/verify-email\\?token=[0-9a-f]{64}$`), 'PUBLIC_URL/account/verify-email?token=...')

  const { page } = await newPage(t, EN)
  const { errors, leaks } = await openLink(t, page, link)
  await page.getByText(`Your address ${email} is confirmed.`).waitFor()
  const [row] = await app.sql`select is_email_confirmed from users where id = ${id}`
  t.equal(row.is_email_confirmed, true, 'the account\'s address is confirmed')
  t.equal(await page.getByRole('heading', { name: 'Confirm your email address' }).count(), 1)

  await t.test('a second visit: the link is used, and the page says so', async (t) => {
    await openLink(t, page, link)
    await page.getByRole('heading', { name: 'This link cannot be used' }).waitFor()
    t.equal(await page.getByText(DEAD_VERIFY).count(), 1, 'in plain words')
  })

  await t.test('a reload after the page\'s answer sends nothing again: the token was forgotten', async (t) => {
    const { page: fresh } = await newPage(t, EN)
    const other = await register(uniqueEmail('reload'))
    await openLink(t, fresh, other.link)
    await fresh.getByText(/is confirmed\.$/).waitFor()
    await fresh.reload()
    await fresh.getByText('This address has no token. Open the link from the mail again, as it was sent.').waitFor()
  })

  await t.test('a forged token, an expired one and none', async (t) => {
    const { page: p } = await newPage(t, EN)
    await openLink(t, p, `${origin}/account/verify-email?token=${forgedToken()}`)
    await p.getByText(DEAD_VERIFY).waitFor()
    await openLink(t, p, `${origin}/account/verify-email?token=not-even-hex`)
    await p.getByText(DEAD_VERIFY).waitFor()

    const late = await register(uniqueEmail('late'))
    await expire(app, 'user_tokens', tokenOf(late.link))
    await openLink(t, p, late.link)
    await p.getByRole('heading', { name: 'This link cannot be used' }).waitFor()
    await p.getByText(DEAD_VERIFY).waitFor()
    const [unconfirmed] = await app.sql`select is_email_confirmed from users where id = ${late.id}`
    t.equal(unconfirmed.is_email_confirmed, false, 'the expired link confirmed nothing')

    const res = await p.goto(`${origin}/account/verify-email`)
    t.equal(res?.status(), 200)
    await p.getByText('This address has no token. Open the link from the mail again, as it was sent.').waitFor()
  })

  await t.test('in Spanish, from the browser\'s language', async (t) => {
    const { page: es } = await newPage(t, { locale: 'es-ES' })
    await openLink(t, es, `${origin}/account/verify-email?token=${forgedToken()}`)
    await es.getByRole('heading', { name: 'Este enlace no se puede usar' }).waitFor()
    await es.getByText('Ya se usó, caducó o lo sustituyó un enlace más reciente.', { exact: false }).waitFor()
  })

  t.same(leaks, [], 'no request but the navigation carries the token in its address or Referer')
  t.same(errors, [], 'no page error, nothing refused by the CSP')
})

t.test('confirm-email-change: the link mailed to the new address moves the account there', async (t) => {
  const { app, origin, mail } = await accountPagesApp(t)
  const account = await createTestAccount(app, USER, { isEmailConfirmed: true })
  const { token } = await signIn(app, USER, account)
  const requestChange = async (newEmail: string) => {
    const after = mail.mails.length
    const res = await app.inject({
      method: 'POST', url: '/v1/users/requestemailchange', payload: { newEmail, password: account.password }, headers: { authorization: `jwt-user ${token}` }
    })
    t.equal(res.statusCode, 200)
    return mailedLink(await mail.next(newEmail, { after }), 'confirm-email-change')
  }
  const late = await requestChange(uniqueEmail('late'))
  await expire(app, 'user_tokens', tokenOf(late))
  const next = uniqueEmail('moved')
  const link = await requestChange(next)
  t.match(link, new RegExp(`^${origin}/account/confirm-email-change\\?token=[0-9a-f]{64}$`))

  const { page } = await newPage(t, EN)
  const { errors, leaks } = await openLink(t, page, link)
  await page.getByText(`Your address is now ${next}.`).waitFor()
  const [row] = await app.sql`select email, is_email_confirmed from users where id = ${account.id}`
  t.same({ ...row }, { email: next, is_email_confirmed: true }, 'the account has the new address, confirmed')

  await openLink(t, page, link)
  await page.getByRole('heading', { name: 'This link cannot be used' }).waitFor()
  await page.getByText(DEAD_CHANGE).waitFor()

  await openLink(t, page, `${origin}/account/confirm-email-change?token=${forgedToken()}`)
  await page.getByText(DEAD_CHANGE).waitFor()
  await openLink(t, page, late)
  await page.getByText(DEAD_CHANGE).waitFor()
  const [after] = await app.sql`select email from users where id = ${account.id}`
  t.equal(after.email, next, 'the expired link changed nothing')
  t.same(leaks, [])
  t.same(errors, [])
})

t.test('with PUBLIC_APP_URL set the links are the application\'s, as before', async (t) => {
  const mail = await smtpCatcher(t)
  const app = await build(t, {
    env: { ...ENV, WORKER_ENABLED: 'true', SMTP_URL: mail.url, PUBLIC_URL: 'https://auth.example.com', PUBLIC_APP_URL: 'https://app.example.com/portal/' }
  })
  const email = uniqueEmail('app')
  t.equal((await app.inject({ method: 'POST', url: '/v1/users/register', payload: { email, password: PASSWORD } })).statusCode, 201)
  const link = mailedLink(await mail.next(email), 'verify-email')
  t.match(link, /^https:\/\/app\.example\.com\/portal\/verify-email\?token=[0-9a-f]{64}$/, 'PUBLIC_APP_URL/verify-email, not PUBLIC_URL/account')
})

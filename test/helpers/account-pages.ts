import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { ParsedMail } from 'mailparser'
import type { Page, Request } from 'playwright-core'
import type { AccountPage } from '../../plugins/core/links.js'
import type { TapTest } from './accounts.js'
import { smtpCatcher, type Catcher } from './mail.js'
import { pagesApp, watchPage } from './pages.js'
import { sha256 } from './tokens.js'

/**
 * An app on a real port whose mailed links open its own account pages: PUBLIC_URL is its origin
 * and PUBLIC_APP_URL unset (the empty value pagesApp's is overridden with), the demo and the
 * console off (the account pages do not need them), its worker mailing a real SMTP server.
 */
export async function accountPagesApp (t: TapTest, more: Record<string, string> = {}):
Promise<{ app: FastifyInstance, origin: string, mail: Catcher }> {
  const mail = await smtpCatcher(t)
  const { app, origin } = await pagesApp(t, async (origin) => ({
    PUBLIC_URL: origin, PUBLIC_APP_URL: '', DEMO_ENABLED: 'false', ADMIN_CONSOLE_ENABLED: 'false', WORKER_ENABLED: 'true', SMTP_URL: mail.url, ...more
  }))
  return { app, origin, mail }
}

/** The link to `page` in a mail's text, whole as mailed (the HTML part has the same). */
export function mailedLink (mail: ParsedMail, page: AccountPage): string {
  const match = new RegExp(`https?://[^\\s"<]+/${page}\\?token=[0-9a-f]{64}`).exec(mail.text ?? '')
  if (!match) throw new Error(`no ${page} link in the mail: ${mail.text}`)
  if (typeof mail.html !== 'string' || !mail.html.includes(match[0])) throw new Error(`the HTML part lacks the link ${page}`)
  return match[0]
}

/** The token of a link. */
export const tokenOf = (link: string): string => new URL(link).searchParams.get('token')!

/** A token of the right form that nobody issued. */
export const forgedToken = (): string => randomBytes(32).toString('hex')

/** Moves a one-time token's end into the past (`table`: user_tokens, admin_tokens or invitations). */
export async function expire (app: FastifyInstance, table: 'user_tokens' | 'admin_tokens' | 'invitations', token: string): Promise<void> {
  const rows = await app.sql.unsafe(`update ${table} set expires_at = now() - interval '1 second' where token_hash = $1 returning id`, [sha256(token)])
  if (rows.length !== 1) throw new Error(`no ${table} row for the token`)
}

/**
 * Opens a link in `page` as a mail reader would: the page answers 200 whatever its token and
 * takes the token out of the address bar. `leaks`: the requests after the navigation that carry
 * the token in their address or Referer (the API call has it in its body only); `errors`: the
 * page's errors and CSP refusals (watchPage). Both stay watched until the test ends.
 */
export async function openLink (t: TapTest, page: Page, link: string): Promise<{ errors: string[], leaks: string[] }> {
  const token = new URL(link).searchParams.get('token')
  const leaks: string[] = []
  const watch = (request: Request) => {
    if (!token || request.isNavigationRequest()) return
    const referer = request.headers().referer ?? ''
    if (request.url().includes(token) || referer.includes(token)) leaks.push(`${request.method()} ${request.url()} (referer ${referer})`)
  }
  page.on('request', watch)
  const { errors } = watchPage(page)
  const res = await page.goto(link)
  t.equal(res?.status(), 200, 'the page answers 200')
  t.equal(res?.headers()['referrer-policy'], 'no-referrer', 'and sends no Referer')
  await page.locator('main section').first().waitFor()
  t.equal(new URL(page.url()).search, '', 'the token leaves the address bar')
  return { errors, leaks }
}

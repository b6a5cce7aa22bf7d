import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import type { Page } from 'playwright-core'
import { ACCOUNT_TYPES } from '../../plugins/accounts/registry.js'
import { createOauthClient, type NewOauthClient } from '../../plugins/oidc/clients.js'
import { totpCode } from './factors.js'

type Test = { teardown: (fn: () => unknown) => void }

export const USER = ACCOUNT_TYPES.user

/** What a relying party's server received: the browser's returns to its redirect URI, and the provider's back-channel logouts. */
export interface RelyingParty {
  origin: string
  redirectUri: string
  backchannelUri: string
  callbacks: URL[]
  logoutTokens: string[]
}

/** The application's own server on a loopback port: its redirect URI answers 200, its back-channel logout URI records the logout_token. */
export async function relyingParty (t: Test): Promise<RelyingParty> {
  const rp: RelyingParty = { origin: '', redirectUri: '', backchannelUri: '', callbacks: [], logoutTokens: [] }
  const body = async (req: IncomingMessage) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks).toString()
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', rp.origin)
    if (req.method === 'POST' && url.pathname === '/backchannel') {
      void body(req).then((text) => {
        const token = new URLSearchParams(text).get('logout_token')
        if (token) rp.logoutTokens.push(token)
        res.writeHead(200).end()
      })
      return
    }
    if (url.pathname === '/cb') rp.callbacks.push(url)
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>back in the app</title><p>back in the app</p>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  rp.origin = `http://127.0.0.1:${port}`
  rp.redirectUri = `${rp.origin}/cb`
  rp.backchannelUri = `${rp.origin}/backchannel`
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return rp
}

/** A client registered as an admin would (plugins/oidc/clients.ts), for the code flow unless told otherwise. */
export async function codeClient (app: FastifyInstance, rp: RelyingParty, more: Partial<NewOauthClient> = {}) {
  return await createOauthClient(app.sql, {
    name: 'Acme Notes', type: 'confidential', redirectUris: [rp.redirectUri], grantTypes: ['authorization_code', 'refresh_token'],
    scopes: ['openid', 'email', 'offline_access'], organizationId: null, ...more
  })
}

/**
 * Signs in on the provider's interaction page (Latchkey's), the TOTP step too when `totpSecret`
 * is given; resolves once the page has moved on (to consent, or back to the application).
 */
export async function signInOnPage (page: Page, account: { email: string, password: string }, totpSecret?: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  if (!totpSecret) return
  await page.getByLabel('Code from your authenticator app').fill(totpCode(totpSecret))
  await page.getByRole('button', { name: 'Verify' }).click()
}

/** Answers the consent step on the page: its heading names the application; `allow` or deny. */
export async function consentOnPage (page: Page, appName: string, allow = true): Promise<string[]> {
  await page.getByRole('heading', { name: `${appName} wants to` }).waitFor()
  const items = await page.locator('ul.scopes li').allTextContents()
  await page.getByRole('button', { name: allow ? 'Allow' : 'Deny', exact: true }).click()
  return items
}

/**
 * A browser's cookies as the provider sets them (name to value, paths ignored: each name is
 * read at its own path only, so sending it everywhere changes nothing).
 */
export class CookieJar {
  readonly cookies = new Map<string, string>()
  take (res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const at = pair!.indexOf('=')
      const name = pair!.slice(0, at).trim()
      const value = pair!.slice(at + 1).trim()
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  header (): string { return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
}

/**
 * The steps an HTTP-driven authorization went through: the interaction prompts seen, the scopes
 * each consent step listed (what the page shows to consent to), and where it ended.
 */
export interface Authorized { prompts: string[], consented: string[][], callback: URL }

/**
 * The provider's redirects from `start`, each interaction's step answered through its route
 * (signed in with `accessToken`, the user's Latchkey access token; consent allowed), with
 * `jar`'s cookies, until the browser would be sent where `isEnd` says, or a page answers
 * without a redirect (`page`; an error unless `pageEnds`).
 */
async function walk (origin: string, start: string, accessToken: string, jar: CookieJar, isEnd: (url: string) => boolean, pageEnds = false) {
  const prompts: string[] = []
  const consented: string[][] = []
  let next = start
  for (let hops = 0; hops < 16; hops++) {
    if (isEnd(next)) return { prompts, consented, callback: new URL(next) }
    const interaction = /^\/oidc\/interaction\/([^/?]+)$/.exec(new URL(next, origin).pathname)
    if (!interaction) {
      const res = await fetch(new URL(next, origin), { redirect: 'manual', headers: { cookie: jar.header() } })
      jar.take(res)
      const location = res.headers.get('location')
      if (!location && pageEnds) return { prompts, consented, page: res }
      if (!location) throw new Error(`${next} answered ${res.status} without a redirect: ${await res.text()}`)
      next = new URL(location, origin).href
      continue
    }
    const base = `${origin}/oidc/interaction/${interaction[1]}`
    const details = await fetch(`${base}/details`, { headers: { cookie: jar.header() } }).then((r) => r.json()) as { prompt: string, missing: string[] }
    prompts.push(details.prompt)
    if (details.prompt === 'consent') consented.push(details.missing)
    const step = await fetch(`${base}/${details.prompt}`, {
      method: 'POST',
      headers: { cookie: jar.header(), authorization: `${USER.scheme} ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(details.prompt === 'consent' ? { allow: true } : {})
    })
    const body = await step.json() as { redirectTo?: string }
    if (!body.redirectTo) throw new Error(`the ${details.prompt} step answered ${step.status}: ${JSON.stringify(body)}`)
    next = body.redirectTo
  }
  throw new Error('too many redirects')
}

/**
 * The code flow as the interaction page drives it, over HTTP: the authorization request, then
 * each interaction's step through its route, until the browser would be sent to `redirectUri`.
 */
export async function authorizeOverHttp (origin: string, url: URL, accessToken: string, redirectUri: string, jar = new CookieJar()): Promise<Authorized> {
  const { prompts, consented, callback } = await walk(origin, url.href, accessToken, jar, (next) => next.startsWith(redirectUri))
  return { prompts, consented, callback: callback! }
}

/**
 * The device flow's pages as a user goes through them, over HTTP: the code typed on
 * `verificationUri`, confirmed, then sign-in and consent through the interaction's routes
 * (`accessToken`: the user's Latchkey access token). The last page's text.
 */
export async function approveDeviceOverHttp (origin: string, verificationUri: string, userCode: string, accessToken: string): Promise<string> {
  const jar = new CookieJar()
  const post = async (html: string) => {
    const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"\/>/g)].map(([, name, value]) => [name, value]))
    const res = await fetch(verificationUri, {
      method: 'POST', redirect: 'manual', body: new URLSearchParams({ user_code: userCode, ...fields }),
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' }
    })
    jar.take(res)
    return res
  }
  const page = await fetch(verificationUri)
  jar.take(page)
  const confirm = await post(await page.text())
  const approved = await post(await confirm.text())
  const location = approved.headers.get('location')
  if (!location) throw new Error(`confirming the device code answered ${approved.status}: ${await approved.text()}`)
  const end = await walk(origin, new URL(location, origin).href, accessToken, jar, () => false, true)
  return await end.page!.text()
}

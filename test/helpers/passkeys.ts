import type { FastifyInstance } from 'fastify'
import type { Page } from 'playwright-core'
import { build } from './app.js'
import { ENV } from './accounts.js'
import { newPage, virtualAuthenticator, type VirtualAuthenticator } from './browser.js'
import { freePort } from '../../db/embedded.js'
import type { AccountType } from '../../plugins/accounts/registry.js'

type Test = Parameters<typeof build>[0]

/** The tiny page the ceremonies run in; everything else on its origin is the app's. */
const PAGE = '/passkeys-test'
const HTML = '<!doctype html><html><head><meta charset="utf-8"><title>passkeys</title></head><body>passkeys</body></html>'

/**
 * An app listening on http://localhost:<port>, which is its only WebAuthn origin (RP ID
 * localhost): the browser's requests reach it over the network like any client's.
 */
export async function passkeyApp (t: Test, env: Record<string, string> = {}): Promise<{ app: FastifyInstance, origin: string }> {
  const port = await freePort()
  const origin = `http://localhost:${port}`
  const app = await build(t, { env: { ...ENV, WEBAUTHN_ORIGINS: origin, ...env } })
  await app.listen({ port, host: '127.0.0.1' })
  return { app, origin }
}

export interface PasskeyPage { page: Page, authenticator: VirtualAuthenticator, origin: string }

/**
 * A fresh browser context on `origin`, with a virtual authenticator (resident keys, user
 * verification). The test serves the page itself; with `proxyTo`, the origin is not the app's
 * and the test also forwards its API calls there (a page on another origin, same API).
 */
export async function passkeyPage (t: Test, origin: string, opts: { proxyTo?: string, authenticator?: Record<string, unknown> } = {}): Promise<PasskeyPage> {
  const { page } = await newPage(t)
  await page.route(`${origin}/**`, async (route) => {
    const url = new URL(route.request().url())
    if (url.pathname === PAGE) return await route.fulfill({ status: 200, contentType: 'text/html', body: HTML })
    if (!opts.proxyTo) return await route.continue()
    return await route.fulfill({ response: await route.fetch({ url: `${opts.proxyTo}${url.pathname}${url.search}` }) })
  })
  await page.goto(`${origin}${PAGE}`)
  const authenticator = await virtualAuthenticator(page, opts.authenticator)
  return { page, authenticator, origin }
}

export interface Answer { status: number, body: any }
export interface Ceremony extends Answer { credential?: any }

/** In the page: passkeyregisteroptions, then navigator.credentials.create(); the credential's toJSON(), not sent yet. */
export function createCredential (page: Page, kind: AccountType, token: string): Promise<Ceremony> {
  return page.evaluate(async ({ path, authorization }) => {
    const w = globalThis as any
    const res = await w.fetch(`/v1/${path}/passkeyregisteroptions`, { method: 'POST', headers: { authorization } })
    const body = await res.json()
    if (res.status !== 200) return { status: res.status, body }
    const credential = await w.navigator.credentials.create({ publicKey: w.PublicKeyCredential.parseCreationOptionsFromJSON(body.options) })
    return { status: res.status, body, credential: credential.toJSON() }
  }, { path: kind.path, authorization: `${kind.scheme} ${token}` })
}

/**
 * In the page: passkeyloginoptions, then navigator.credentials.get() with no credential named
 * (discoverable), or naming `allow` (a credential id the client remembers).
 */
export function getCredential (page: Page, kind: AccountType, allow?: string): Promise<Ceremony> {
  return page.evaluate(async ({ path, allow }) => {
    const w = globalThis as any
    const res = await w.fetch(`/v1/${path}/passkeyloginoptions`, { method: 'POST' })
    const body = await res.json()
    if (res.status !== 200) return { status: res.status, body }
    const options = allow ? { ...body.options, allowCredentials: [{ type: 'public-key', id: allow }] } : body.options
    const credential = await w.navigator.credentials.get({ publicKey: w.PublicKeyCredential.parseRequestOptionsFromJSON(options) })
    return { status: res.status, body, credential: credential.toJSON() }
  }, { path: kind.path, allow })
}

/** In the page: POST a JSON body to one of the app's routes (with the caller's token when given). */
export function post (page: Page, kind: AccountType, action: string, payload: unknown, token?: string): Promise<Answer> {
  return page.evaluate(async ({ url, payload, authorization }) => {
    const w = globalThis as any
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }
    const res = await w.fetch(url, { method: 'POST', headers, body: JSON.stringify(payload) })
    return { status: res.status, body: await res.json() }
  }, { url: `/v1/${kind.path}/${action}`, payload, authorization: token ? `${kind.scheme} ${token}` : undefined })
}

/** Registers a passkey for the owner of `token` in the page: options, create(), passkeyregister. */
export async function registerPasskey (page: Page, kind: AccountType, token: string, name?: string): Promise<Answer> {
  const created = await createCredential(page, kind, token)
  if (!created.credential) return created
  return await post(page, kind, 'passkeyregister', { response: created.credential, ...(name ? { name } : {}) }, token)
}

/** Signs in with a passkey in the page: options, get(), passkeylogin. */
export async function passkeyLogin (page: Page, kind: AccountType): Promise<Answer & { challengeId?: string, credential?: any }> {
  const got = await getCredential(page, kind)
  if (!got.credential) return got
  const answer = await post(page, kind, 'passkeylogin', { challengeId: got.body.challengeId, response: got.credential })
  return { ...answer, challengeId: got.body.challengeId, credential: got.credential }
}

/** The claims of an access token (its payload, unverified: the test reads what the service signed). */
export function claimsOf (token: string): Record<string, any> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'))
}

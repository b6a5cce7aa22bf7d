import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type tap from 'tap'
import Provider from 'oidc-provider'
import type { TapTest } from './accounts.js'

/** What the provider says about a person it signs in. */
export interface Person {
  sub: string
  email?: string
  email_verified?: boolean
  // The profile scope's claims (OpenID Connect Core 5.1).
  name?: string
  given_name?: string
  family_name?: string
  picture?: string
  locale?: string
  zoneinfo?: string
}

export interface OidcProvider {
  /** The issuer, http://127.0.0.1:<port>: OIDC_<N>_ISSUER. */
  issuer: string
  port: number
  clientId: string
  clientSecret: string
  /** Who the next interactive sign-in logs in (the interaction policy finishes login and consent by itself). */
  person: Person
  /** The next interactive sign-in is refused by the person (`?error=access_denied`). */
  denyNext: boolean
  /** Changes the claims of the next ID token the token endpoint issues, re-signed with the provider's own key. */
  nextIdToken: (change: (claims: Record<string, unknown>) => Record<string, unknown>) => void
  close: () => Promise<void>
}

/** A free loopback port: bound, then released. */
export async function freePort (): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url')

function signJwt (claims: Record<string, unknown>, key: KeyObject, kid: string): string {
  const input = `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }))}.${b64url(JSON.stringify(claims))}`
  return `${input}.${b64url(sign('sha256', Buffer.from(input), key))}`
}

/**
 * A real OpenID provider (oidc-provider, the certified implementation) on a loopback port, with
 * one confidential client (`latchkey`) whose redirect URIs are `redirectUris`. Interactions are
 * finished by code, not forms: a login logs in `person`, a consent grants what is asked. Closed
 * when `t` ends. `port` starts it on a given port (a provider that was down coming back).
 */
export async function startOidcProvider (t: TapTest | typeof tap, opts: { redirectUris: string[], port?: number }): Promise<OidcProvider> {
  const port = opts.port ?? await freePort()
  const issuer = `http://127.0.0.1:${port}`
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const kid = 'test-key'
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }
  const people = new Map<string, Person>()
  let change: ((claims: Record<string, unknown>) => Record<string, unknown>) | null = null

  const provider = new Provider(issuer, {
    clients: [{
      client_id: 'latchkey',
      client_secret: 'latchkey-test-secret',
      redirect_uris: opts.redirectUris,
      token_endpoint_auth_method: 'client_secret_post',
      grant_types: ['authorization_code'],
      response_types: ['code']
    }],
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['latchkey-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name', 'picture', 'locale', 'zoneinfo'] },
    findAccount: (_ctx: unknown, id: string) => {
      const found = people.get(id)
      return found ? { accountId: id, claims: () => ({ ...found }) } : undefined
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    // Quiet: its warnings about development keys are about production.
    renderError: (ctx: { type: string, body: unknown }, out: unknown) => { ctx.type = 'json'; ctx.body = out }
  } as never)

  // The token endpoint's ID token, changed and re-signed with the provider's key when asked.
  provider.use(async (ctx, next) => {
    await next()
    const body = ctx.body as { id_token?: string } | undefined
    if (ctx.path === '/token' && change && body?.id_token) {
      const claims = JSON.parse(Buffer.from(body.id_token.split('.')[1], 'base64url').toString())
      body.id_token = signJwt(change(claims), privateKey, kid)
      change = null
    }
  })

  const harness: OidcProvider = {
    issuer,
    port,
    clientId: 'latchkey',
    clientSecret: 'latchkey-test-secret',
    person: { sub: 'nobody' },
    denyNext: false,
    nextIdToken: (fn) => { change = fn },
    close: async () => {}
  }

  async function interaction (req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res)
    const { prompt, params, session } = details
    if (harness.denyNext) {
      harness.denyNext = false
      return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'the person said no' }, { mergeWithLastSubmission: false })
    }
    if (prompt.name === 'login') {
      people.set(harness.person.sub, harness.person)
      return provider.interactionFinished(req, res, { login: { accountId: harness.person.sub } }, { mergeWithLastSubmission: false })
    }
    const grant = new provider.Grant({ accountId: session!.accountId, clientId: params.client_id as string })
    const missing = prompt.details as { missingOIDCScope?: string[], missingOIDCClaims?: string[] }
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '))
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims)
    const grantId = await grant.save()
    return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true })
  }

  const handle = provider.callback()
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((err) => { res.statusCode = 500; res.end(String(err)) })
      return
    }
    handle(req, res)
  })
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve))
  let closed = false
  harness.close = () => closed ? Promise.resolve() : new Promise<void>((resolve) => {
    closed = true
    server.closeAllConnections()
    server.close(() => resolve())
  })
  t.teardown(harness.close)
  return harness
}

/**
 * A browser at the provider: follows the redirects from `authorizeUrl` (keeping the provider's
 * cookies) until the provider sends the browser back to a URL outside itself, which it returns.
 */
export async function followProvider (provider: OidcProvider, authorizeUrl: string): Promise<URL> {
  const jar = new Map<string, string>()
  let url = new URL(authorizeUrl)
  for (let hop = 0; hop < 20; hop++) {
    if (url.origin !== provider.issuer) return url
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') }
    })
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const eq = pair.indexOf('=')
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim())
    }
    const location = res.headers.get('location')
    if (!location) throw new Error(`the provider answered ${res.status} at ${url.pathname} without a redirect: ${await res.text()}`)
    await res.arrayBuffer()
    url = new URL(location, url)
  }
  throw new Error('the provider redirected more than 20 times')
}

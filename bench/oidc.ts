/**
 * `npm run bench -- --only=oidc` (run only when named): Latchkey as an OpenID provider. The
 * authorization code exchange (a confidential client, PKCE; an access token and an RS256 ID
 * token signed per request) and client_credentials tokens, each alternating with Latchkey's own
 * refresh in every round (bench/README.md#openid-provider). The codes are seeded: one real
 * authorization through the interaction's routes, its code row then copied with new ids.
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { load, paired, post, type LoadOptions, type Service, type Settings } from './lib.js'
import { createOauthClient } from '../plugins/oidc/clients.js'
import { nameOf, oidcPayloads } from '../db/schema.js'

const CONNECTIONS = 32

/** The provider on, with a signing key of its own, when the scenario is named. */
export function oidcEnv (only: string[] | undefined): Record<string, string> {
  if (!only?.includes('oidc')) return {}
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })
  return { OIDC_PROVIDER_ENABLED: 'true', PUBLIC_URL: 'http://127.0.0.1', OIDC_SIGNING_KEYS: JSON.stringify({ keys: [{ ...rsa, kid: 'bench', alg: 'RS256', use: 'sig' }] }) }
}

/** One authorization as the interaction page drives it (sign-in by access token, consent), over HTTP: its code. */
async function authorizationCode (service: Service, accessToken: string, clientId: string, redirectUri: string, challenge: string): Promise<string> {
  const cookies = new Map<string, string>()
  const send = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(url, service.url), { ...init, redirect: 'manual', headers: { ...init.headers as Record<string, string>, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } })
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      cookies.set(pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1))
    }
    return res
  }
  const query = new URLSearchParams({ client_id: clientId, response_type: 'code', redirect_uri: redirectUri, scope: 'openid', state: 'bench', code_challenge: challenge, code_challenge_method: 'S256' })
  let next = `/oidc/auth?${query}`
  for (let hops = 0; hops < 10; hops++) {
    const location = (await send(next)).headers.get('location') ?? ''
    if (location.startsWith(redirectUri)) return new URL(location).searchParams.get('code') ?? ''
    const uid = /^\/oidc\/interaction\/([^/?]+)$/.exec(new URL(location, service.url).pathname)?.[1]
    if (!uid) { next = location; continue }
    const { prompt } = await (await send(`/oidc/interaction/${uid}/details`)).json() as { prompt: string }
    const step = await send(`/oidc/interaction/${uid}/${prompt}`, {
      method: 'POST', headers: { authorization: `jwt-user ${accessToken}`, 'content-type': 'application/json' }, body: JSON.stringify(prompt === 'consent' ? { allow: true } : {})
    })
    next = ((await step.json()) as { redirectTo?: string }).redirectTo ?? ''
    if (!next) throw new Error(`the ${prompt} step answered ${step.status}`)
  }
  throw new Error('the authorization did not come back with a code')
}

export async function oidcScenarios (settings: Settings, service: Service, databaseUrl: string, user: { email: string, password: string },
  refreshTokens: string[]) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    const redirectUri = 'http://127.0.0.1:1/cb'
    const { row, clientSecret } = await createOauthClient(sql, {
      name: 'bench', type: 'confidential', redirectUris: [redirectUri], grantTypes: ['authorization_code', 'client_credentials'], scopes: ['openid'], organizationId: null
    })
    const basic = `Basic ${Buffer.from(`${row.id}:${clientSecret!}`).toString('base64')}`
    const verifier = randomBytes(32).toString('base64url')
    const challenge = createHash('sha256').update(verifier).digest('base64url')
    const login = await post(service, '/v1/users/login', user)
    const code = await authorizationCode(service, login.json.token as string, row.id, redirectUri, challenge)
    // Enough codes for every run; each copy lives an hour (a code's own lifetime is a minute).
    const count = settings.quick ? 5_000 : 60_000
    const codes = (await sql.unsafe<Array<{ id: string }>>(`insert into ${nameOf(oidcPayloads)} (kind, id, payload, grant_id, expires_at)
      select kind, c.id, jsonb_set(jsonb_set(payload, '{jti}', to_jsonb(c.id)), '{exp}', to_jsonb(extract(epoch from now())::bigint + 3600)),
        grant_id, now() + interval '1 hour'
      from ${nameOf(oidcPayloads)}, generate_series(1, ${count}) g, lateral (select md5(random()::text) || md5(g::text) as id) c
      where kind = 'AuthorizationCode' and ${nameOf(oidcPayloads)}.id = $1 returning id`, [code])).map((r) => r.id)
    let nextCode = 0
    let nextRefresh = refreshTokens.length - 1
    const token = (body: () => string): LoadOptions => ({
      url: `${service.url}/oidc/token`, method: 'POST', connections: CONNECTIONS,
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' }, nextBody: body
    })
    const exchange = token(() => new URLSearchParams({ grant_type: 'authorization_code', code: codes[nextCode++] ?? 'none', redirect_uri: redirectUri, code_verifier: verifier }).toString())
    const credentials = token(() => 'grant_type=client_credentials')
    const refresh: LoadOptions = {
      url: `${service.url}/v1/users/refresh`, method: 'POST', connections: CONNECTIONS,
      nextBody: () => JSON.stringify({ refreshToken: refreshTokens[nextRefresh--] })
    }
    let refreshRefused = 0
    const result = await paired(settings, exchange, async (seconds) => {
      const run = await load(refresh, seconds)
      refreshRefused += run.non2xx
      return run.rps
    }, { credentials })
    const refused = result.service.non2xx + result.references.credentials!.non2xx + refreshRefused
    if (nextCode >= codes.length || nextRefresh < 0) throw new Error('the oidc scenario ran out of seeded codes or sessions')
    if (refused > 0) throw new Error(`the oidc scenarios were answered ${refused} non-2xx responses`)
    return { exchange: result.service, credentials: result.references.credentials!, refresh: result.ceiling }
  } finally {
    await sql.end({ timeout: 5 })
  }
}

import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { followProvider, type OidcProvider, type Person } from './oidc.js'

/** The host the tests' requests name: the callback URLs registered at the test provider use it. */
export const API_HOST = 'localhost:8000'
export const APP_URL = 'http://app.test'
export const STATE_COOKIE = 'latchkey-oauth-state'

export const callbackUrlOf = (provider: string) => `http://${API_HOST}/v1/users/oauth/${provider}/callback`

/** The environment of an app with the provider `name` at `idp`. */
export function providerEnv (name: string, idp: { issuer: string, clientId: string, clientSecret: string }): Record<string, string> {
  const prefix = `OIDC_${name.toUpperCase().replace(/-/g, '_')}_`
  return { [`${prefix}ISSUER`]: idp.issuer, [`${prefix}CLIENT_ID`]: idp.clientId, [`${prefix}CLIENT_SECRET`]: idp.clientSecret }
}

export function authorize (app: FastifyInstance, provider: string, redirectTo = `${APP_URL}/signed-in`): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: `/v1/users/oauth/${provider}/authorize?redirectTo=${encodeURIComponent(redirectTo)}`, headers: { host: API_HOST } })
}

/** The browser's return to the callback, with the state cookie it holds (or none). */
export function callback (app: FastifyInstance, url: URL, cookie: string | undefined): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: { host: API_HOST, ...(cookie === undefined ? {} : { cookie: `${STATE_COOKIE}=${cookie}` }) }
  })
}

export interface Started { back: URL, cookie: string }

/** authorize, then the provider (logging `person` in): where the provider sends the browser back, and the state cookie. */
export async function throughProvider (app: FastifyInstance, idp: OidcProvider, provider: string, person: Person,
  redirectTo?: string): Promise<Started> {
  const res = await authorize(app, provider, redirectTo)
  if (res.statusCode !== 302) throw new Error(`authorize answered ${res.statusCode}: ${res.body}`)
  const cookie = res.cookies.find((c) => c.name === STATE_COOKIE)?.value
  if (!cookie) throw new Error('authorize set no state cookie')
  idp.person = person
  return { back: await followProvider(idp, res.headers.location as string), cookie }
}

/** A whole sign-in up to the app: the callback's 302 and where it sends the browser. */
export async function signInAtProvider (app: FastifyInstance, idp: OidcProvider, provider: string, person: Person,
  redirectTo?: string): Promise<{ res: LightMyRequestResponse, location: URL }> {
  const { back, cookie } = await throughProvider(app, idp, provider, person, redirectTo)
  const res = await callback(app, back, cookie)
  if (res.statusCode !== 302) throw new Error(`callback answered ${res.statusCode}: ${res.body}`)
  return { res, location: new URL(res.headers.location as string) }
}

export function exchange (app: FastifyInstance, code: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/v1/users/oauthexchange', payload: { code } as Record<string, unknown>, headers })
}

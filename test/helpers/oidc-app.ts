import type { FastifyInstance } from 'fastify'
import { build } from './app.js'
import { ENV } from './accounts.js'
import { SECRETS } from './client.js'
import { freePort } from './oidc.js'

type Test = { teardown: (fn: () => unknown) => void }

export interface OidcApp {
  app: FastifyInstance
  /** http://127.0.0.1:<port> (PUBLIC_URL), or http://localhost:<port> for `localOidcApp`. */
  origin: string
  /** `<origin>/oidc`: the issuer. */
  issuer: string
}

/** An app listening on a loopback port with the OpenID provider on, its issuer PUBLIC_URL/oidc (`env` may depend on that origin). */
export async function oidcApp (t: Test, env: Record<string, string> | ((origin: string) => Promise<Record<string, string>>) = {}): Promise<OidcApp> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const more = typeof env === 'function' ? await env(origin) : env
  const app = await build(t, { env: { ...ENV, ...SECRETS, PUBLIC_URL: origin, OIDC_PROVIDER_ENABLED: 'true', ...more } })
  await app.listen({ port, host: '127.0.0.1' })
  return { app, origin, issuer: `${origin}/oidc` }
}

/**
 * The provider as `npm start` runs it on a developer's machine: PORT set, PUBLIC_URL left to its
 * default (http://localhost:<PORT>), listening on localhost; what the docs' local examples use.
 */
export async function localOidcApp (t: Test, env: Record<string, string> = {}): Promise<OidcApp> {
  const port = await freePort()
  const app = await build(t, { env: { ...ENV, ...SECRETS, PORT: String(port), OIDC_PROVIDER_ENABLED: 'true', ...env } })
  await app.listen({ port, host: 'localhost' })
  const origin = `http://localhost:${port}`
  if (app.config.oidcIssuer !== `${origin}/oidc`) throw new Error(`the issuer is ${app.config.oidcIssuer}, not the default ${origin}/oidc`)
  return { app, origin, issuer: `${origin}/oidc` }
}

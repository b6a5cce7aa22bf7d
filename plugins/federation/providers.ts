import type { FastifyInstance } from 'fastify'
import * as oidc from 'openid-client'
import { AppError } from '../core/errors.js'
import { federationError } from './errors.js'
import { ACCOUNT_TYPES } from '../accounts/index.js'
import type { OidcProviderConfig } from '../core/config/federation.js'

/** A configured provider: its discovered configuration once the provider could be reached. */
export interface Provider {
  settings: OidcProviderConfig
  client: oidc.Configuration | null
}

/** How long one discovery (or any request to a provider) may take before it counts as down. */
const REQUEST_TIMEOUT_MS = 5000
/** How often a provider that could not be discovered is tried again in the background. */
const RETRY_MS = 30_000

// Every request to a provider (discovery, token, userinfo, keys) gives up after REQUEST_TIMEOUT_MS.
const timedFetch: oidc.CustomFetch = (url, options) => fetch(url, { ...options, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) } as RequestInit)

/**
 * The OpenID Connect providers of OIDC_PROVIDERS, discovered at start. One that cannot be
 * discovered is logged and answers 503 while the others work; it is tried again every RETRY_MS
 * and whenever a sign-in asks for it (one attempt at a time).
 */
export function createProviders (app: FastifyInstance) {
  const { config, log } = app
  const providers = new Map<string, Provider>(config.oidcProviders.map((settings) => [settings.name, { settings, client: null }]))
  const attempts = new Map<string, Promise<oidc.Configuration | null>>()
  let timer: NodeJS.Timeout | undefined

  function discover (provider: Provider): Promise<oidc.Configuration | null> {
    const { name, issuer, clientId, clientSecret } = provider.settings
    const running = attempts.get(name)
    if (running) return running
    const url = new URL(issuer)
    const attempt = oidc.discovery(url, clientId, undefined, clientSecret ? oidc.ClientSecretPost(clientSecret) : oidc.None(), {
      [oidc.customFetch]: timedFetch,
      // Plain http is for a provider on the same machine or in tests; production configurations should name https issuers.
      execute: url.protocol === 'http:' ? [oidc.allowInsecureRequests] : []
    }).then((client) => {
      provider.client = client
      log.info({ provider: name, issuer }, `OpenID Connect provider ${name} discovered`)
      return client
    }, (err: Error) => {
      log.error({ provider: name, issuer, err: { message: err.message, code: (err as { code?: string }).code } },
        `OpenID Connect provider ${name} cannot be discovered; it answers 503 until it can`)
      return null
    }).finally(() => attempts.delete(name))
    attempts.set(name, attempt)
    return attempt
  }

  const undiscovered = () => [...providers.values()].filter((p) => !p.client)

  return {
    /** Discovers every provider (at start); the ones that fail are retried in the background. */
    async start (): Promise<void> {
      await Promise.all([...providers.values()].map(discover))
      if (!providers.size) return
      timer = setInterval(() => { for (const p of undiscovered()) void discover(p) }, RETRY_MS)
      timer.unref()
    },

    /** The provider `name` ready for a sign-in: 404 when it is not configured, 503 while it cannot be discovered. */
    async get (name: string): Promise<Provider & { client: oidc.Configuration }> {
      const provider = providers.get(name)
      if (!provider) throw federationError(ACCOUNT_TYPES.user, 'OAUTH_PROVIDER_NOT_FOUND')
      if (!provider.client && !await discover(provider)) throw new AppError('SERVICE_UNAVAILABLE')
      return provider as Provider & { client: oidc.Configuration }
    },

    /** Every configured provider, with whether it is reachable now. */
    list (): Array<{ name: string, label: string, available: boolean }> {
      return [...providers.values()].map((p) => ({ name: p.settings.name, label: p.settings.label, available: !!p.client }))
    },

    close () {
      clearInterval(timer)
    }
  }
}

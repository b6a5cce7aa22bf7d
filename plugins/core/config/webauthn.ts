import { Type } from '@sinclair/typebox'
import { ConfigError, defineConcern, invalid } from './concern.js'
import { list } from './forms.js'
import { publicUrlOf } from './server.js'

const RpId = Type.String({
  pattern: '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$',
  default: 'localhost',
  description: 'a domain name without scheme or port, like example.com'
})
const Origins = Type.String({ minLength: 1, description: 'comma-separated origins like https://app.example.com (scheme, host, optional port)' })
const ORIGIN = /^https?:\/\/[^/?#@]+$/

export interface WebauthnConfig {
  /** The relying party passkeys are bound to: a domain that every origin below is, or is a subdomain of. */
  webauthnRpId: string
  webauthnRpName: string
  /** The exact origins whose WebAuthn responses are accepted (clientDataJSON's `origin`). */
  webauthnOrigins: string[]
}

/** Passkeys (WebAuthn): the relying party and the pages allowed to run its ceremonies. */
export const webauthn = defineConcern({
  env: {
    WEBAUTHN_RP_ID: RpId,
    WEBAUTHN_RP_NAME: Type.String({ minLength: 1, maxLength: 64, default: 'Latchkey', description: 'a name of 1 to 64 characters shown by the authenticator' }),
    WEBAUTHN_ORIGINS: Type.Optional(Origins)
  },
  read: (env): WebauthnConfig => {
    const given = list(env.WEBAUTHN_ORIGINS)
    for (const origin of given) {
      if (!ORIGIN.test(origin)) throw invalid('WEBAUTHN_ORIGINS', Origins, JSON.stringify(origin))
    }
    // PUBLIC_APP_URL (mail.ts) is the app that runs the ceremonies unless told otherwise; without one, the service's own pages (PUBLIC_URL).
    const origins = given.length ? given.map((o) => new URL(o).origin) : [new URL(env.PUBLIC_APP_URL ?? publicUrlOf(env)).origin]
    // Set explicitly, the two must agree: a browser refuses an RP ID that is not the page's domain or a parent of it.
    if (env.WEBAUTHN_ORIGINS || env.WEBAUTHN_RP_ID !== 'localhost') {
      const foreign = origins.find((o) => !withinRpId(new URL(o).hostname, env.WEBAUTHN_RP_ID))
      if (foreign) {
        throw new ConfigError(`Invalid configuration: WEBAUTHN_RP_ID ${env.WEBAUTHN_RP_ID} must be the host of every WebAuthn origin or a parent ` +
          `domain of it, got the origin ${foreign} (set WEBAUTHN_ORIGINS)`)
      }
    }
    return { webauthnRpId: env.WEBAUTHN_RP_ID, webauthnRpName: env.WEBAUTHN_RP_NAME, webauthnOrigins: origins }
  }
})

function withinRpId (host: string, rpId: string): boolean {
  return host === rpId || host.endsWith(`.${rpId}`)
}

import type Provider from 'oidc-provider'
import type { KoaContextWithOIDC } from 'oidc-provider'

type Metadata = Record<string, unknown> | undefined

/** Every scope a client was registered with (oidc-provider's own `scope` holds only those it knows in advance). */
const heldBy = (client: Metadata): string[] => Array.isArray(client?.latchkey_scopes) ? client.latchkey_scopes as string[] : []

/** The permissions a client holds for its organization: its scopes of section 23's form (`members:read`, `app:<x>:<y>`). */
export const permissionsOf = (client: Metadata): string[] => heldBy(client).filter((scope) => scope.includes(':'))

/**
 * A client_credentials token of a client registered for an organization carries it and the
 * client's permissions, whatever `scope` asked (introspection, or the JWT of a resource server).
 */
export function organizationClaims (client: Metadata, token: { kind: string }) {
  const organizationId = client?.organization_id
  if (token.kind !== 'ClientCredentials' || typeof organizationId !== 'string') return undefined
  return { org: { id: organizationId, permissions: permissionsOf(client) } }
}

/** The scopes `asked` (a request's `scope`) that `held` has, in the order asked; undefined for none. */
export function machineScope (asked: unknown, held: readonly string[]): string | undefined {
  if (typeof asked !== 'string') return undefined
  const holds = new Set(held)
  const scopes = [...new Set(asked.split(' '))].filter((scope) => holds.has(scope))
  return scopes.length > 0 ? scopes.join(' ') : undefined
}

/**
 * An opaque client_credentials token's `scope`: the scopes asked that its client holds, its
 * `app:<x>:<y>` permissions included, as a resource server's JWT has them (resources.ts).
 * oidc-provider keeps, without a resource, only the scopes it knows in advance (OIDC_SCOPES
 * and Latchkey's permissions), and an organization's `app:` permissions are the admins' own
 * names. Set as the token is saved, so its response, its introspection and its row agree.
 */
export function keepAppPermissions (provider: Provider, context: () => KoaContextWithOIDC | undefined): void {
  const { ClientCredentials } = provider
  const save = ClientCredentials.prototype.save
  ClientCredentials.prototype.save = async function (this: InstanceType<typeof ClientCredentials>) {
    const ctx = context()
    if (!this.resourceServer && ctx?.oidc.client) this.scope = machineScope(ctx.oidc.body?.scope, heldBy(ctx.oidc.client.metadata()))
    return await save.call(this)
  }
}

import { createHash, timingSafeEqual } from 'node:crypto'
import { nameOf, oauthClients, oidcPayloads, organizations, type Row } from '../../db/schema.js'
import { statement, type Queryable } from '../core/db.js'
import { randomBase64url } from '../../random.js'

const C = nameOf(oauthClients)
const P = nameOf(oidcPayloads)
export type OauthClientRow = Row<typeof oauthClients>

/** What an admin gives for a client (`/v1/admins/createoauthclient`). */
export interface NewOauthClient {
  name: string
  type: 'public' | 'confidential'
  redirectUris: string[]
  grantTypes: string[]
  scopes: string[]
  organizationId: string | null
  /** RP-initiated logout's return addresses (none when left out). */
  postLogoutRedirectUris?: string[]
  /** Back-channel logout's address (none when left out). */
  backchannelLogoutUri?: string | null
}

export const clientStatements = {
  insert: statement<OauthClientRow, Required<NewOauthClient> & { id: string, secretHash: string | null }>((p) =>
    `insert into ${C} (id, name, type, redirect_uris, grant_types, scopes, organization_id, post_logout_redirect_uris, backchannel_logout_uri, secret_hash)
     values (${p.id}, ${p.name}, ${p.type}, ${p.redirectUris}::text[], ${p.grantTypes}::text[], ${p.scopes}::text[],
       ${p.organizationId}::uuid, ${p.postLogoutRedirectUris}::text[], ${p.backchannelLogoutUri}, ${p.secretHash}) returning *`),
  get: statement<OauthClientRow, { id: string }>((p) => `select * from ${C} where id = ${p.id}`),
  // An admin's change reads the client it checks and writes in one transaction, the row locked.
  getForUpdate: statement<OauthClientRow, { id: string }>((p) => `select * from ${C} where id = ${p.id} for update`),
  // What the provider finds: not a client registered for an organization deleted since (soft), whose tokens would act for it.
  live: statement<OauthClientRow, { id: string }>((p) => `select c.* from ${C} c left join ${nameOf(organizations)} o on o.id = c.organization_id
    where c.id = ${p.id} and (c.organization_id is null or o.deleted_at is null)`),
  // Oldest first: an admin's list reads in the order the clients were registered.
  list: statement<OauthClientRow>(() => `select * from ${C} order by created_at, id`),
  // The client's fields as checked (the row is locked meanwhile), written whole.
  update: statement<OauthClientRow, Omit<Required<NewOauthClient>, 'type'> & { id: string }>((p) =>
    `update ${C} set name = ${p.name}, redirect_uris = ${p.redirectUris}::text[], grant_types = ${p.grantTypes}::text[],
       scopes = ${p.scopes}::text[], organization_id = ${p.organizationId}::uuid,
       post_logout_redirect_uris = ${p.postLogoutRedirectUris}::text[], backchannel_logout_uri = ${p.backchannelLogoutUri}, updated_at = now()
     where id = ${p.id} returning *`),
  rotate: statement<OauthClientRow, { id: string, secretHash: string }>((p) =>
    `update ${C} set secret_hash = ${p.secretHash}, updated_at = now() where id = ${p.id} and type = 'confidential' returning *`),
  remove: statement<OauthClientRow, { id: string }>((p) => `delete from ${C} where id = ${p.id} returning *`),
  // What the provider stored for a deleted client (its grants, codes and tokens): no index on the
  // payload's clientId, so a scan of oidc_payloads, run only when an admin deletes a client.
  forget: statement<never, { id: string }>((p) => `delete from ${P} where payload->>'clientId' = ${p.id}`),
  organizationExists: statement<{ id: string }, { id: string }>((p) =>
    `select id from ${nameOf(organizations)} where id = ${p.id}::uuid and deleted_at is null`)
}

/** A client secret's stored form: SHA-256 (the secret is 32 random bytes, so no slow hash is needed). */
export const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex')

/** Whether `given` is the secret whose hash is `hash`, in constant time. */
export function secretMatches (hash: string, given: unknown): boolean {
  if (typeof given !== 'string') return false
  return timingSafeEqual(Buffer.from(secretHash(given), 'hex'), Buffer.from(hash, 'hex'))
}

/** `lks_` and 32 random bytes (base64url). */
export const newClientSecret = () => `lks_${randomBase64url(32)}`

/** Registers a client: its row, and its secret (confidential only), which is not kept. */
export async function createOauthClient (db: Queryable, client: NewOauthClient): Promise<{ row: OauthClientRow, clientSecret: string | null }> {
  const id = `lkc_${randomBase64url(16)}`
  const clientSecret = client.type === 'confidential' ? newClientSecret() : null
  const [row] = await clientStatements.insert.run(db, { ...client, postLogoutRedirectUris: client.postLogoutRedirectUris ?? [],
    backchannelLogoutUri: client.backchannelLogoutUri ?? null, id, secretHash: clientSecret && secretHash(clientSecret) })
  return { row: row!, clientSecret }
}

/**
 * A client as oidc-provider reads it (its Client model's metadata). `client_secret` holds the
 * hash: the provider's compareClientSecret is replaced to hash what a client presents
* (plugins/oidc/provider.ts), and no algorithm that would use the secret as a key is enabled.
 */
export function clientMetadata (row: OauthClientRow, supported: ReadonlySet<string>): Record<string, unknown> {
  const confidential = row.type === 'confidential'
  return {
    client_id: row.id,
    client_name: row.name,
    ...(confidential ? { client_secret: row.secret_hash } : {}),
    token_endpoint_auth_method: confidential ? 'client_secret_basic' : 'none',
    redirect_uris: row.redirect_uris,
    grant_types: row.grant_types,
    response_types: row.grant_types.includes('authorization_code') ? ['code'] : [],
    // oidc-provider's `scope` holds only the scopes it knows (the others it lets through):
    // every scope of the client is in latchkey_scopes, which the tokens' claims are checked against.
    // Never empty (an empty allow-list would be none): `openid` alone asks nothing of a machine's token.
    scope: row.scopes.filter((scope) => supported.has(scope)).join(' ') || 'openid',
    latchkey_scopes: row.scopes,
    post_logout_redirect_uris: row.post_logout_redirect_uris,
    ...(row.backchannel_logout_uri ? { backchannel_logout_uri: row.backchannel_logout_uri, backchannel_logout_session_required: true } : {}),
    ...(row.organization_id ? { organization_id: row.organization_id } : {})
  }
}

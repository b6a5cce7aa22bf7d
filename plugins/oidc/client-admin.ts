import type postgres from 'postgres'
import { AppError } from '../core/errors.js'
import type { Queryable } from '../core/db.js'
import { recordEvent, type AuditContext, type AuditEventName } from '../audit/index.js'
import type { CreateOauthClientArgs, PublicOauthClient, UpdateOauthClientArgs } from '../../schemas/oauth-clients.js'
import { OAUTH_CLIENT_ERRORS } from './errors.js'
import { checkClient } from './client-rules.js'
import { clientStatements, createOauthClient, newClientSecret, secretHash, type NewOauthClient, type OauthClientRow } from './clients.js'

/** Who changes a client, for its audit event: an admin (null from the CLI, CLI_ACTOR its context). */
export interface ClientActor { accountId: string | null, context: AuditContext }

function presentClient (row: OauthClientRow): PublicOauthClient {
  return {
    clientId: row.id, name: row.name, type: row.type as PublicOauthClient['type'], redirectUris: row.redirect_uris,
    grantTypes: row.grant_types, scopes: row.scopes, organizationId: row.organization_id,
    postLogoutRedirectUris: row.post_logout_redirect_uris, backchannelLogoutUri: row.backchannel_logout_uri,
    createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString()
  }
}

const notFound = () => new AppError(OAUTH_CLIENT_ERRORS.OAUTH_CLIENT_NOT_FOUND)

/**
 * The admins' registrations of OAuth clients (`/v1/admins/*oauthclient*`, `latchkey oauth-client`):
 * each change and its audit event in one transaction. The provider reads the table on every
 * request, so a change holds at once.
 */
export function oauthClientAdmin (sql: postgres.Sql, production: boolean) {
  async function checked (db: Queryable, client: NewOauthClient): Promise<void> {
    checkClient(client, production)
    if (client.organizationId && (await clientStatements.organizationExists.run(db, { id: client.organizationId })).length === 0) {
      throw new AppError(OAUTH_CLIENT_ERRORS.OAUTH_CLIENT_BAD_REQUEST_ORGANIZATION, { params: { reason: 'no such organization' } })
    }
  }

  async function audit (tx: Queryable, event: AuditEventName, actor: ClientActor, row: OauthClientRow): Promise<void> {
    const data = { clientId: row.id, name: row.name, type: row.type, grantTypes: row.grant_types, redirectUris: row.redirect_uris,
      scopes: row.scopes, ...(row.organization_id && { organizationId: row.organization_id }) }
    await recordEvent(tx, { event, accountType: 'admin', accountId: actor.accountId, data }, actor.context)
  }

  const transaction = <T>(work: (tx: Queryable) => Promise<T>) => sql.begin(work) as Promise<T>

  return {
    /** A new client, and its secret (confidential only), which is never shown again. */
    async create (actor: ClientActor, args: CreateOauthClientArgs) {
      const client: NewOauthClient = { name: args.name, type: args.type, redirectUris: args.redirectUris ?? [], grantTypes: args.grantTypes,
        scopes: args.scopes ?? [], organizationId: args.organizationId ?? null,
        postLogoutRedirectUris: args.postLogoutRedirectUris, backchannelLogoutUri: args.backchannelLogoutUri }
      return transaction(async (tx) => {
        await checked(tx, client)
        const { row, clientSecret } = await createOauthClient(tx, client)
        await audit(tx, 'oauth_client.created', actor, row)
        return { client: presentClient(row), clientSecret }
      })
    },

    async list (): Promise<PublicOauthClient[]> {
      return (await clientStatements.list.run(sql, {})).map(presentClient)
    },

    /** The fields given replace the client's; the whole is checked again as if it were new. */
    async update (actor: ClientActor, args: UpdateOauthClientArgs): Promise<PublicOauthClient> {
      return transaction(async (tx) => {
        const [current] = await clientStatements.getForUpdate.run(tx, { id: args.clientId })
        if (!current) throw notFound()
        const next: Required<NewOauthClient> = {
          name: args.name ?? current.name, type: current.type as NewOauthClient['type'],
          redirectUris: args.redirectUris ?? current.redirect_uris, grantTypes: args.grantTypes ?? current.grant_types,
          scopes: args.scopes ?? current.scopes,
          organizationId: args.organizationId === undefined ? current.organization_id : args.organizationId,
          postLogoutRedirectUris: args.postLogoutRedirectUris ?? current.post_logout_redirect_uris,
          backchannelLogoutUri: args.backchannelLogoutUri === undefined ? current.backchannel_logout_uri : args.backchannelLogoutUri
        }
        await checked(tx, next)
        const [row] = await clientStatements.update.run(tx, { id: args.clientId, ...next })
        if (!row) throw notFound()
        await audit(tx, 'oauth_client.updated', actor, row)
        return presentClient(row)
      })
    },

    /** A new secret at once: the old one is refused from now on (tokens already issued stay valid). */
    async rotate (actor: ClientActor, clientId: string) {
      const clientSecret = newClientSecret()
      return transaction(async (tx) => {
        const [row] = await clientStatements.rotate.run(tx, { id: clientId, secretHash: secretHash(clientSecret) })
        if (!row) {
          const [exists] = await clientStatements.get.run(tx, { id: clientId })
          throw exists ? new AppError(OAUTH_CLIENT_ERRORS.OAUTH_CLIENT_BAD_REQUEST_PUBLIC_CLIENT) : notFound()
        }
        await audit(tx, 'oauth_client.secret_rotated', actor, row)
        return { client: presentClient(row), clientSecret }
      })
    },

    /** Deletes the client and what the provider stored for it (its grants, codes and tokens). */
    async remove (actor: ClientActor, clientId: string): Promise<void> {
      await transaction(async (tx) => {
        const [row] = await clientStatements.remove.run(tx, { id: clientId })
        if (!row) throw notFound()
        await clientStatements.forget.run(tx, { id: clientId })
        await audit(tx, 'oauth_client.deleted', actor, row)
      })
    }
  }
}

import fp from 'fastify-plugin'
import type { AccountData, AccountType } from '../accounts/index.js'
import type { Queryable } from '../core/db.js'
import { oidcPayloads } from '../../db/schema.js'
import { authorizedApps, revokeAllOf } from './grants.js'

// The provider's accounts are users (accounts.ts): an admin has nothing here.
const revokeAll = async (tx: Queryable, kind: AccountType, ownerId: string) => ({ grants: kind.type === 'user' ? await revokeAllOf(tx, ownerId) : 0 })

/**
 * What the OpenID provider keeps about users: its rows of oidc_payloads that name one (a Grant's
 * accountId, and the codes, tokens and sessions under it). A claim, a deactivation and an erasure
 * revoke them all (every application's refresh and access tokens die with their grants); the
 * export lists the applications the user authorized.
 */
export const oidcData: AccountData = {
  name: 'oidc',
  tables: [oidcPayloads],
  claim: revokeAll,
  deactivate: revokeAll,
  erase: revokeAll,
  async export (db, kind, ownerId) {
    return kind.type === 'user' ? { authorizedApps: await authorizedApps(db, ownerId) } : {}
  }
}

/** What the OpenID provider keeps about accounts (accounts/data.ts), in both roles and whether the provider is on or not. */
export default fp(async (app) => {
  app.accountData.register(oidcData)
}, { name: 'oidc-data', dependencies: ['account-data'] })

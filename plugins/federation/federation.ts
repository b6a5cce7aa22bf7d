import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createProviders } from './providers.js'
import { createFlow } from './flow.js'
import { createIdentities } from './identities.js'
import { federationStatements } from './repository.js'
import type { AccountData, AccountType } from '../accounts/index.js'
import type { Queryable } from '../core/db.js'
import { userIdentities } from '../../db/schema.js'

declare module 'fastify' {
  interface FastifyInstance { federation: ReturnType<typeof createFederation> }
}

/** Sign-in through OpenID Connect providers (docs/behaviour.md#provider-sign-in): providers, the redirect flow, identities. */
export function createFederation (app: FastifyInstance) {
  const providers = createProviders(app)
  return { providers, ...createFlow(app, providers), identities: createIdentities(app) }
}

export default fp(async (app) => {
  const federation = createFederation(app)
  app.decorate('federation', federation)
  // Discovery at start; a provider that cannot be reached does not stop the others, nor the service.
  await federation.providers.start()
  app.addHook('onClose', async () => federation.providers.close())
}, { name: 'federation', dependencies: ['config', 'db', 'sessions'] })

const unlinkAll = async (tx: Queryable, kind: AccountType, ownerId: string) =>
  ({ identities: kind.type === 'user' ? (await federationStatements.unlinkAll.run(tx, { userId: ownerId }))[0].n : 0 })

/**
 * The identities linked to users (admins have none): a claimed account keeps none its registrant
 * linked, an erased one none at all; a deactivated one keeps them (they open nothing while it is
 * inactive). The export lists them with the address each provider gave.
 */
export const federationData: AccountData = {
  name: 'federation',
  tables: [userIdentities],
  claim: unlinkAll,
  deactivate: async () => ({}),
  erase: unlinkAll,
  async export (db, kind, ownerId) {
    if (kind.type !== 'user') return {}
    const rows = await federationStatements.listIdentities.run(db, { userId: ownerId })
    return {
      identities: rows.map((row) => ({ provider: row.provider, subject: row.subject, email: row.email, emailVerified: row.email_verified,
        createdAt: row.created_at.toISOString(), lastSignInAt: row.last_sign_in_at?.toISOString() ?? null }))
    }
  }
}

/** What federation keeps about accounts (accounts/data.ts), in both roles: the worker erases. */
export const federationDataPlugin = fp(async (app) => {
  app.accountData.register(federationData)
}, { name: 'federation-data', dependencies: ['account-data'] })

import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createProviders } from './providers.js'
import { createFlow } from './flow.js'
import { createIdentities } from './identities.js'
import { federationStatements } from './repository.js'

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
  // A claimed account keeps no identity its registrant linked (accounts/claim.ts); admins have none.
  app.signInSteps.registerClaimCleanup({
    name: 'federation',
    run: async (tx, kind, ownerId) => ({ identities: kind.type === 'user' ? (await federationStatements.unlinkAll.run(tx, { userId: ownerId }))[0].n : 0 })
  })
  // Discovery at start; a provider that cannot be reached does not stop the others, nor the service.
  await federation.providers.start()
  app.addHook('onClose', async () => federation.providers.close())
}, { name: 'federation', dependencies: ['config', 'db', 'sessions'] })

/**
 * The oidc domain's door, the one file routes, app.ts and other domains import of it
 * (test/layers.test.ts): Latchkey as an OpenID provider: the provider, its clients (admin routes
 * and CLI), the grants users see and withdraw, the prune of its payloads.
 */
export { OIDC_PRUNE_BATCH, pruneExpired } from './adapter.js'
export { oauthClientCommand } from './cli.js'
export { ADMIN_ACCESS, NO_STORE, actorOf, clientsOf } from './client-routes.js'
export { default as oidcData } from './data.js'
export { oauthClientError } from './errors.js'
export { authorizedApps, revokeAuthorizedApp } from './grants.js'
export { default as oidcProvider } from './provider.js'

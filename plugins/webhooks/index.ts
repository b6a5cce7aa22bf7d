/**
 * The webhooks domain's door, the one file routes, app.ts and other domains import of it
 * (test/layers.test.ts): webhook endpoints of admins and organizations, and their signed
 * deliveries.
 */
export { webhookError } from './errors.js'
export { accessOf, actorOf, operationOf, ownerAt, scopeOf } from './scope.js'
export { default as webhooks, webhooksDataPlugin } from './webhooks.js'

/**
 * The passkeys domain's door, the one file routes, app.ts and other domains import of it
 * (test/layers.test.ts): the WebAuthn ceremonies (registration, discoverable sign-in) on the
 * factors' storage.
 */
export { default as passkeys } from './passkeys.js'

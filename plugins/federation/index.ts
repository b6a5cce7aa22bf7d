/**
 * The federation domain's door, the one file routes, app.ts and other domains import of it
 * (test/layers.test.ts): sign-in through OpenID Connect providers and linked identities.
 */
export { default as federation, federationDataPlugin } from './federation.js'
export { STATE_COOKIE, callbackUrl, stateCookieOptions } from './round-trip.js'

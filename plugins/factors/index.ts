/**
 * The factors domain's door, the one file routes, app.ts and other domains import of it
 * (test/layers.test.ts): second factors of both account types: TOTP and recovery codes, the second
 * step of a sign-in, and the storage of every factor, passkeys' keys and challenges included.
 */
export { checkProof, requireAal2WhenFactors } from './enrolment.js'
export { default as factors, factorsDataPlugin } from './factors.js'
export { CHALLENGE_TTL, MAX_PASSKEYS, passkeysOf } from './passkey-repository.js'
export type { FactorSummary, StoredPasskey } from './passkey-repository.js'
export { factorRepositoryOf, presentFactor } from './repository.js'
export { factorTablesOf } from './tables.js'

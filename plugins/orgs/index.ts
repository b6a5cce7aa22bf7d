/**
 * The orgs domain's door, the one file routes, app.ts and other domains import of it
 * (test/layers.test.ts): organizations, members, roles, invitations and API keys: the permission
 * check routes plug into, and the members holding a permission for other domains' statements.
 */
export { callerOf, forbidden, notFound, orgOf } from './access.js'
export { assertNotSoleOwner, default as orgsData } from './data.js'
export { ORG_ERRORS, orgError } from './errors.js'
export { default as orgs } from './orgs.js'
export { LATCHKEY_PERMISSIONS, grants, notAllowedInKey } from './permissions.js'
export { presentMine } from './present.js'
export { MEMBERSHIP_CHANNEL, membersHoldingSql } from './repository.js'

/**
 * The admin domain's door, the one file routes, app.ts and other domains import of it
 * (test/layers.test.ts): what admins and the CLI do to accounts (activate, deactivate, delete,
 * restore, sign out, confirm an address, change the profile) and the import of accounts.
 */
export { default as accountAdmin } from './accounts.js'
export type { AccountActionName } from './accounts.js'
export { importAccounts } from './import.js'
export { defineUserAction } from './user-actions.js'
export { PROFILE_OPTIONS, profileOptions, updateProfileByEmail } from './profile-command.js'

/**
 * Permissions are strings `<resource>:<action>`: Latchkey's own below, and the applications' own
 * under `app:` (`app:<x>:<y>`), which Latchkey carries and never interprets. `app:*` in a role
 * grants every `app:` permission.
 */
export const LATCHKEY_PERMISSIONS = [
  'org:update', 'org:delete', 'org:transfer', 'members:read', 'members:invite', 'members:update', 'members:remove',
  'roles:manage', 'apikeys:manage', 'rooms:join', 'rooms:publish', 'posts:publish'
] as const
export type LatchkeyPermission = typeof LATCHKEY_PERMISSIONS[number]

const KNOWN: ReadonlySet<string> = new Set(LATCHKEY_PERMISSIONS)
/** An application's permission: `app:<x>:<y>`. */
const APP_PERMISSION = /^app:[a-z0-9_.-]{1,48}:[a-z0-9_.*-]{1,48}$/
export const ALL_APP = 'app:*'

/** The built-in roles (their rows are seeded by migration 0008 with these ids). */
export const BUILT_IN_ROLES = {
  owner: '00000000-0000-7000-8000-000000000001',
  admin: '00000000-0000-7000-8000-000000000002',
  member: '00000000-0000-7000-8000-000000000003'
} as const
export const OWNER_ROLE = BUILT_IN_ROLES.owner
export const ADMIN_ROLE = BUILT_IN_ROLES.admin
export const isBuiltInName = (name: string) => Object.hasOwn(BUILT_IN_ROLES, name)

/** Only the owner role holds it: ownership moves with transferownership, never through a custom role. */
const OWNERSHIP: ReadonlySet<string> = new Set(['org:transfer'])
/** What an API key may never hold: a machine does not give the organization away nor delete it. */
const NOT_FOR_KEYS: ReadonlySet<string> = new Set(['org:transfer', 'org:delete'])

/** Whether `held` (a role's or a key's permissions) grants `permission`. */
export function grants (held: readonly string[], permission: string): boolean {
  return held.includes(permission) || (permission.startsWith('app:') && held.includes(ALL_APP))
}

/** The first of `wanted` that `held` does not grant, if any. */
export function missing (held: readonly string[], wanted: readonly string[]): string | undefined {
  return wanted.find((permission) => !grants(held, permission))
}

/** The first permission a custom role may not hold (unknown, or ownership), if any. */
export function notAllowedInRole (permissions: readonly string[]): string | undefined {
  return permissions.find((p) => OWNERSHIP.has(p) || !(KNOWN.has(p) || p === ALL_APP || APP_PERMISSION.test(p)))
}

/** The first permission an API key may not hold, if any. */
export function notAllowedInKey (permissions: readonly string[]): string | undefined {
  return permissions.find((p) => NOT_FOR_KEYS.has(p) || !(KNOWN.has(p) || p === ALL_APP || APP_PERMISSION.test(p)))
}

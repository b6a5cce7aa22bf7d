import type { FastifyInstance } from 'fastify'
import { AppError } from '../core/errors.js'
import type { Queryable } from '../core/db.js'
import { hashToken } from '../accounts/index.js'
import { randomBase32, uuidv7 } from '../../random.js'
import type { PublicApiKey, PublicRole } from '../../schemas/orgs.js'
import { ORG_ERRORS } from './errors.js'
import type { OrgCaller } from './access.js'
import { keyStatements, orgStatements, roleStatements } from './repository.js'
import { presentKey, presentRole } from './present.js'
import { BUILT_IN_ROLES, isBuiltInName, notAllowedInKey, notAllowedInRole } from './permissions.js'
import { audit, inOrg, isUniqueViolation, mustHold } from './shared.js'

const BUILT_IN_IDS: ReadonlySet<string> = new Set(Object.values(BUILT_IN_ROLES))
const nameTaken = () => new AppError(ORG_ERRORS.ORG_BAD_REQUEST_ROLE_NAME_TAKEN)
const notAllowed = (permission: string) => new AppError(ORG_ERRORS.ORG_BAD_REQUEST_PERMISSION_NOT_ALLOWED, { params: { permission } })

/** A new API key: `lk_` and the base32 of 32 random bytes (256 bits), its prefix and its SHA-256. */
export function newApiKey (): { key: string, prefix: string, hash: string } {
  const key = `lk_${randomBase32(32)}`
  return { key, prefix: key.slice(0, 8), hash: hashToken(key) }
}

/**
 * Custom roles (what their members can do is exactly their permissions, read on every request)
 * and API keys. Nobody grants what it does not hold.
 */
export function createRolesAndKeys (app: FastifyInstance) {
  const { sql } = app

  function checkRolePermissions (caller: OrgCaller, permissions: string[]) {
    const refused = notAllowedInRole(permissions)
    if (refused) throw notAllowed(refused)
    mustHold(caller, permissions)
  }

  async function customRole (organizationId: string, roleId: string, tx: Queryable) {
    if (BUILT_IN_IDS.has(roleId)) throw new AppError(ORG_ERRORS.ORG_BAD_REQUEST_BUILT_IN_ROLE)
    const [role] = await roleStatements.custom.run(tx, { organizationId, roleId })
    if (!role) throw new AppError(ORG_ERRORS.ORG_ROLE_NOT_FOUND)
    return role
  }

  async function renaming<T> (change: () => Promise<T>): Promise<T> {
    try {
      return await change()
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken()
      throw err
    }
  }

  return {
    async createRole (caller: OrgCaller, organizationId: string, name: string, permissions: string[]): Promise<PublicRole> {
      if (isBuiltInName(name)) throw nameTaken()
      checkRolePermissions(caller, permissions)
      return inOrg(app, organizationId, async (tx) => {
        const [role] = await roleStatements.create.run(tx, { id: uuidv7(), organizationId, name, permissions })
        if (!role) throw nameTaken()
        await audit(tx, 'role.created', caller.userId, organizationId, caller.context, { roleId: role.id, name, permissions })
        return presentRole(role)
      })
    },

    /** A custom role's new name or permissions; its members' versions grow when the permissions change. */
    async updateRole (caller: OrgCaller, organizationId: string, roleId: string, changes: { name?: string, permissions?: string[] }): Promise<PublicRole> {
      if (changes.name !== undefined && isBuiltInName(changes.name)) throw nameTaken()
      return renaming(() => inOrg(app, organizationId, async (tx) => {
        const role = await customRole(organizationId, roleId, tx)
        mustHold(caller, role.permissions)
        const permissions = changes.permissions ?? role.permissions
        checkRolePermissions(caller, permissions)
        const [updated] = await roleStatements.update.run(tx, { organizationId, roleId, name: changes.name ?? role.name, permissions })
        const changed = permissions.length !== role.permissions.length || permissions.some((p) => !role.permissions.includes(p))
        if (changed) {
          await roleStatements.bumpHolders.run(tx, { organizationId, roleId })
          await orgStatements.changed.run(tx, { organizationId, userId: null, gone: false })
        }
        await audit(tx, 'role.updated', caller.userId, organizationId, caller.context, { roleId, name: updated.name, permissions })
        return presentRole(updated)
      }))
    },

    /** Deletes a custom role nobody holds (its pending invitations go with it). */
    async deleteRole (caller: OrgCaller, organizationId: string, roleId: string): Promise<void> {
      await inOrg(app, organizationId, async (tx) => {
        const role = await customRole(organizationId, roleId, tx)
        const [{ n }] = await roleStatements.holders.run(tx, { roleId })
        if (n > 0) throw new AppError(ORG_ERRORS.ORG_BAD_REQUEST_ROLE_IN_USE)
        await roleStatements.delete.run(tx, { organizationId, roleId })
        await audit(tx, 'role.deleted', caller.userId, organizationId, caller.context, { roleId, name: role.name })
      })
    },

    /** A new key with `permissions` (a subset of the caller's; never org:transfer nor org:delete); the key is returned once. */
    async createKey (caller: OrgCaller, organizationId: string, args: { name: string, permissions: string[], expiresIn?: number }): Promise<{ apiKey: PublicApiKey, key: string }> {
      const refused = notAllowedInKey(args.permissions)
      if (refused) throw notAllowed(refused)
      mustHold(caller, args.permissions)
      const { key, prefix, hash } = newApiKey()
      return inOrg(app, organizationId, async (tx) => {
        const [row] = await keyStatements.create.run(tx, {
          id: uuidv7(), organizationId, name: args.name, prefix, hash, permissions: args.permissions, createdBy: caller.userId, lifetime: args.expiresIn ?? null
        })
        await audit(tx, 'apikey.created', caller.userId, organizationId, caller.context, { apiKeyId: row.id, name: row.name, prefix, permissions: row.permissions })
        return { apiKey: presentKey(row), key }
      })
    },

    /** Revokes a key at once (its next request is 401). */
    async revokeKey (caller: OrgCaller, organizationId: string, id: string): Promise<PublicApiKey> {
      return sql.begin(async (tx) => {
        const [row] = await keyStatements.revoke.run(tx, { organizationId, id })
        if (!row) throw new AppError(ORG_ERRORS.ORG_API_KEY_NOT_FOUND)
        await audit(tx, 'apikey.revoked', caller.userId, organizationId, caller.context, { apiKeyId: id, prefix: row.prefix })
        return presentKey(row)
      }) as Promise<PublicApiKey>
    }
  }
}

import type { FastifyInstance } from 'fastify'
import { AppError } from '../core/errors.js'
import type { AuditContext } from '../audit/index.js'
import { uuidv7 } from '../../random.js'
import type { AdminOrganization, MyOrganization, PublicApiKey, PublicMember, PublicOrganization, PublicRole } from '../../schemas/orgs.js'
import { encodeCursor } from '../core/cursor.js'
import { ORG_ERRORS } from './errors.js'
import { notFound, type OrgCaller } from './access.js'
import { adminOrgStatements, keyStatements, orgStatements, roleStatements } from './repository.js'
import { presentAdminOrg, presentKey, presentMember, presentMine, presentOrg, presentRole } from './present.js'
import { audit, isUniqueViolation, type Tx } from './shared.js'

const slugTaken = () => new AppError(ORG_ERRORS.ORG_BAD_REQUEST_SLUG_TAKEN)

/** Organizations themselves: create, list, read, rename, delete (softly), and what admins see of them. */
export function createOrganizations (app: FastifyInstance) {
  const { sql } = app

  async function softDelete (tx: Tx, organizationId: string, context: AuditContext, accountId: string | null): Promise<boolean> {
    const [row] = await orgStatements.softDelete.run(tx, { organizationId })
    if (!row) return false
    await orgStatements.changed.run(tx, { organizationId, userId: null, gone: true })
    await audit(tx, 'org.deleted', accountId, organizationId, context, { slug: row.slug })
    return true
  }

  return {
    /** A new organization; its creator is its owner. */
    async create (userId: string, slug: string, name: string, context: AuditContext): Promise<MyOrganization> {
      return sql.begin(async (tx) => {
        const [row] = await orgStatements.create.run(tx, { id: uuidv7(), slug, name, userId })
        if (!row) throw slugTaken()
        await audit(tx, 'org.created', userId, row.id, context, { slug, name })
        const [mine] = await orgStatements.membership.run(tx, { organizationId: row.id, userId })
        return presentMine(mine)
      })
    },

    /** The caller's organizations, with the caller's role in each. */
    async listMine (userId: string): Promise<MyOrganization[]> {
      return (await orgStatements.mine.run(sql, { userId })).map(presentMine)
    },

    async update (caller: OrgCaller, organizationId: string, changes: { slug?: string, name?: string }): Promise<PublicOrganization> {
      try {
        return await sql.begin(async (tx) => {
          const [row] = await orgStatements.update.run(tx, { organizationId, slug: changes.slug ?? null, name: changes.name ?? null })
          if (!row) throw notFound()
          await audit(tx, 'org.updated', caller.userId, organizationId, caller.context, changes)
          return presentOrg(row)
        })
      } catch (err) {
        if (isUniqueViolation(err)) throw slugTaken()
        throw err
      }
    },

    async remove (caller: OrgCaller, organizationId: string): Promise<void> {
      const done = await sql.begin((tx) => softDelete(tx, organizationId, caller.context, caller.userId))
      if (!done) throw notFound()
    },

    async listMembers (organizationId: string): Promise<PublicMember[]> {
      return (await orgStatements.members.run(sql, { organizationId })).map(presentMember)
    },

    async listRoles (organizationId: string): Promise<PublicRole[]> {
      return (await roleStatements.list.run(sql, { organizationId })).map(presentRole)
    },

    async listKeys (organizationId: string): Promise<PublicApiKey[]> {
      return (await keyStatements.list.run(sql, { organizationId })).map(presentKey)
    },

    /** Every organization, deleted ones too, newest first; a page and the cursor of the next one. */
    async adminList (filters: { q?: string, limit: number, after: string | null }): Promise<{ organizations: AdminOrganization[], nextCursor: string | null }> {
      const rows = await adminOrgStatements.list.runUnprepared(sql, { q: filters.q ?? null, after: filters.after, limit: filters.limit + 1 })
      const page = rows.slice(0, filters.limit)
      return { organizations: page.map(presentAdminOrg), nextCursor: rows.length > filters.limit ? encodeCursor(page[page.length - 1].id) : null }
    },

    async adminGet (organizationId: string): Promise<AdminOrganization | null> {
      const [row] = await adminOrgStatements.get.run(sql, { organizationId })
      return row ? presentAdminOrg(row) : null
    },

    /** An admin's delete: as the owner's (soft); an unknown or already deleted one is ORG.NOT_FOUND. */
    async adminDelete (organizationId: string, context: AuditContext): Promise<void> {
      const done = await sql.begin((tx) => softDelete(tx, organizationId, context, null))
      if (!done) throw notFound()
    }
  }
}

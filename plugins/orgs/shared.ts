import type { FastifyInstance } from 'fastify'
import type postgres from 'postgres'
import { AppError } from '../core/errors.js'
import { recordEvent, type AuditContext, type AuditEventName } from '../audit/index.js'
import { ORG_ERRORS } from './errors.js'
import { notFound, forbidden, type OrgCaller } from './access.js'
import { orgStatements, roleStatements, type RoleRow } from './repository.js'
import { missing } from './permissions.js'

export type Tx = postgres.TransactionSql

/**
 * Runs `change` in one transaction holding the organization's row lock: the changes of one
 * organization's members and roles happen one at a time, so that two of them can never both
 * take the last owner away. An unknown or deleted organization is ORG.NOT_FOUND.
 */
export function inOrg<T> (app: FastifyInstance, organizationId: string, change: (tx: Tx) => Promise<T>): Promise<T> {
  return app.sql.begin(async (tx) => {
    const [locked] = await orgStatements.lock.run(tx, { organizationId })
    if (!locked) throw notFound()
    return change(tx)
  }) as Promise<T>
}

/** One audit row of an organization's change; `accountId` the user it concerns (null: none). */
export function audit (tx: Tx, event: AuditEventName, accountId: string | null, organizationId: string,
  context: AuditContext, data: Record<string, unknown> = {}): Promise<void> {
  return recordEvent(tx, { event, accountType: 'user', accountId, data: { organizationId, ...data } }, context)
}

/** A role of the organization by name (built-in or its own); ORG.ROLE_NOT_FOUND otherwise. */
export async function roleNamed (tx: Tx, organizationId: string, name: string): Promise<RoleRow> {
  const [role] = await roleStatements.byName.run(tx, { organizationId, name })
  if (!role) throw new AppError(ORG_ERRORS.ORG_ROLE_NOT_FOUND)
  return role
}

/**
 * Nobody hands out more than it holds: granting a role, or acting on a member whose role
 * grants, a permission the caller lacks is ORG.FORBIDDEN naming it (an admin cannot make an
 * owner, nor demote or remove one).
 */
export function mustHold (caller: OrgCaller, permissions: readonly string[]): void {
  const lacking = missing(caller.permissions, permissions)
  if (lacking) throw forbidden(lacking)
}

/** Whether an error is PostgreSQL's unique violation (a slug or a name taken meanwhile). */
export const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23505'

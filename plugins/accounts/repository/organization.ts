import type { AccountType } from '../registry.js'
import { memberships, nameOf, organizations, roles } from '../../../db/schema.js'

/**
 * The `org` claim of an access token (registry.ts, OrgClaim) as an SQL expression: a JSON object,
 * or null when the owner is not a member of the organization or the organization is deleted.
 * The organizations' tables are written by plugins/orgs alone; this is the one read of them that
 * accounts makes, folded into the session statements that issue tokens (rotation, switchorg), so
 * that acting for an organization costs no round trip of its own. `orgId` and `ownerId` are SQL
 * expressions of type uuid. A null `orgId` short-circuits (the CASE never runs the subquery), so a
 * session that acts for no organization reads nothing more; an account type without
 * organizations (admins) has none at all.
 */
export function orgClaimSql (kind: AccountType, orgId: string, ownerId: string): string {
  if (!kind.organizations) return 'null::json'
  return `case when ${orgId} is null then null else (select json_build_object('id', g.id, 'slug', g.slug, 'role', r.name,
      'permissions', r.permissions, 'membershipVersion', m.version)
    from ${nameOf(memberships)} m join ${nameOf(roles)} r on r.id = m.role_id join ${nameOf(organizations)} g on g.id = m.organization_id
    where m.organization_id = ${orgId} and m.user_id = ${ownerId} and g.deleted_at is null) end`
}

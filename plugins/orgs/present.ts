import type { AdminOrganization, MyOrganization, PublicApiKey, PublicInvitation, PublicMember, PublicOrganization, PublicRole } from '../../schemas/orgs.js'
import type { AdminOrgRow, InvitationRow, KeyRow, MemberRow, OrgRow, RoleRow } from './repository.js'

/** The one shape of each object outside the database (rows are snake_case with Dates). */
const iso = (date: Date | null) => date ? date.toISOString() : null

/** An organization as its members see it. */
export type OrgProfile = Pick<OrgRow, 'id' | 'slug' | 'name' | 'created_at' | 'updated_at'>

export function presentOrg (row: OrgProfile): PublicOrganization {
  return { id: row.id, slug: row.slug, name: row.name, createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString() }
}

export function presentMine (row: OrgProfile & { role: string | null, permissions: string[] }): MyOrganization {
  return { ...presentOrg(row), role: row.role, permissions: row.permissions }
}

export function presentAdminOrg (row: AdminOrgRow): AdminOrganization {
  return { ...presentOrg(row), deletedAt: iso(row.deleted_at), members: row.members }
}

export function presentMember (row: MemberRow): PublicMember {
  return { userId: row.user_id, email: row.email, role: row.role, joinedAt: row.created_at.toISOString() }
}

export function presentRole (row: RoleRow): PublicRole {
  return { id: row.id, name: row.name, permissions: row.permissions, builtIn: row.organization_id === null }
}

export function presentInvitation (row: InvitationRow): PublicInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invited_by,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    acceptedAt: iso(row.accepted_at),
    revokedAt: iso(row.revoked_at)
  }
}

export function presentKey (row: KeyRow): PublicApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    permissions: row.permissions,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    expiresAt: iso(row.expires_at),
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at)
  }
}

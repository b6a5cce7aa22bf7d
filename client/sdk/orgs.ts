import type { Answer, Json } from './http.js'
import type { paths } from './openapi.js'
import type { Held } from './session.js'
import type { ApiKey, Args, Invitation, Member, OrgClaim, Organization, Role } from './types.js'

/** The SDK's authenticated call (client.ts): the token added, refreshed once and retried on a 401. */
type Authed = (action: string, args?: Json) => Promise<Json>
/** The arguments of `/v1/orgs/<A>`. */
type Of<A extends string> = `/v1/orgs/${A}` extends infer P extends keyof paths ? Args<P> : never
/** The same, for a user: `organizationId` is optional in the API for API keys only (their own organization). */
type In<A extends string> = Of<A> & { organizationId: string }

/**
 * `client.orgs`: the organizations of the signed-in user (users only), one method per
 * `/v1/orgs/<action>` route, with the arguments of that route and its answer's main field.
 * Refusals are thrown as a LatchkeyError with the API's code (`ORG.NOT_FOUND`, `ORG.FORBIDDEN`
 * naming the missing permission, `ORG.BAD_REQUEST_LAST_OWNER`, ...). Every method but create,
 * list and acceptInvitation takes the `organizationId`: no switchOrg is needed to manage one.
 */
export function createOrgs (authed: Authed, onlyUsers: (what: string) => void) {
  const post = async (action: string, args: Json = {}) => {
    onlyUsers(`orgs.${action}`)
    return await authed(`/v1/orgs/${action}`, args)
  }
  return {
    /** Creates an organization (`slug` `[a-z0-9-]{3,48}`, `name`): I am its owner. */
    async create (args: Of<'create'>): Promise<Organization> { return (await post('create', args)).organization },
    /** Mine, each with my role and its permissions. */
    async list (): Promise<Organization[]> { return (await post('list')).organizations },
    async get (args: In<'get'>): Promise<Organization> { return (await post('get', args)).organization },
    /** A new `slug` or `name` (`org:update`). */
    async update (args: In<'update'>): Promise<Organization> { return (await post('update', args)).organization },
    /** Deletes it (owners only). */
    async delete (args: In<'delete'>): Promise<void> { await post('delete', args) },
    async listMembers (args: In<'listmembers'>): Promise<Member[]> { return (await post('listmembers', args)).members },
    /** Mails `email` a link to the accept-invite page (PUBLIC_APP_URL/..., else PUBLIC_URL/account/...; 7 days) for `role` (owner, admin, member or a custom role's name). */
    async invite (args: In<'invite'>): Promise<Invitation> { return (await post('invite', args)).invitation },
    async listInvitations (args: In<'listinvitations'>): Promise<Invitation[]> { return (await post('listinvitations', args)).invitations },
    async revokeInvitation (args: In<'revokeinvitation'>): Promise<Invitation> { return (await post('revokeinvitation', args)).invitation },
    /** The accept-invite page calls this with the link's `token`: the signed-in user (the invited, confirmed address) joins. */
    async acceptInvitation (args: Of<'acceptinvitation'>): Promise<Organization> { return (await post('acceptinvitation', args)).organization },
    /** Gives a member another `role`; takes effect at once (their org tokens carry a membership version). */
    async updateMember (args: In<'updatemember'>): Promise<Member> { return (await post('updatemember', args)).member },
    async removeMember (args: In<'removemember'>): Promise<void> { await post('removemember', args) },
    /** Leaves it (the last owner cannot). */
    async leave (args: In<'leave'>): Promise<void> { await post('leave', args) },
    /** Makes `userId` the owner; I become an admin. The members as they are now. */
    async transferOwnership (args: In<'transferownership'>): Promise<Member[]> { return (await post('transferownership', args)).members },
    async createRole (args: In<'createrole'>): Promise<Role> { return (await post('createrole', args)).role },
    async updateRole (args: In<'updaterole'>): Promise<Role> { return (await post('updaterole', args)).role },
    async deleteRole (args: In<'deleterole'>): Promise<void> { await post('deleterole', args) },
    /** The built-in roles and the organization's own. */
    async listRoles (args: In<'listroles'>): Promise<Role[]> { return (await post('listroles', args)).roles },
    /**
     * A key for machines, with `permissions` (a subset of mine) and an optional `expiresIn`:
     * `key` (`lk_...`) is answered this once; send it as `Authorization: api-key <key>`.
     */
    async createApiKey (args: In<'createapikey'>): Promise<{ apiKey: ApiKey, key: string }> {
      const { apiKey, key } = await post('createapikey', args)
      return { apiKey, key }
    },
    /** The keys, by their prefix (never the key). */
    async listApiKeys (args: In<'listapikeys'>): Promise<ApiKey[]> { return (await post('listapikeys', args)).apiKeys },
    async revokeApiKey (args: In<'revokeapikey'>): Promise<ApiKey> { return (await post('revokeapikey', args)).apiKey }
  }
}

export type LatchkeyOrgs = ReturnType<typeof createOrgs>

/**
 * client.switchOrg: /v1/users/switchorg with the token and the refresh cookie, under the lock of
 * a refresh (session.rotate): the new tokens are adopted and handed to the other tabs and the
 * sockets as a refresh's are. Resolves with the new token's organization (null: none).
 */
export function createSwitchOrg (
  session: { held: Held | null, rotate: (send: (timeout: number) => Promise<Answer>) => Promise<Held> },
  request: (action: string, args: Json, token?: string, timeout?: number) => Promise<Answer>,
  accessToken: () => Promise<string>
) {
  return async (organizationId: string | null): Promise<OrgClaim | null> => {
    // A token valid for a while yet: taken before the lock, which a refresh would need.
    await accessToken()
    const next = await session.rotate((timeout) => request('switchorg', { organizationId }, session.held?.token, timeout))
    return next.org ?? null
  }
}

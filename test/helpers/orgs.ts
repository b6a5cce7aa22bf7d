import { randomBytes } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { ACCOUNT_TYPES } from '../../plugins/accounts/registry.js'
import { createTestAccount, signIn, type Headers, type TestAccount } from './accounts.js'

const user = ACCOUNT_TYPES.user

export const ROLE_IDS = {
  owner: '00000000-0000-7000-8000-000000000001',
  admin: '00000000-0000-7000-8000-000000000002',
  member: '00000000-0000-7000-8000-000000000003'
} as const

export type OrgAction = 'create' | 'list' | 'get' | 'update' | 'delete' | 'listmembers' | 'invite' | 'listinvitations' | 'revokeinvitation' |
  'acceptinvitation' | 'updatemember' | 'removemember' | 'leave' | 'transferownership' | 'createrole' | 'updaterole' | 'deleterole' |
  'listroles' | 'createapikey' | 'listapikeys' | 'revokeapikey'
export const ORG_ACTIONS: OrgAction[] = ['create', 'list', 'get', 'update', 'delete', 'listmembers', 'invite', 'listinvitations', 'revokeinvitation',
  'acceptinvitation', 'updatemember', 'removemember', 'leave', 'transferownership', 'createrole', 'updaterole', 'deleterole', 'listroles',
  'createapikey', 'listapikeys', 'revokeapikey']

/** A signed-in user: its account and access token. */
export interface Member { account: TestAccount, token: string }

export function uniqueSlug (label = 'org'): string {
  return `${label}-${randomBytes(4).toString('hex')}`
}

/** POST /v1/orgs/<action> with `body`, as the user of `token`. */
export function orgCall (app: FastifyInstance, action: OrgAction, token: string, body: Record<string, unknown> = {}, headers: Headers = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: `/v1/orgs/${action}`, payload: body, headers: { authorization: `jwt-user ${token}`, ...headers } })
}

/** POST /v1/orgs/<action> with an API key. */
export function keyCall (app: FastifyInstance, action: OrgAction, key: string, body: Record<string, unknown> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: `/v1/orgs/${action}`, payload: body, headers: { authorization: `api-key ${key}` } })
}

/** A new user, signed in (its email confirmed unless told otherwise). */
export async function newMember (app: FastifyInstance, opts: { confirmed?: boolean, email?: string } = {}): Promise<Member> {
  const account = await createTestAccount(app, user, { isEmailConfirmed: opts.confirmed ?? true, ...(opts.email && { email: opts.email }) })
  const { token } = await signIn(app, user, account)
  return { account, token }
}

/** An organization created through the API by `owner`: its body (`organization`). */
export async function newOrg (app: FastifyInstance, owner: Member, slug = uniqueSlug()): Promise<Record<string, any>> {
  const res = await orgCall(app, 'create', owner.token, { slug, name: `Org ${slug}` })
  if (res.statusCode !== 201) throw new Error(`create answered ${res.statusCode}: ${res.body}`)
  return res.json().organization
}

/** Puts a user into an organization with a role (a row, as an accepted invitation leaves). */
export async function addMembership (app: FastifyInstance, organizationId: string, userId: string, roleId: string): Promise<void> {
  await app.sql`insert into memberships (organization_id, user_id, role_id) values (${organizationId}, ${userId}, ${roleId})`
}

/** A new signed-in user who is a member of the organization with `role` (a built-in name or a role id). */
export async function joined (app: FastifyInstance, organizationId: string, role: keyof typeof ROLE_IDS | string): Promise<Member> {
  const member = await newMember(app)
  await addMembership(app, organizationId, member.account.id, (ROLE_IDS as Record<string, string>)[role] ?? role)
  return member
}

export async function membershipOf (app: FastifyInstance, organizationId: string, userId: string): Promise<Record<string, any> | undefined> {
  const [row] = await app.sql`select * from memberships where organization_id = ${organizationId} and user_id = ${userId}`
  return row
}

/** The audit rows of `event` that concern an organization. */
export async function orgEvents (app: FastifyInstance, event: string, organizationId: string): Promise<Record<string, any>[]> {
  return [...await app.sql`select * from audit_events where event = ${event} and data->>'organizationId' = ${organizationId} order by id`]
}

/** An API key created through the API by `creator`: the key and its listed form. */
export async function newKey (app: FastifyInstance, creator: Member, organizationId: string, permissions: string[], extra: Record<string, unknown> = {}) {
  const res = await orgCall(app, 'createapikey', creator.token, { organizationId, name: 'ci', permissions, ...extra })
  if (res.statusCode !== 201) throw new Error(`createapikey answered ${res.statusCode}: ${res.body}`)
  return res.json() as { key: string, apiKey: Record<string, any> }
}

import t from 'tap'
import { decodeJwt } from 'jose'
import { build } from '../../helpers/app.js'
import { ENV, createTestAccount, refresh, signIn } from '../../helpers/accounts.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { addMembership, newMember, newOrg, orgCall, ROLE_IDS } from '../../helpers/orgs.js'

const user = ACCOUNT_TYPES.user

/** The access token's `org` claim. */
const orgOf = (token: string) => (decodeJwt(token) as Record<string, any>).org

/**
 * The two halves together, end to end: a token from switchorg carries the membership's version;
 * the org routes compare it with the row, so a demotion or a removal counts at the next request,
 * and a refresh brings the token up to date.
 */
t.test('an org claim from switchorg goes stale at once when the membership changes; a refresh renews it', async (t) => {
  const app = await build(t, { env: ENV })
  const owner = await newMember(app)
  const org = await newOrg(app, owner)
  const account = await createTestAccount(app, user, { isEmailConfirmed: true })
  await addMembership(app, org.id, account.id, ROLE_IDS.admin)
  const signed = await signIn(app, user, account)

  const switched = await app.inject({
    method: 'POST', url: '/v1/users/switchorg', payload: { organizationId: org.id, refreshToken: signed.refreshToken },
    headers: { authorization: `jwt-user ${signed.token}` }
  })
  t.equal(switched.statusCode, 200, switched.body)
  const { token, refreshToken } = switched.json()
  t.match(orgOf(token), { id: org.id, role: 'admin', membershipVersion: 1 })
  t.equal((await orgCall(app, 'listinvitations', token, { organizationId: org.id })).statusCode, 200, 'an admin may list invitations')

  // The owner demotes the admin: the row's version goes to 2; the token still says 1.
  const demoted = await orgCall(app, 'updatemember', owner.token, { organizationId: org.id, userId: account.id, role: 'member' })
  t.equal(demoted.statusCode, 200, demoted.body)
  const stale = await orgCall(app, 'listmembers', token, { organizationId: org.id })
  t.equal(stale.statusCode, 401, 'the token from before the change is refused on the next org request')
  t.equal(stale.json().error, 'UNAUTHORIZED')
  t.equal(stale.headers['www-authenticate'], 'jwt-user error="invalid_token"')

  const renewed = await refresh(app, user, { body: { refreshToken } })
  t.equal(renewed.statusCode, 200, renewed.body)
  const next = renewed.json()
  t.match(orgOf(next.token), { id: org.id, role: 'member', permissions: ['members:read', 'rooms:join'], membershipVersion: 2 })
  t.equal((await orgCall(app, 'listmembers', next.token, { organizationId: org.id })).statusCode, 200, 'members:read still held')
  const refused = await orgCall(app, 'listinvitations', next.token, { organizationId: org.id })
  t.equal(refused.statusCode, 403, 'the member role lacks members:invite')
  t.equal(refused.json().error, 'ORG.FORBIDDEN')

  // Removed: the org routes answer as for a stranger, and the next refresh drops the claim.
  t.equal((await orgCall(app, 'removemember', owner.token, { organizationId: org.id, userId: account.id })).statusCode, 200)
  const gone = await orgCall(app, 'listmembers', next.token, { organizationId: org.id })
  t.equal(gone.statusCode, 404)
  t.equal(gone.json().error, 'ORG.NOT_FOUND')
  const after = await refresh(app, user, { body: { refreshToken: next.refreshToken } })
  t.equal(after.statusCode, 200, after.body)
  t.equal(orgOf(after.json().token), undefined, 'a removed member\'s refreshed token acts for no organization')
})

/**
 * An org token's own organization is read with the owner, in the authentication's statement
 * (account.member); another organization named by the request is read on its own. Both answer
 * as the membership is now.
 */
t.test('an org token: the membership read with the owner answers as the separate read does', async (t) => {
  const app = await build(t, { env: ENV })
  const owner = await newMember(app)
  const org = await newOrg(app, owner)
  const other = await newOrg(app, owner)
  const account = await createTestAccount(app, user, { isEmailConfirmed: true })
  await addMembership(app, org.id, account.id, ROLE_IDS.member)
  await addMembership(app, other.id, account.id, ROLE_IDS.admin)
  const signed = await signIn(app, user, account)
  const switched = await app.inject({
    method: 'POST', url: '/v1/users/switchorg', payload: { organizationId: org.id, refreshToken: signed.refreshToken },
    headers: { authorization: `jwt-user ${signed.token}` }
  })
  const { token } = switched.json()

  const own = await orgCall(app, 'get', token, { organizationId: org.id })
  t.equal(own.statusCode, 200, own.body)
  const plain = await orgCall(app, 'get', signed.token, { organizationId: org.id })
  t.same(own.json(), plain.json(), 'the same organization, dates included, with a token acting for it and with one acting for none')
  t.match(own.json().organization, { id: org.id, slug: org.slug, role: 'member', permissions: ['members:read', 'rooms:join'] })
  const elsewhere = await orgCall(app, 'get', token, { organizationId: other.id })
  t.match(elsewhere.json().organization, { id: other.id, role: 'admin' }, 'another organization: its own membership')

  t.equal((await orgCall(app, 'delete', owner.token, { organizationId: org.id })).statusCode, 200)
  const deleted = await orgCall(app, 'get', token, { organizationId: org.id })
  t.equal(deleted.statusCode, 404, 'a deleted organization is not found through the folded read either')
  t.equal(deleted.json().error, 'ORG.NOT_FOUND')
})

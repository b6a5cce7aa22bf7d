/**
 * client.orgs and client.switchOrg in Chromium against a real app: every /v1/orgs route through
 * its method (an invitation mailed and accepted by another user, roles, members, API keys, the
 * ownership handed over, the organization deleted), refusals thrown with the API's code, and a
 * switch adopted like a refresh: the other tab of the origin gets the org claim without asking,
 * and a socket re-sends auth with the new token on its connection.
 */
import t from 'tap'
import type { Page } from 'playwright-core'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { createTestAccount, type TapTest, type TestAccount } from '../../helpers/accounts.js'
import { browser } from '../../helpers/browser.js'
import { sdkApp, sdkTab, until } from '../../helpers/client.js'
import { linkToken, smtpCatcher } from '../../helpers/mail.js'
import { uniqueSlug } from '../../helpers/orgs.js'
import { waitUntil } from '../../helpers/sockets.js'
import { decodeJwt } from '../../helpers/tokens.js'

const user = ACCOUNT_TYPES.user

/** In the page: `lk.<path>(...args)` (`orgs.create`), its result or what it threw. */
function attempt (page: Page, path: string, ...args: unknown[]): Promise<any> {
  return page.evaluate(async ({ path, args }) => {
    const [group, method] = path.includes('.') ? path.split('.') : [null, path]
    const lk = (globalThis as any).lk
    const target = group ? lk[group] : lk
    try {
      return { result: await target[method](...args) }
    } catch (err: any) {
      return { thrown: { name: err.name, code: err.code, status: err.status, message: err.message } }
    }
  }, { path, args })
}

/** The result, failing the test with what was thrown instead. */
async function must (t: TapTest, page: Page, path: string, ...args: unknown[]): Promise<any> {
  const { result, thrown } = await attempt(page, path, ...args)
  if (thrown) t.fail(`${path} threw ${thrown.code}: ${thrown.message}`)
  return result
}

/** An org route called from the page with `Authorization: api-key <key>`: status and body. */
function withKey (page: Page, key: string, action: string, body: unknown): Promise<{ status: number, body: any }> {
  return page.evaluate(async ({ key, action, body }) => {
    const res = await fetch(`/v1/orgs/${action}`, { method: 'POST', headers: { authorization: `api-key ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
    return { status: res.status, body: await res.json() }
  }, { key, action, body })
}

const credentials = (account: TestAccount) => ({ email: account.email, password: account.password })

t.test('client.orgs: every route; client.switchOrg: adopted like a refresh, by the other tabs too', async (t) => {
  const mail = await smtpCatcher(t)
  const { app, origin, refreshes } = await sdkApp(t, { WORKER_ENABLED: 'true', SMTP_URL: mail.url })
  const alice = await createTestAccount(app, user, { isEmailConfirmed: true })
  const bob = await createTestAccount(app, user, { isEmailConfirmed: true })
  const contextA = await (await browser(t)).newContext()
  const contextB = await (await browser(t)).newContext()
  t.teardown(async () => { await contextA.close(); await contextB.close() })
  const a = await sdkTab(contextA, origin)
  const b = await sdkTab(contextB, origin)
  await must(t, a, 'login', credentials(alice))
  await must(t, b, 'login', credentials(bob))

  const slug = uniqueSlug('sdk')
  const org = await must(t, a, 'orgs.create', { slug, name: 'Acme' })
  t.match(org, { slug, name: 'Acme', role: 'owner' })
  const organizationId = org.id
  const [owner] = await app.sql`select user_id from memberships where organization_id = ${organizationId}`
  t.equal(owner.user_id, alice.id, 'a membership row for the creator')
  t.same((await must(t, a, 'orgs.list')).map((o: any) => [o.id, o.role]), [[organizationId, 'owner']])
  t.match(await must(t, a, 'orgs.get', { organizationId }), { id: organizationId, slug })
  t.match(await must(t, a, 'orgs.update', { organizationId, name: 'Acme Inc.' }), { name: 'Acme Inc.' })
  t.same((await must(t, a, 'orgs.listRoles', { organizationId })).map((r: any) => r.name).sort(), ['admin', 'member', 'owner'])

  const role = await must(t, a, 'orgs.createRole', { organizationId, name: 'support', permissions: ['members:read'] })
  t.match(role, { name: 'support', builtIn: false })
  t.same((await must(t, a, 'orgs.updateRole', { organizationId, roleId: role.id, permissions: ['members:read', 'rooms:join'] })).permissions,
    ['members:read', 'rooms:join'])
  await must(t, a, 'orgs.deleteRole', { organizationId, roleId: role.id })
  t.same(await app.sql`select id from roles where id = ${role.id}`, [], 'the role row is gone')

  // Two invitations: one revoked, Bob's accepted through its mailed link.
  const stray = await must(t, a, 'orgs.invite', { organizationId, email: `stray-${slug}@example.com`, role: 'member' })
  t.match(await must(t, a, 'orgs.revokeInvitation', { organizationId, invitationId: stray.id }), { id: stray.id, revokedAt: String })
  const after = mail.mails.length
  t.match(await must(t, a, 'orgs.invite', { organizationId, email: bob.email, role: 'admin' }), { email: bob.email, role: 'admin' })
  t.equal((await must(t, a, 'orgs.listInvitations', { organizationId })).length, 2)
  const token = linkToken(await mail.next(bob.email, { after }), '/accept-invite')
  t.match(await must(t, b, 'orgs.acceptInvitation', { token }), { id: organizationId, role: 'admin' })
  t.same((await must(t, a, 'orgs.listMembers', { organizationId })).map((m: any) => m.email).sort(), [alice.email, bob.email].sort())
  t.match(await must(t, a, 'orgs.updateMember', { organizationId, userId: bob.id, role: 'member' }), { userId: bob.id, role: 'member' })

  await t.test('switchOrg: the org claim, in this tab and the other tab of the origin, kept by a refresh', async (t) => {
    const a2 = await sdkTab(contextA, origin)
    await must(t, a2, 'restore')
    // A socket of this tab: re-authenticated with the new token.
    const auths: string[] = []
    a.on('websocket', (ws) => ws.on('framesent', ({ payload }) => { if (String(payload).includes('"auth"')) auths.push(JSON.parse(String(payload)).token) }))
    await a.evaluate(() => { (globalThis as any).sock = (globalThis as any).lk.socket({ rooms: ['FEED'] }) })
    await until(a, "(globalThis).sock.status === 'open'")
    const claim = await must(t, a, 'switchOrg', organizationId)
    t.match(claim, { id: organizationId, slug, role: 'owner', membershipVersion: 1 })
    t.ok(claim.permissions.includes('org:delete'))
    t.same(await a.evaluate(() => (globalThis as any).lk.org), claim, 'client.org')
    t.equal((await a.evaluate(() => (globalThis as any).authLog)).at(-1), 'TOKEN_REFRESHED')
    const orgOf = (token: string | undefined) => token ? decodeJwt(token).payload.org?.id : undefined
    await waitUntil(() => orgOf(auths.at(-1)) === organizationId, 'an auth frame with the org token', 5000)
    t.equal(orgOf(auths[0]), undefined, 'the socket authenticated without org first')
    t.equal(orgOf(auths.at(-1)), organizationId, 'and re-sent auth with the switched token')
    t.equal(await a.evaluate(() => (globalThis as any).sock.status), 'open', 'on the same connection')
    const before = refreshes()
    t.same(await until(a2, '(globalThis).lk.org'), claim, 'the other tab has it, handed over')
    t.equal(refreshes(), before, 'without a refresh of its own')
    const sessions = await app.sql`select organization_id from user_sessions where user_id = ${alice.id} and revoked_at is null`
    t.same(sessions, [{ organization_id: organizationId }], 'the session acts for it')
    await must(t, a2, 'refresh')
    t.same(await a2.evaluate(() => (globalThis as any).lk.org), claim, 'a refresh keeps it')

    const bobs = await must(t, b, 'switchOrg', organizationId)
    t.match(bobs, { role: 'member', permissions: ['members:read', 'rooms:join'] })
    const notMine = await attempt(b, 'switchOrg', '00000000-0000-7000-8000-00000000abcd')
    t.match(notMine.thrown, { name: 'LatchkeyError', code: 'ORG.NOT_FOUND', status: 404 })
    t.same(await b.evaluate(() => (globalThis as any).lk.org), bobs, 'a refused switch changes nothing')
    t.equal(await must(t, b, 'switchOrg', null), null, 'null: for none')
    t.equal(await b.evaluate(() => (globalThis as any).lk.org), null)
    t.match(await must(t, b, 'me'), { id: bob.id }, 'still signed in')
  })

  await t.test('API keys: the key once, an org route with it, listed by prefix, revoked', async (t) => {
    const { apiKey, key } = await must(t, a, 'orgs.createApiKey', { organizationId, name: 'ci', permissions: ['members:read'] })
    t.match(key, /^lk_/)
    t.match(apiKey, { name: 'ci', prefix: key.slice(0, 8), revokedAt: null })
    const called = await withKey(a, key, 'listmembers', { organizationId })
    t.equal(called.status, 200)
    t.equal(called.body.members.length, 2)
    t.match(await must(t, a, 'orgs.listApiKeys', { organizationId }), [{ id: apiKey.id, prefix: key.slice(0, 8) }])
    t.match(await must(t, a, 'orgs.revokeApiKey', { organizationId, apiKeyId: apiKey.id }), { id: apiKey.id, revokedAt: String })
    t.equal((await withKey(a, key, 'listmembers', { organizationId })).status, 401, 'revoked: refused')
  })

  await t.test('ownership handed over, a member removed, leave, delete; refusals thrown with their code', async (t) => {
    const members = await must(t, a, 'orgs.transferOwnership', { organizationId, userId: bob.id })
    t.same(members.map((m: any) => [m.email, m.role]).sort(), [[alice.email, 'admin'], [bob.email, 'owner']].sort())
    const last = await attempt(b, 'orgs.leave', { organizationId })
    t.match(last.thrown, { code: 'ORG.BAD_REQUEST_LAST_OWNER', status: 400 })
    const forbidden = await attempt(a, 'orgs.delete', { organizationId })
    t.match(forbidden.thrown, { code: 'ORG.FORBIDDEN', status: 403, message: /org:delete/ })
    // Alice's socket in the organization's room: taken out by the removal, and not joined again.
    const room = `org:${organizationId}`
    await must(t, a, 'refresh') // the handover made her an admin: her token's org claim is renewed, and the socket's
    await a.evaluate((room) => {
      const g = globalThis as any
      g.leftRooms = []
      g.sock.onLeft((left: unknown) => g.leftRooms.push(left))
      g.sock.join(room)
    }, room)
    await waitUntil(() => app.rooms.size(room) === 1, 'Alice in the org room', 5000)
    await must(t, b, 'orgs.removeMember', { organizationId, userId: alice.id })
    t.same(await until(a, '(globalThis).leftRooms[0]'), { room, reason: 'removed' }, 'onLeft: removed')
    t.equal(app.rooms.size(room), 0, 'out of the room on the service')
    t.equal(await a.evaluate((room) => (globalThis as any).sock.rooms.has(room), room), false, 'not joined again after a reconnection')
    t.same((await must(t, a, 'orgs.list')), [], 'Alice is out')
    const carol = await createTestAccount(app, user, { isEmailConfirmed: true })
    await app.sql`insert into memberships (organization_id, user_id, role_id) values (${organizationId}, ${carol.id}, '00000000-0000-7000-8000-000000000003')`
    await must(t, a, 'logout')
    await must(t, a, 'login', credentials(carol))
    await must(t, a, 'orgs.leave', { organizationId })
    t.same(await app.sql`select user_id from memberships where organization_id = ${organizationId} and user_id = ${carol.id}`, [], 'Carol left')
    await must(t, b, 'orgs.delete', { organizationId })
    const [row] = await app.sql`select deleted_at from organizations where id = ${organizationId}`
    t.ok(row.deleted_at, 'deleted (softly)')
    t.match((await attempt(b, 'orgs.get', { organizationId })).thrown, { code: 'ORG.NOT_FOUND', status: 404 })
    const admins = await a.evaluate(async (origin) => {
      const { createClient } = await import(`${origin}/client/latchkey.js`)
      const lk = createClient({ baseUrl: origin, kind: 'admins' })
      const out = []
      for (const call of [() => lk.orgs.list(), () => lk.switchOrg(null)]) {
        try { await call(); out.push(null) } catch (err: any) { out.push({ code: err.code, status: err.status }) }
      }
      return out
    }, origin)
    t.same(admins, [{ code: 'BAD_REQUEST_INVALID_ARGUMENTS', status: 400 }, { code: 'BAD_REQUEST_INVALID_ARGUMENTS', status: 400 }], 'users only')
  })

  await t.test('switchOrg when the session behind the cookie has ended: thrown, and the tab is signed out', async (t) => {
    t.ok(await b.evaluate(() => (globalThis as any).lk.user), 'signed in before')
    // Ended elsewhere (another device's sign-out of this one): the access token is still good for minutes.
    await app.sql`update user_sessions set revoked_at = now() where user_id = ${bob.id} and revoked_at is null`
    const switched = await attempt(b, 'switchOrg', null)
    t.match(switched.thrown, { name: 'LatchkeyError', status: 401 })
    t.equal(await b.evaluate(() => (globalThis as any).lk.user), null, 'signed out, not left holding a token that cannot be renewed')
    t.equal((await b.evaluate(() => (globalThis as any).authLog)).at(-1), 'SIGNED_OUT')
  })
})

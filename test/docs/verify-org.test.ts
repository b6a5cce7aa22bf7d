/**
 * docs/examples/verify-org.ts, the backend check docs/organizations.md shows: the page's ts block
 * is the file, byte for byte, and the file verifies real tokens of a real app listening on a port
 * (EdDSA; jose fetches the JWKS over HTTP), letting through only the team and the permission asked.
 */
import { generateKeyPairSync } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { ROOT } from '../../paths.js'
import { ACCOUNT_TYPES } from '../../plugins/accounts/registry.js'
import { build } from '../helpers/app.js'
import { ENV, createTestAccount, signIn } from '../helpers/accounts.js'
import { addMembership, newOrg, orgCall } from '../helpers/orgs.js'
import { Forbidden, orgVerifier } from '../../docs/examples/verify-org.js'

const user = ACCOUNT_TYPES.user
const EXAMPLE = join('docs', 'examples', 'verify-org.ts')

t.test('docs/organizations.md shows docs/examples/verify-org.ts as it is', async (t) => {
  const doc = readFileSync(join(ROOT, 'docs', 'organizations.md'), 'utf8')
  const blocks = [...doc.matchAll(/```ts\n([\s\S]*?)```/g)].map(([, code]) => code).filter((code) => code.includes('createRemoteJWKSet'))
  t.equal(blocks.length, 1, 'one ts block holds the verifier')
  t.equal(blocks[0], readFileSync(join(ROOT, EXAMPLE), 'utf8'), `the block is ${EXAMPLE}`)
})

/** A new user put into `orgId` with `roleId`, signed in and switched to it: the access token. */
async function actingFor (app: FastifyInstance, orgId: string | null, roleId?: string): Promise<{ id: string, token: string }> {
  const account = await createTestAccount(app, user, { isEmailConfirmed: true })
  if (orgId && roleId) await addMembership(app, orgId, account.id, roleId)
  const signed = await signIn(app, user, account)
  if (!orgId) return { id: account.id, token: signed.token }
  return { id: account.id, token: await switchTo(app, signed, orgId) }
}

async function switchTo (app: FastifyInstance, signed: { token: string, refreshToken: string }, orgId: string): Promise<string> {
  const res = await app.inject({
    method: 'POST', url: '/v1/users/switchorg', payload: { organizationId: orgId, refreshToken: signed.refreshToken },
    headers: { authorization: `jwt-user ${signed.token}` }
  })
  if (res.statusCode !== 200) throw new Error(`switchorg answered ${res.statusCode}: ${res.body}`)
  return res.json().token
}

async function role (app: FastifyInstance, ownerToken: string, orgId: string, name: string, permissions: string[]): Promise<string> {
  const res = await orgCall(app, 'createrole', ownerToken, { organizationId: orgId, name, permissions })
  if (res.statusCode !== 201) throw new Error(`createrole answered ${res.statusCode}: ${res.body}`)
  return res.json().role.id
}

/** How verifyOrg refused: Forbidden's message, or jose's error code; undefined when it let the token through. */
async function refusal (promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise
  } catch (err) {
    return err instanceof Forbidden ? `Forbidden: ${err.message}` : (err as { code?: string }).code ?? String(err)
  }
  return undefined
}

/** The token with one byte of its signature changed. */
function tampered (token: string): string {
  const [header, payload, signature] = token.split('.')
  const bytes = Buffer.from(signature, 'base64url')
  bytes[10] ^= 0x01
  return `${header}.${payload}.${bytes.toString('base64url')}`
}

t.test('the example lets through the team and the permission asked, and nothing else', async (t) => {
  const privateKey = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }) as string
  const app = await build(t, { env: { ...ENV, ACCESS_TOKEN_ALGORITHM: 'EdDSA', ACCESS_TOKEN_PRIVATE_KEY: privateKey } })
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  const verifyOrg = orgVerifier(`${base}/.well-known/jwks.json`, app.config.jwtIssuer)

  const ownerAccount = await createTestAccount(app, user, { isEmailConfirmed: true })
  const ownerIn = await signIn(app, user, ownerAccount)
  const org = await newOrg(app, { account: ownerAccount, token: ownerIn.token })
  const other = await newOrg(app, { account: ownerAccount, token: ownerIn.token })
  const editor = await actingFor(app, org.id, await role(app, ownerIn.token, org.id, 'editor', ['members:read', 'app:project:read', 'app:project:write']))
  const viewer = await actingFor(app, org.id, await role(app, ownerIn.token, org.id, 'viewer', ['members:read', 'app:project:read']))
  const owner = await switchTo(app, ownerIn, org.id)
  const WRITE = 'app:project:write'

  const edited = await verifyOrg(editor.token, org.id, WRITE)
  t.equal(edited.userId, editor.id, 'an editor may write: its user id')
  t.match(edited.org, { id: org.id, slug: org.slug, role: 'editor', permissions: ['members:read', 'app:project:read', WRITE], membershipVersion: 1 })

  t.equal(await refusal(verifyOrg(viewer.token, org.id, WRITE)), `Forbidden: the role viewer lacks ${WRITE}`, 'a viewer may not write')
  t.equal((await verifyOrg(viewer.token, org.id, 'app:project:read')).userId, viewer.id, 'but may read: the token itself is good')

  const owned = await verifyOrg(owner, org.id, WRITE)
  t.equal(owned.userId, ownerAccount.id, 'the owner may write')
  t.match(owned.org, { role: 'owner' })
  t.ok(owned.org.permissions.includes('app:*') && !owned.org.permissions.includes(WRITE), 'through app:*, not the permission itself')
  t.equal(await refusal(verifyOrg(owner, org.id, 'billing:manage')), 'Forbidden: the role owner lacks billing:manage',
    'app:* grants app: permissions only')

  const elsewhere = await switchTo(app, await signIn(app, user, ownerAccount), other.id)
  t.equal((await verifyOrg(elsewhere, other.id, WRITE)).org.id, other.id, 'a token acting for the other team passes there')
  t.equal(await refusal(verifyOrg(elsewhere, org.id, WRITE)), 'Forbidden: the token does not act for this team', 'but not for this one')

  t.equal(await refusal(verifyOrg(tampered(editor.token), org.id, WRITE)), 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED', 'a changed signature byte')

  const teamless = await actingFor(app, null)
  t.equal(await refusal(verifyOrg(teamless.token, org.id, WRITE)), 'Forbidden: the token does not act for this team', 'no org claim')
})

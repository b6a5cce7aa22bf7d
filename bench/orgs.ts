/**
 * The organization scenarios of `npm run bench -- --only=orgs`, each alternating with today's
 * authenticated request in every round: `get` with a user's org token (the permission check
 * included, the membership read with the owner) and with an API key (the organization read with
 * the key): one statement each, as the authenticated request; then a route that reads more
 * (`listmembers`: the members, a second statement) with either.
 */
import { load, paired, post, type LoadOptions, type Service, type Settings } from './lib.js'

const CONNECTIONS = 50

/** The body of a request that must succeed. */
async function ok (request: ReturnType<typeof post>) {
  const { status, json } = await request
  if (status >= 300) throw new Error(`answered ${status}: ${JSON.stringify(json)}`)
  return json
}

/** One user signs in, creates an organization, switches into it and creates a key that may read its members. */
async function setUp (service: Service, email: string, password: string) {
  const login = await ok(post(service, '/v1/users/login', { email, password }))
  const { organization } = await ok(post(service, '/v1/orgs/create', { slug: 'bench-org', name: 'Bench' }, `jwt-user ${login.token}`))
  const switched = await ok(post(service, '/v1/users/switchorg', { organizationId: organization.id, refreshToken: login.refreshToken }, `jwt-user ${login.token}`))
  const { key } = await ok(post(service, '/v1/orgs/createapikey',
    { organizationId: organization.id, name: 'bench', permissions: ['members:read'] }, `jwt-user ${switched.token}`))
  return { organizationId: organization.id as string, orgToken: switched.token as string, key: key as string }
}

export async function orgScenarios (settings: Settings, service: Service, authenticated: LoadOptions, user: { email: string, password: string }) {
  const { organizationId, orgToken, key } = await setUp(service, user.email, user.password)
  const route = (action: string, authorization: string): LoadOptions => ({
    url: `${service.url}/v1/orgs/${action}`, method: 'POST', connections: CONNECTIONS,
    headers: { authorization }, body: JSON.stringify({ organizationId })
  })
  const reference = async (seconds: number) => (await load(authenticated, seconds)).rps
  const result = await paired(settings, route('get', `jwt-user ${orgToken}`), reference, {
    apiKey: route('get', `api-key ${key}`), members: route('listmembers', `jwt-user ${orgToken}`), keyMembers: route('listmembers', `api-key ${key}`)
  })
  const refused = [result.service, ...Object.values(result.references)].reduce((n, r) => n + r.non2xx, 0)
  if (refused > 0) throw new Error(`the org scenarios were answered ${refused} non-2xx responses`)
  const { apiKey, members, keyMembers } = result.references
  return { org: result.service, apiKey, members, keyMembers, authenticated: result.ceiling }
}

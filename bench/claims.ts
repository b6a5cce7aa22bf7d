/**
 * What a profile adds to what login and refresh send (`npx tsx bench/claims.ts`, with
 * DATABASE_URL or TEST_DATABASE_URL of a server it may create a scratch database on): the access
 * token's length and the login answer's size, for an account without a profile, with a name, and
 * with 4 KiB of appMetadata whose keys ACCESS_TOKEN_CLAIMS names (and 4 KiB of userMetadata).
 */
import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { buildApp } from '../app.js'
import { loadConfig } from '../plugins/core/config.js'
import { migrate } from '../db/migrate.js'

const base = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const name = `latchkey_claims_${randomBytes(4).toString('hex')}`
const admin = postgres(base, { max: 1, onnotice: () => {} })
await admin.unsafe(`create database "${name}"`)
const url = Object.assign(new URL(base), { pathname: `/${name}` }).toString()
const KEYS = Array.from({ length: 8 }, (_, i) => `k${i}`)

try {
  await migrate(url)
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url, WORKER_ENABLED: 'false', ACCESS_TOKEN_CLAIMS: KEYS.join(','), RATE_LIMIT_MAX: '100000', LOGIN_RATE_LIMIT_MAX: '100000' })
  })
  await app.ready()
  const password = 'a long enough password'
  const login = async (email: string) => {
    const res = await app.inject({ method: 'POST', url: '/v1/users/login', payload: { email, password } })
    if (res.statusCode !== 201) throw new Error(`login answered ${res.statusCode}`)
    return { token: res.json().token as string, body: res.body.length }
  }
  // Eight keys of about 500 bytes each: 4 KiB of appMetadata in all, every key named in ACCESS_TOKEN_CLAIMS.
  const appMetadata = Object.fromEntries(KEYS.map((key) => [key, 'a'.repeat(496)]))
  const userMetadata = { notes: 'u'.repeat(4080) }
  const cases: Array<[string, string]> = [
    ['no profile', ''],
    ['a name (20 characters)', "name = 'Ada King of Lovelace'"],
    ['a name and 4 KiB of appMetadata (8 keys named)', `name = 'Ada King of Lovelace', app_metadata = '${JSON.stringify(appMetadata)}'`],
    ['the same and 4 KiB of userMetadata', `name = 'Ada King of Lovelace', app_metadata = '${JSON.stringify(appMetadata)}', user_metadata = '${JSON.stringify(userMetadata)}'`]
  ]
  // Sizes only: no token, claim value or address is ever printed.
  const table = ['| Account | JWT length (characters) | `app` keys carried | Login answer (bytes) |', '|---|---:|---:|---:|']
  for (const [label, set] of cases) {
    const email = `claims-${randomBytes(4).toString('hex')}@example.com`
    if ((await app.inject({ method: 'POST', url: '/v1/users/register', payload: { email, password } })).statusCode !== 201) throw new Error('register failed')
    if (set) await app.sql.unsafe(`update users set ${set} where email = $1`, [email])
    const { token, body } = await login(email)
    const carried = Object.keys((JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { app?: object }).app ?? {}).length
    table.push(`| ${label} | ${token.length} | ${carried} | ${body} |`)
  }
  process.stdout.write(`${table.join('\n')}\n`)
  await app.close()
} finally {
  await admin.unsafe(`drop database if exists "${name}" with (force)`)
  await admin.end()
}

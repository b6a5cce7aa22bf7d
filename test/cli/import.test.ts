import t from 'tap'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import postgres from 'postgres'
import { Algorithm, hash } from '@node-rs/argon2'
import { buildApp } from '../../app.js'
import { hashPassword } from '../../plugins/accounts/passwords.js'
import { ACCOUNT_TYPES } from '../../plugins/accounts/registry.js'
import { testConfig } from '../helpers/app.js'
import { ENV, PASSWORD, assertError, login } from '../helpers/accounts.js'
import { cli, scratch } from '../helpers/cli.js'

const OLD = 'old bcrypt password'
// `old bcrypt password` hashed by bcrypt (cost 4), as Express, Laravel (2y) or Rails (2a) apps store it.
const BCRYPT = (version: '2a' | '2b' | '2y') => `$${version}$04$vtXlE2JRcrn4Jog1sNRQ/.t8D7rmh544NZ5Qq5u7LbhC8.RZqSAoC`
// The same password at cost 10, a common production setting (about 5 times argon2id's time here).
const BCRYPT_10 = '$2y$10$Z8thSMqELs1tSnfrCmk6FO9X/oW7MimDyVIjQDTFRRNn0wWfe52uq'
const ID = '0190a5b0-1c2d-4e5f-8a9b-0c1d2e3f4a5b'
/** A PHC string of the given parameters; its salt and hash need not verify, only their form counts at import. */
const PHC = (variant: string, m: number, t: number, p: number) => `$${variant}$v=19$m=${m},t=${t},p=${p}$c2FsdHNhbHRzYWx0c2FsdA$${'A'.repeat(43)}`
const BCRYPT_COST = (cost: string) => `$2b$${cost}$${'a'.repeat(53)}`

function median (values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

t.test('latchkey import users', async (t) => {
  const db = await scratch(t)
  const sql = postgres(db.url, { max: 1, onnotice: () => {} })
  t.teardown(() => sql.end({ timeout: 5 }))
  const env = { DATABASE_URL: db.url, DATA_DIR: db.dataDir }
  const argon = await hashPassword(PASSWORD)
  // Other systems' argon2 hashes of the old password, within the bounds however weak: replaced at the first sign-in.
  const others = {
    'argon2d@example.com': await hash(OLD, { algorithm: Algorithm.Argon2d, memoryCost: 8, timeCost: 1, parallelism: 1 }),
    'argon2i@example.com': await hash(OLD, { algorithm: Algorithm.Argon2i, memoryCost: 4096, timeCost: 3, parallelism: 1 }),
    'older-argon2id@example.com': await hash(OLD, { algorithm: Algorithm.Argon2id, memoryCost: 15360, timeCost: 2, parallelism: 1 })
  }
  await sql`insert into users (id, email, password) values (${'0190a5b0-0000-7000-8000-000000000001'}, 'taken@example.com', ${argon})`

  const lines = [
    JSON.stringify({ email: 'Ana@Example.com', passwordHash: BCRYPT('2b'), isEmailConfirmed: true, createdAt: '2019-03-04T05:06:07.000Z', id: ID }),
    JSON.stringify({ email: 'laravel@example.com', passwordHash: BCRYPT('2y') }),
    JSON.stringify({ email: 'rails@example.com', passwordHash: BCRYPT('2a') }) + '\r', // a CRLF file
    '',
    JSON.stringify({ email: 'native@example.com', passwordHash: argon }),
    '{"email": "broken@example.com", ', // 6: not JSON
    JSON.stringify({ email: 'not an address', passwordHash: argon }), // 7
    JSON.stringify({ email: 'md5@example.com', passwordHash: '5f4dcc3b5aa765d61d8327deb882cf99' }), // 8: not a hash we take
    JSON.stringify({ passwordHash: argon }), // 9: no email
    JSON.stringify({ email: 'extra@example.com', passwordHash: argon, role: 'admin' }), // 10: unknown key
    JSON.stringify({ email: 'ANA@example.com', passwordHash: argon }), // 11: the email of line 1: skipped
    JSON.stringify({ email: 'taken@example.com', passwordHash: argon }), // 12: taken in the database: skipped
    JSON.stringify({ email: 'huge@example.com', passwordHash: argon, pad: 'x'.repeat(10 * 1024 * 1024) }), // 13: a 10 MB line
    JSON.stringify({ email: 'sameid@example.com', passwordHash: argon, id: ID }), // 14: the id of line 1
    JSON.stringify({ email: 'late@example.com', passwordHash: BCRYPT_10, isEmailConfirmed: false }), // 15, no newline at the end
    '[1, 2]', // 16
    ...Object.entries(others).map(([email, passwordHash]) => JSON.stringify({ email, passwordHash })), // 17-19
    JSON.stringify({ email: 'cost14@example.com', passwordHash: BCRYPT_COST('14') }), // 20: the bounds are taken
    JSON.stringify({ email: 'bounds@example.com', passwordHash: PHC('argon2id', 262144, 10, 8) }), // 21
    JSON.stringify({ email: 'cost31@example.com', passwordHash: BCRYPT_COST('31') }), // 22: a sign-in would take days
    JSON.stringify({ email: 'cost15@example.com', passwordHash: BCRYPT_COST('15') }), // 23
    JSON.stringify({ email: 'cost03@example.com', passwordHash: BCRYPT_COST('03') }), // 24
    JSON.stringify({ email: 'huge-m@example.com', passwordHash: PHC('argon2id', 4194304, 1, 1) }), // 25: 4 GiB a sign-in
    JSON.stringify({ email: 'many-t@example.com', passwordHash: PHC('argon2i', 19456, 11, 1) }), // 26
    JSON.stringify({ email: 'many-p@example.com', passwordHash: PHC('argon2d', 19456, 2, 9) }), // 27
    JSON.stringify({ email: 'zero-t@example.com', passwordHash: PHC('argon2id', 19456, 0, 1) }) // 28: no argon2 takes it
  ]
  const file = join(db.dataDir, 'users.jsonl')
  writeFileSync(file, lines.join('\n'))

  const res = await cli(['import', 'users', file], env)
  t.equal(res.code, 0, res.stderr)
  t.match(res.stdout, /^imported 10, skipped 2 \(email taken\), invalid 15 \(\d+\.\d s\)\n$/)
  t.same(res.stderr.trim().split('\n'), [
    'line 6: not a JSON object',
    'line 7: email must match format "email"',
    'line 8: passwordHash is neither an argon2 PHC string nor a bcrypt hash ($2a$, $2b$, $2y$)',
    'line 9: email is missing',
    'line 10: unknown key role',
    'line 13: longer than 65536 bytes',
    'line 14: id is the id of an earlier line',
    'line 16: not a JSON object',
    'line 22: passwordHash is bcrypt with cost 31: only costs 4 to 14 are taken',
    'line 23: passwordHash is bcrypt with cost 15: only costs 4 to 14 are taken',
    'line 24: passwordHash is bcrypt with cost 3: only costs 4 to 14 are taken',
    'line 25: passwordHash is argon2 with memory 4194304 KiB: at most 262144 KiB (256 MiB) is taken',
    'line 26: passwordHash is argon2 with 11 iterations: at most 10 are taken',
    'line 27: passwordHash is argon2 with parallelism 9: at most 8 is taken',
    'line 28: passwordHash is argon2 with parameters no argon2 takes (t >= 1, p >= 1, m >= 8p)'
  ])
  for (const hash of [BCRYPT('2b'), argon]) t.notMatch(res.stdout + res.stderr, hash, 'no hash is printed')

  const rows = await sql`select id, email, password, is_email_confirmed, created_at, is_active, login_count from users order by email`
  t.same(rows.map((r) => r.email), ['ana@example.com', 'argon2d@example.com', 'argon2i@example.com', 'bounds@example.com', 'cost14@example.com',
    'laravel@example.com', 'late@example.com', 'native@example.com', 'older-argon2id@example.com', 'rails@example.com', 'taken@example.com'])
  const ana = rows.find((r) => r.email === 'ana@example.com')!
  t.match(ana, { id: ID, password: BCRYPT('2b'), is_email_confirmed: true, is_active: true, login_count: 0 })
  t.equal(ana.created_at.toISOString(), '2019-03-04T05:06:07.000Z', 'createdAt is kept')
  t.equal(rows.find((r) => r.email === 'taken@example.com')!.password, argon, 'the existing account is untouched')

  t.test('running it again imports nothing more', async (t) => {
    const again = await cli(['import', 'users', file], env)
    t.match(again.stdout, /^imported 0, skipped 12 \(email taken\), invalid 15/)
  })

  t.test('mistakes in the command line exit 2; a file that cannot be read exits 1', async (t) => {
    t.equal((await cli(['import', 'users'], env)).code, 2)
    t.equal((await cli(['import', 'posts', file], env)).code, 2)
    const missing = await cli(['import', 'users', join(db.dataDir, 'nope.jsonl')], env)
    t.equal(missing.code, 1)
    t.match(missing.stderr, /^cannot read .*nope\.jsonl: ENOENT/)
  })

  t.test('an imported bcrypt or argon2 account signs in with its old password, and that sign-in rehashes it to the current argon2id', async (t) => {
    const app = await buildApp({ config: testConfig(ENV, db.url) })
    t.teardown(() => app.close())
    await app.ready()
    const user = ACCOUNT_TYPES.user
    for (const email of ['ana@example.com', 'laravel@example.com', 'rails@example.com', ...Object.keys(others)]) {
      const [imported] = await sql`select password from users where email = ${email}`
      assertError(t, await login(app, user, { email, password: 'not the old one' }), 400, 'USER.BAD_REQUEST_INVALID_LOGIN_CREDENTIALS')
      const [before] = await sql`select password from users where email = ${email}`
      t.equal(before.password, imported.password, 'a wrong password changes nothing')
      const res = await login(app, user, { email, password: OLD })
      t.equal(res.statusCode, 201, `${email} signs in with the old password`)
      const [after] = await sql`select password, login_count from users where email = ${email}`
      t.match(after.password, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/, `${email}: the hash is the current argon2id now`)
      t.equal(after.login_count, 1, 'in the statement that opened the session')
      t.equal((await login(app, user, { email, password: OLD })).statusCode, 201, 'and the password still works')
      const [again] = await sql`select password from users where email = ${email}`
      t.equal(again.password, after.password, 'and is not hashed again')
    }
    t.equal((await login(app, user, { email: 'native@example.com', password: PASSWORD })).statusCode, 201, 'an argon2id hash of the current parameters is taken as it is')
    const [native] = await sql`select password from users where email = 'native@example.com'`
    t.equal(native.password, argon, 'and kept')
  })
})

t.test('a wrong password on an imported bcrypt account takes as long as on any other account or an unknown email', async (t) => {
  const db = await scratch(t)
  // Counting is the lockout's business (lockout.test.ts): here every attempt is verified.
  const app = await buildApp({ config: testConfig({ ...ENV, LOGIN_LOCKOUT_THRESHOLD: '0' }, db.url) })
  t.teardown(() => app.close())
  await app.ready()
  const user = ACCOUNT_TYPES.user
  await app.sql`insert into users (id, email, password) values
    ('0190a5b0-0000-7000-8000-00000000000a', 'bcrypt@example.com', ${BCRYPT_10}),
    ('0190a5b0-0000-7000-8000-00000000000b', 'argon@example.com', ${await hashPassword(OLD)})`
  const addresses: Record<string, string> = { bcrypt: 'bcrypt@example.com', argon: 'argon@example.com', unknown: 'nobody@example.com' }
  const times: Record<string, number[]> = { bcrypt: [], argon: [], unknown: [] }
  for (let round = -5; round < 30; round++) {
    for (const [name, email] of Object.entries(addresses)) {
      const start = process.hrtime.bigint()
      const res = await login(app, user, { email, password: 'a wrong password' })
      const ms = Number(process.hrtime.bigint() - start) / 1e6
      t.equal(res.statusCode, 400)
      if (round >= 0) times[name].push(ms) // warming up: statements prepared, code compiled, each hash kind seen
    }
  }
  const medians = Object.fromEntries(Object.entries(times).map(([name, values]) => [name, median(values)]))
  const ratio = Math.max(...Object.values(medians)) / Math.min(...Object.values(medians))
  t.ok(ratio <= 1.5, `medians ${JSON.stringify(medians)} ms, ratio ${ratio.toFixed(2)}`)
  t.equal((await login(app, user, { email: 'bcrypt@example.com', password: OLD })).statusCode, 201, 'the right password is not held')
})


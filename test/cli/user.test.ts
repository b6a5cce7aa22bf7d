import t from 'tap'
import postgres from 'postgres'
import { cli, scratch } from '../helpers/cli.js'
import { uuidv7 } from '../../random.js'

t.test('latchkey user', async (t) => {
  const db = await scratch(t)
  const { dataDir } = db
  const sql = postgres(db.url, { max: 1, onnotice: () => {} })
  t.teardown(() => sql.end({ timeout: 5 }))
  const env = { DATABASE_URL: db.url, DATA_DIR: dataDir }

  t.test('user create makes an active user with a lower-cased email and an argon2id hash', async (t) => {
    const res = await cli(['user', 'create', '--email', 'Ada@Example.COM', '--password', 'correct horse'], env)
    t.equal(res.code, 0, res.stderr)
    t.match(res.stdout, /^user [0-9a-f-]{36} created for ada@example\.com/)
    t.notMatch(res.stdout + res.stderr, 'correct horse', 'the password is never printed')
    const [row] = await sql`select email, password, is_active from users where email = 'ada@example.com'`
    t.ok(row, 'the row exists')
    t.match(row.password, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/, 'a PHC argon2id string with the OWASP parameters')
    t.equal(row.is_active, true)
    const [admin] = await sql`select count(*)::int as n from admins`
    t.equal(admin.n, 0, 'no admin was created')
  })

  t.test('--admin creates an admin with a confirmed email', async (t) => {
    const res = await cli(['user', 'create', '--email', 'root@example.com', '--password', 'admin-pass', '--admin'], env)
    t.equal(res.code, 0, res.stderr)
    t.match(res.stdout, /^admin [0-9a-f-]{36} created for root@example\.com/)
    const [row] = await sql`select email, is_email_confirmed from admins`
    t.equal(row.email, 'root@example.com')
    t.equal(row.is_email_confirmed, true, 'whoever runs the CLI vouches for the address')
    const [user] = await sql`select is_email_confirmed from users where email = 'ada@example.com'`
    t.equal(user.is_email_confirmed, false, 'a user created by the CLI still confirms by mail')
  })

  t.test('without --password, the password is read from standard input', async (t) => {
    const res = await cli(['user', 'create', '--email', 'stdin@example.com'], env, 'from standard input\n')
    t.equal(res.code, 0, res.stderr)
    t.match(res.stdout, /^user [0-9a-f-]{36} created for stdin@example\.com/)
    t.notMatch(res.stdout + res.stderr, 'from standard input', 'the password is never printed')
    const [row] = await sql`select password from users where email = 'stdin@example.com'`
    const { verify } = await import('@node-rs/argon2')
    t.ok(await verify(row.password, 'from standard input'), 'the first line, without its newline, is the password')
  })

  t.test('the API\'s rules apply: a bad email or a password outside 8..1024 exits 2 and creates nothing', async (t) => {
    for (const [email, password, names] of [['bad', 'long enough password', 'email'], ['short@example.com', 'x', 'password'],
      ['long@example.com', 'p'.repeat(1025), 'password'], ['bad', '', 'email, password']]) {
      const res = await cli(['user', 'create', '--email', email, '--password', password], env)
      t.equal(res.code, 2, `${email} / ${password.length} characters`)
      t.equal(res.stderr.trim(), `invalid ${names}: the email must be a valid address and the password 8 to 1024 characters`)
    }
    const empty = await cli(['user', 'create', '--email', 'empty@example.com'], env, '')
    t.equal(empty.code, 2, 'an empty standard input is no password')
    t.equal(empty.stderr, 'user create: no password read from standard input (give --password, or one line on standard input)\n',
      'and is said to be none, not an invalid one')
    const blank = await cli(['user', 'create', '--email', 'empty@example.com'], env, '\n')
    t.equal(blank.code, 2)
    t.match(blank.stderr, /^user create: no password read from standard input/, 'an empty first line neither')
    const [{ n }] = await sql`select count(*)::int as n from users where email in ('bad', 'short@example.com', 'long@example.com', 'empty@example.com')`
    t.equal(n, 0, 'nothing was created')
  })

  t.test('the API\'s password policy applies, for admins too: `password` is refused as a common password', async (t) => {
    for (const admin of [[], ['--admin']]) {
      const res = await cli(['user', 'create', '--email', 'weak@example.com', '--password', 'password', ...admin], env)
      t.equal(res.code, 2, `refused ${admin.join('') || '(user)'}`)
      t.equal(res.stderr, 'invalid password: the password is one of the most common passwords\n')
    }
    const stdin = await cli(['user', 'create', '--email', 'weak@example.com'], env, 'password\n')
    t.equal(stdin.code, 2, 'from standard input as well')
    t.equal(stdin.stderr, 'invalid password: the password is one of the most common passwords\n')
    const short = await cli(['user', 'create', '--email', 'weak@example.com', '--password', 'tangerine-41'],
      { ...env, PASSWORD_MIN_LENGTH: '13' })
    t.equal(short.code, 2, 'PASSWORD_MIN_LENGTH is read')
    t.equal(short.stderr, 'invalid password: the password must be at least 13 characters long\n')
    const [{ n }] = await sql`select (select count(*) from users where email = 'weak@example.com')::int
      + (select count(*) from admins where email = 'weak@example.com')::int as n`
    t.equal(n, 0, 'nothing was created')
  })

  t.test('a taken email exits 1 with one line', async (t) => {
    const res = await cli(['user', 'create', '--email', 'ada@example.com', '--password', 'another password'], env)
    t.equal(res.code, 1)
    t.equal(res.stderr, 'a user with the email ada@example.com already exists\n')
    const admin = await cli(['user', 'create', '--email', 'root@example.com', '--password', 'another password', '--admin'], env)
    t.equal(admin.code, 1)
    t.equal(admin.stderr, 'an admin with the email root@example.com already exists\n')
  })

  t.test('user list prints one tab-separated line per account, newest first; user deactivate|activate|delete|restore', async (t) => {
    await cli(['user', 'create', '--email', 'bea@example.com', '--password', 'long enough password'], env)
    const listed = await cli(['user', 'list'], env)
    t.equal(listed.code, 0, listed.stderr)
    const lines = listed.stdout.trim().split('\n').map((l) => l.split('\t'))
    t.same(lines.map((l) => [l[1], l[2], l[3]]).filter((l) => ['bea@example.com', 'ada@example.com'].includes(l[0])),
      [['bea@example.com', 'active', 'unconfirmed'], ['ada@example.com', 'active', 'unconfirmed']], 'newest first')
    t.same(lines[0][1], 'bea@example.com')
    for (const l of lines) t.match(l[0], /^[0-9a-f-]{36}$/)
    const [bea] = lines

    const [{ id: sessionId }] = await sql`insert into user_sessions (id, user_id, refresh_token_hash, expires_at)
      values (gen_random_uuid(), ${bea[0]}, ${'a'.repeat(64)}, now() + interval '1 day') returning id`
    const deactivated = await cli(['user', 'deactivate', '--email', 'BEA@example.com'], env)
    t.equal(deactivated.code, 0, deactivated.stderr)
    t.equal(deactivated.stdout, `user ${bea[0]} deactivated (bea@example.com)\n`)
    const [row] = await sql`select is_active, token_version from users where id = ${bea[0]}`
    t.same(row, { is_active: false, token_version: 1 }, 'deactivated and signed out everywhere')
    t.ok((await sql`select revoked_at from user_sessions where id = ${sessionId}`)[0].revoked_at, 'its session is revoked')
    const [event] = await sql`select event, actor_type, actor_id from audit_events where account_id = ${bea[0]}`
    t.same(event, { event: 'admin.user_deactivated', actor_type: 'cli', actor_id: null }, 'recorded as done by the CLI')
    t.equal((await cli(['user', 'list'], env)).stdout.split('\n')[0].split('\t')[2], 'inactive')

    t.equal((await cli(['user', 'activate', '--email', 'bea@example.com'], env)).stdout, `user ${bea[0]} activated (bea@example.com)\n`)
    t.equal((await cli(['user', 'delete', '--email', 'bea@example.com'], env)).stdout, `user ${bea[0]} deleted (bea@example.com)\n`)
    t.equal((await cli(['user', 'list'], env)).stdout.split('\n')[0].split('\t')[2], 'deleted')
    t.equal((await cli(['user', 'restore', '--email', 'bea@example.com'], env)).stdout, `user ${bea[0]} restored (bea@example.com)\n`)

    const admins = await cli(['user', 'list', '--admin'], env)
    t.match(admins.stdout, /\troot@example.com\tactive\tconfirmed\t/, '--admin lists admins')
    const missing = await cli(['user', 'deactivate', '--email', 'nobody@example.com'], env)
    t.equal(missing.code, 1)
    t.equal(missing.stderr.trim(), 'no user with the email nobody@example.com')
    t.equal((await cli(['user', 'deactivate', '--email', 'ada@example.com', '--admin'], env)).code, 1, 'ada is no admin')
  })

  t.test('user list is newest first by creation time, whatever the ids (imported accounts may keep their own)', async (t) => {
    // An account imported with its old creation time and a fresh id, and a newer one with the smallest id.
    await sql`insert into users (id, email, created_at) values
      (${uuidv7()}, 'imported-old@example.com', '2001-02-03T04:05:06Z'),
      ('00000000-0000-7000-8000-000000000000', 'imported-new@example.com', now())`
    const listed = await cli(['user', 'list'], env)
    t.equal(listed.code, 0, listed.stderr)
    const lines = listed.stdout.trim().split('\n').map((l) => l.split('\t'))
    t.equal(lines[0][1], 'imported-new@example.com', 'the newest account first, though its id is the smallest')
    t.equal(lines[lines.length - 1][1], 'imported-old@example.com', 'the oldest last, though its id is the newest')
    const times = lines.map((l) => Date.parse(l[4]))
    t.ok(times.every((time, i) => i === 0 || times[i - 1] >= time), 'every line is as new as the next or newer')
  })

  t.test('user export prints the person\'s document; user erase erases it, its events kept under the tombstone it prints', async (t) => {
    const created = await cli(['user', 'create', '--email', 'gone@example.com', '--password', 'correct horse'], env)
    const id = /^user ([0-9a-f-]{36})/.exec(created.stdout)![1]
    const exported = await cli(['user', 'export', '--email', 'gone@example.com'], env)
    t.equal(exported.code, 0, exported.stderr)
    const document = JSON.parse(exported.stdout)
    t.match(document, { format: 'latchkey-export/1', accountType: 'user', account: { id, email: 'gone@example.com' }, sessions: [], organizations: [] })
    t.notMatch(exported.stdout, /argon2|password/, 'no hash')
    const [event] = await sql`select actor_type from audit_events where event = 'account.exported' and account_id = ${id}`
    t.equal(event.actor_type, 'cli')

    const erased = await cli(['user', 'erase', '--email', 'gone@example.com'], env)
    t.equal(erased.code, 0, erased.stderr)
    const tombstone = new RegExp(`^user ${id} erased: its audit events now name ([0-9a-f-]{36})\n$`).exec(erased.stdout)?.[1]
    t.ok(tombstone, erased.stdout)
    t.same([...await sql`select id from users where email = 'gone@example.com'`], [], 'the account is gone')
    const events = await sql`select event from audit_events where account_id = ${tombstone!} order by id`
    t.same(events.map((e) => e.event), ['account.exported', 'account.erased'], 'its events are kept under the tombstone')
    const again = await cli(['user', 'erase', '--email', 'gone@example.com'], env)
    t.equal(again.code, 1)
    t.equal(again.stderr.trim(), 'no user with the email gone@example.com')
  })
  t.test('user update writes the profile and appMetadata as the API checks them, audited as admin.user_updated by the CLI', async (t) => {
    t.equal((await cli(['user', 'create', '--email', 'meta@example.com', '--password', 'long enough password'], env)).code, 0)
    const res = await cli(['user', 'update', '--email', 'meta@example.com', '--name', ' Mary Meta ', '--locale', 'fr-ca',
      '--app-metadata', '{"plan":"pro","seats":3}'], env)
    t.equal(res.code, 0, res.stderr)
    t.match(res.stdout, /^user [0-9a-f-]{36} updated \(name, locale, appMetadata\)/)
    const [row] = await sql`select id, name, locale, app_metadata from users where email = 'meta@example.com'`
    t.match(row, { name: 'Mary Meta', locale: 'fr-CA', app_metadata: { plan: 'pro', seats: 3 } })
    const [event] = await sql`select actor_type, data from audit_events where account_id = ${row.id} and event = 'admin.user_updated'`
    t.same(event, { actor_type: 'cli', data: { fields: ['name', 'locale', 'appMetadata'] } })

    const bad = await cli(['user', 'update', '--email', 'meta@example.com', '--picture', 'http://x.example/p.png', '--app-metadata', '[1]'], env)
    t.equal(bad.code, 2)
    t.match(bad.stderr, /invalid picture: is not an https URL/)
    t.match(bad.stderr, /invalid appMetadata: is not a JSON object/)
    const notJson = await cli(['user', 'update', '--email', 'meta@example.com', '--user-metadata', '{oops'], env)
    t.equal(notJson.code, 2)
    t.match(notJson.stderr, 'invalid --user-metadata: not JSON')
    const [after] = await sql`select name, picture, app_metadata from users where email = 'meta@example.com'`
    t.match(after, { name: 'Mary Meta', picture: null, app_metadata: { plan: 'pro', seats: 3 } }, 'nothing changed')
    const none = await cli(['user', 'update', '--email', 'nobody@example.com', '--name', 'x'], env)
    t.equal(none.code, 1)
    t.equal(none.stderr.trim(), 'no user with the email nobody@example.com')
    const misplaced = await cli(['user', 'create', '--email', 'x@example.com', '--password', 'long enough password', '--name', 'x'], env)
    t.equal(misplaced.code, 2, 'profile options belong to update')
  })
})

/**
 * Each command validates only the configuration it needs (docs/operations.md#command-line):
 * migrate and user the database, worker the database and mail, serve everything.
 */
import t from 'tap'
import { cli, scratch, startCli } from '../helpers/cli.js'

t.test('in production, each command asks only for what it uses', async (t) => {
  const db = await scratch(t)
  const { dataDir } = db
  // No token secret, no SMTP_URL (PUBLIC_URL: serve's mailed links open its account pages).
  const production = { NODE_ENV: 'production', DATABASE_URL: db.url, DATA_DIR: dataDir, PUBLIC_URL: 'https://auth.example.com' }
  const secrets = { ACCESS_TOKEN_SECRET: 'a'.repeat(32), REFRESH_TOKEN_SECRET: 'b'.repeat(32) }

  t.test('migrate runs with the database alone', async (t) => {
    const res = await cli(['migrate'], production)
    t.equal(res.code, 0, res.stderr)
    t.equal(res.stdout, 'migrations applied\n')
    t.equal(res.stderr, '')
  })

  t.test('user create and user list run with the database alone', async (t) => {
    const created = await cli(['user', 'create', '--email', 'ops@example.com', '--password', 'long enough password', '--admin'], production)
    t.equal(created.code, 0, created.stderr)
    t.match(created.stdout, /^admin [0-9a-f-]{36} created for ops@example\.com\n$/)
    const listed = await cli(['user', 'list', '--admin'], production)
    t.equal(listed.code, 0, listed.stderr)
    t.match(listed.stdout, /\tops@example\.com\tactive\tconfirmed\t/)
  })

  t.test('a variable a command does not use is not refused either, even malformed', async (t) => {
    const res = await cli(['migrate'], { ...production, SMTP_URL: 'http://not-smtp', ACCESS_TOKEN_EXPIRES_IN: '15 minutes', PORT: 'x' })
    t.equal(res.code, 0, res.stderr)
  })

  t.test('but none of them starts without DATABASE_URL in production', async (t) => {
    for (const args of [['migrate'], ['user', 'list'], ['worker'], ['serve']]) {
      const res = await cli(args, { ...production, ...secrets, SMTP_URL: 'smtp://mail.invalid:25', DATABASE_URL: undefined })
      t.equal(res.code, 2, args.join(' '))
      t.equal(res.stderr, 'Invalid configuration: DATABASE_URL must be set in production (the embedded PostgreSQL is for development and test)\n')
    }
  })

  t.test('with nothing set, serve names every missing variable at once, the documented DATABASE_URL line first', async (t) => {
    const res = await cli(['serve'], { NODE_ENV: 'production', DATA_DIR: dataDir })
    t.equal(res.code, 2)
    t.equal(res.stdout, '')
    t.same(res.stderr.split('\n'), [
      'Invalid configuration: DATABASE_URL must be set in production (the embedded PostgreSQL is for development and test)',
      'Invalid configuration: ACCESS_TOKEN_SECRET must be set to at least 32 characters in production',
      'Invalid configuration: REFRESH_TOKEN_SECRET must be set to at least 32 characters in production',
      'Invalid configuration: SMTP_URL must be set in production (mail is written to files only in development and test)',
      'Invalid configuration: PUBLIC_URL must be set in production when PUBLIC_APP_URL is unset (mailed links open the service\'s account pages, PUBLIC_URL/account/...)',
      ''
    ], 'five lines, one restart')
  })

  t.test('worker needs SMTP_URL (it sends the mail) but no token secret', async (t) => {
    const refused = await cli(['worker'], production)
    t.equal(refused.code, 2)
    t.match(refused.stderr, /^Invalid configuration: SMTP_URL must be set in production/)
    const worker = startCli(t, ['worker'], { ...production, SMTP_URL: 'smtp://mail.invalid:25', LOG_LEVEL: 'info', MIGRATE_ON_START: 'false' })
    t.ok(await worker.waitFor('latchkey worker started'), worker.stdout() + worker.stderr())
    worker.child.kill('SIGTERM')
    t.equal(await worker.exited, 0)
  })

  t.test('serve still refuses to start without the token secrets and SMTP_URL', async (t) => {
    const noSecret = await cli(['serve'], { ...production, SMTP_URL: 'smtp://mail.invalid:25' })
    t.equal(noSecret.code, 2)
    t.equal(noSecret.stderr, 'Invalid configuration: ACCESS_TOKEN_SECRET must be set to at least 32 characters in production\n' +
      'Invalid configuration: REFRESH_TOKEN_SECRET must be set to at least 32 characters in production\n', 'both secrets at once')
    const noSmtp = await cli(['serve'], { ...production, ...secrets })
    t.equal(noSmtp.code, 2)
    t.match(noSmtp.stderr, /^Invalid configuration: SMTP_URL must be set in production/)
  })
})

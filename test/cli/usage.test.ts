/**
 * The command line's usage and its mistakes (docs/operations.md#command-line): --help on stdout
 * with exit 0; a mistake is one line on stderr, no stack trace, exit 2, before anything connects.
 */
import t from 'tap'
import { cli } from '../helpers/cli.js'

// Nothing may be reached: every case below must stop at the command line.
const env = { DATABASE_URL: 'postgres://postgres:hunter2@127.0.0.1:1/nowhere' }

t.test('--help, -h and help print the usage on stdout and exit 0, also after a command', async (t) => {
  for (const args of [['--help'], ['-h'], ['help'], ['start', '--help'], ['start-dev', '-h'], ['serve', '--help'], ['worker', '-h'], ['migrate', '--help'], ['user', 'create', '--help']]) {
    const res = await cli(args, env)
    t.equal(res.code, 0, args.join(' '))
    t.match(res.stdout, /^usage: latchkey \[start\] +production: [\s\S]*?\n +latchkey start-dev +development: /)
    t.match(res.stdout, 'exit status: 0 done, 1 failed, 2 a mistake in the command line or the configuration')
    t.equal(res.stderr, '')
  }
})

t.test('mistakes in the command line are one line on stderr and exit 2', async (t) => {
  const cases: Array<[string[], string]> = [
    [['frobnicate'], 'unknown command frobnicate'],
    [['start', '--port', '1'], 'start: unknown option --port'],
    [['start-dev', 'now'], 'start-dev: unexpected argument now'],
    [['serve', '--port', '1'], 'serve: unknown option --port'],
    [['serve', 'now'], 'serve: unexpected argument now'],
    [['worker', '--concurrency=2'], 'worker: unknown option --concurrency'],
    [['migrate', 'down'], 'migrate: unexpected argument down'],
    [['user'], 'user: create, list, update, deactivate, activate, delete, restore, erase or export?'],
    [['user', 'promote', '--email', 'a@b.c'], 'user: unknown action promote'],
    [['user', 'create', '--email'], 'user: --email needs a value'],
    [['user', 'create', '--password', 'long enough password'], 'user create: --email is required'],
    [['user', 'deactivate'], 'user deactivate: --email is required'],
    [['user', 'create', '--email', 'a@b.c', '--admin=yes'], 'user: --admin takes no value'],
    [['user', 'list', 'extra'], 'user: unexpected argument extra'],
    [['user', 'list', '--email', 'a@b.c'], 'user list: takes only --admin'],
    [['user', 'delete', '--email', 'a@b.c', '--password', 'x'], 'user delete: --password applies to create only']
  ]
  for (const [args, message] of cases) {
    const res = await cli(args, env)
    t.equal(res.code, 2, args.join(' '))
    t.equal(res.stderr, `latchkey: ${message} (latchkey --help prints the usage)\n`)
    t.equal(res.stdout, '')
  }
})

/**
 * Where the one executable keeps its data (scripts/sea-data-dir.ts, docs/operations.md#one-executable):
 * never the folder it happens to be started from. test/package.test.ts checks it end to end.
 */
import { join, resolve } from 'node:path'
import t from 'tap'
import { executableDataDir } from '../../scripts/sea-data-dir.js'

const HOME = '/home/ada'

t.test('unset: the XDG data directory, else ~/.local/share, each with latchkey/', async (t) => {
  t.equal(executableDataDir({}, HOME), '/home/ada/.local/share/latchkey')
  t.equal(executableDataDir({ DATA_DIR: '' }, HOME), '/home/ada/.local/share/latchkey', 'empty is unset')
  t.equal(executableDataDir({ XDG_DATA_HOME: '/srv/data' }, HOME), '/srv/data/latchkey')
  t.equal(executableDataDir({ XDG_DATA_HOME: 'data' }, HOME), '/home/ada/.local/share/latchkey', 'a relative XDG_DATA_HOME is ignored, as XDG says')
  t.not(executableDataDir({}, HOME), resolve('.data'), 'not the working directory\'s')
})

t.test('given: that directory, a relative one from the working directory', async (t) => {
  t.equal(executableDataDir({ DATA_DIR: '/var/lib/latchkey', XDG_DATA_HOME: '/srv/data' }, HOME), '/var/lib/latchkey')
  t.equal(executableDataDir({ DATA_DIR: 'state' }, HOME), join(process.cwd(), 'state'))
})

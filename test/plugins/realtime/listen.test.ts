import t from 'tap'
import type { FastifyBaseLogger } from 'fastify'
import { keepListening } from '../../../plugins/realtime/listen.js'
import { sleep, waitUntil } from '../../helpers/sockets.js'

type Fn = (payload: string) => void

/**
 * A stand-in for the postgres.js client: LISTEN and NOTIFY in memory. `drop()` loses every
 * LISTEN without a word (what a failed re-listen does); `down` makes NOTIFY fail.
 */
function fakeSql () {
  const channels = new Map<string, Set<Fn>>()
  const state = { listens: 0, down: false, dropped: false }
  return {
    state,
    listeners: (channel: string) => channels.get(channel)?.size ?? 0,
    drop: () => { state.dropped = true },
    async listen (channel: string, fn: Fn) {
      state.listens++
      state.dropped = false
      if (!channels.has(channel)) channels.set(channel, new Set())
      channels.get(channel)!.add(fn)
      return { unlisten: async () => { channels.get(channel)?.delete(fn) } }
    },
    async notify (channel: string, payload: string) {
      if (state.down) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
      if (!state.dropped) for (const fn of channels.get(channel) ?? []) fn(payload)
    }
  }
}

function logger () {
  const warnings: string[] = []
  const log = { warn: (msg: string) => warnings.push(msg), debug: () => {} } as unknown as FastifyBaseLogger
  return { log, warnings }
}

const PROBE_MS = 20

t.test('a LISTEN that keeps working is left alone', async (t) => {
  const sql = fakeSql()
  const { log, warnings } = logger()
  const got: string[] = []
  const stop = await keepListening(sql as any, log, { a: (p) => got.push(p) }, PROBE_MS)
  t.teardown(stop)
  t.equal(sql.state.listens, 2, 'the channel and the probe')
  await sleep(PROBE_MS * 6)
  t.equal(sql.state.listens, 2, 'nothing listened again')
  t.same(warnings, [])
  await sql.notify('a', 'x')
  t.same(got, ['x'])
})

t.test('a LISTEN lost without the connection closing is listened again, once per channel', async (t) => {
  const sql = fakeSql()
  const { log, warnings } = logger()
  const got: string[] = []
  const stop = await keepListening(sql as any, log, { a: (p) => got.push(p), b: () => {} }, PROBE_MS)
  t.teardown(stop)
  sql.drop()
  await sql.notify('a', 'lost')
  await waitUntil(() => sql.state.listens === 6, 'every channel to be listened again')
  t.same(warnings, ['LISTEN lost: listening again'])
  t.equal(sql.listeners('a'), 1, 'the old listener was unlistened')
  await sql.notify('a', 'back')
  t.same(got, ['back'], 'events flow again')
})

t.test('while NOTIFY fails (the database is down) nothing is concluded', async (t) => {
  const sql = fakeSql()
  const { log, warnings } = logger()
  const stop = await keepListening(sql as any, log, { a: () => {} }, PROBE_MS)
  sql.state.down = true
  await sleep(PROBE_MS * 6)
  t.equal(sql.state.listens, 2)
  t.same(warnings, [])
  await stop()
  t.equal(sql.listeners('a'), 0, 'stop unlistens')
})

/**
 * The SDK's rooms in Chromium: it keeps each room's offset, rejoins with `since` after a
 * reconnection and hears what it missed once and in order, reports `recovered: false` when
 * history is lost, exposes presence and publishes.
 */
import t from 'tap'
import type { Page } from 'playwright-core'
import { buildApp } from '../../../app.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { createTestAccount } from '../../helpers/accounts.js'
import { browser } from '../../helpers/browser.js'
import { restartableApp, sdkTab, until } from '../../helpers/client.js'

const room = 'public:sdk'

/** A signed-in tab with `window.sock` in `room` (with presence); `window.log` collects its events and joins. */
async function tab (t: Parameters<typeof restartableApp>[0], origin: string, account: { email: string, password: string }): Promise<Page> {
  const context = await (await browser(t)).newContext()
  t.teardown(() => context.close())
  const page = await sdkTab(context, origin)
  await page.evaluate((args) => (globalThis as any).lk.login(args), { email: account.email, password: account.password })
  await page.evaluate((room) => {
    const w = globalThis as any
    w.log = []
    w.sock = w.lk.socket()
    w.sock.onEvent((e: any) => w.log.push({ event: e.event, data: e.data, offset: e.offset }))
    w.sock.onJoined((j: any) => w.log.push({ joined: j.room, recovered: j.recovered }))
    w.sock.join(room, { presence: true })
  }, room)
  await until(page, `(globalThis).log.some((l) => l.joined === '${room}')`)
  return page
}

t.test('after a restart the SDK rejoins from its offset: the missed events once, in order, then recovered; lost history: recovered false', async (t) => {
  const server = await restartableApp(t, { PUBLIC_ROOMS_PUBLISH: 'true' })
  await server.start()
  const account = await createTestAccount(server.app, ACCOUNT_TYPES.user)
  const page = await tab(t, server.origin, account)

  t.equal(await page.evaluate((room) => (globalThis as any).sock.publish(room, 'note', { n: 1 }), room), 1, 'publish answers the offset')
  await until(page, '(globalThis).log.some((l) => l.offset === 1)')
  const users = await page.evaluate((room) => (globalThis as any).sock.presence(room), room)
  t.match(users, [{ userId: account.id, connections: 1 }], 'presence lists the user')

  await server.stop()
  await until(page, "(globalThis).sock.status === 'reconnecting'")
  // Published while the service is down, by another process of the installation.
  const worker = await buildApp({ config: server.config, role: 'worker' })
  t.teardown(() => worker.close())
  for (let n = 2; n <= 4; n++) await worker.rooms.publish(room, 'note', { n })
  await server.start()
  await until(page, "(globalThis).sock.status === 'open' && (globalThis).log.filter((l) => l.joined).length === 2", 20_000)
  await server.app.rooms.publish(room, 'note', { n: 5 })
  await until(page, '(globalThis).log.some((l) => l.offset === 5)')
  const log = await page.evaluate(() => (globalThis as any).log)
  const after = log.slice(log.findIndex((l: any) => l.offset === 1) + 1).filter((l: any) => l.joined || l.event === 'note')
  t.same(after, [
    { event: 'note', data: { n: 2 }, offset: 2 },
    { event: 'note', data: { n: 3 }, offset: 3 },
    { event: 'note', data: { n: 4 }, offset: 4 },
    { joined: room, recovered: true },
    { event: 'note', data: { n: 5 }, offset: 5 }
  ], 'the missed events, then joined recovered, then live ones')

  await server.stop()
  await until(page, "(globalThis).sock.status === 'reconnecting'")
  // History lost, as after a crash of PostgreSQL (UNLOGGED tables): the room starts a new epoch.
  await worker.sql`delete from room_history where room = ${room}`
  await worker.sql`delete from room_heads where room = ${room}`
  await worker.rooms.publish(room, 'note', { n: 'new epoch' })
  await server.start()
  await until(page, '(globalThis).log.filter((l) => l.joined).length === 3', 20_000)
  t.same((await page.evaluate(() => (globalThis as any).log)).filter((l: any) => l.joined).at(-1), { joined: room, recovered: false }, 'recovered false is reported')
  t.equal(await page.evaluate((room) => (globalThis as any).sock.position(room), room), null, 'and the position forgotten until the next event')
})

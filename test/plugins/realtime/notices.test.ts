import t from 'tap'
import pino from 'pino'
import { setTimeout as sleep } from 'node:timers/promises'
import { noticeReader } from '../../../plugins/realtime/brokers/notices.js'
import type { RoomEvent } from '../../../plugins/realtime/brokers/broker.js'

const log = pino({ level: 'silent' })
const notice = (room: string, offset: number, more: Record<string, unknown> = {}) =>
  JSON.stringify({ room, event: 'e', offset, epoch: 'x', ...more })

t.test('the notice reader: one room\'s failing delivery stops no other, an unread batch loses its rooms, and it goes on', async (t) => {
  const delivered: Array<[string, number | undefined, unknown]> = []
  const lost: string[] = []
  let failRead = true
  const reader = noticeReader(async (refs) => {
    if (failRead) throw new Error('database down')
    return refs.rooms.map((room, i) => ({ room, offset: refs.offsets[i]!, data: { big: room } }))
  }, (event: RoomEvent) => {
    if (event.room === 'bad') throw new Error('a socket\'s send threw')
    delivered.push([event.room, event.offset, event.data])
  }, log, (room) => lost.push(room))

  reader.push(notice('a', 1, { data: 1 }))
  reader.push(notice('bad', 1, { data: 2 }))
  reader.push(notice('b', 1, { ref: true }))
  reader.push(notice('a', 2, { data: 3 }))
  await sleep(20)
  t.same(delivered, [['a', 1, 1], ['a', 2, 3]], 'the events after the failing one are delivered, in order')
  t.same(lost, ['b'], 'the event whose row could not be read: its room is lost (its sockets recover from history)')

  failRead = false
  reader.push(notice('b', 2, { ref: true }))
  reader.push(notice('c', 1, { data: 4 }))
  await sleep(20)
  t.same(delivered.slice(2), [['b', 2, { big: 'b' }], ['c', 1, 4]], 'the reader still drains afterwards')
})

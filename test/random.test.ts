import t from 'tap'
import { randomHex, uuidv7 } from '../random.js'

t.test('pooled random hex: the right length, never repeated across pool refills, never a zeroed range', async (t) => {
  const seen = new Set<string>()
  // 4 KiB per refill: 1,000 tokens of 32 bytes take eight refills.
  for (let i = 0; i < 1000; i++) seen.add(randomHex(32))
  t.equal(seen.size, 1000, 'no token twice')
  t.ok([...seen].every((hex) => /^[0-9a-f]{64}$/.test(hex)), '64 hex characters each')
  t.notOk(seen.has('0'.repeat(64)), 'no zeroed range handed out')
  // Bytes look uniform: each hex digit about 1/16 of 64,000 digits.
  const counts = new Map<string, number>()
  for (const hex of seen) for (const c of hex) counts.set(c, (counts.get(c) ?? 0) + 1)
  t.equal(counts.size, 16)
  t.ok([...counts.values()].every((n) => n > 3500 && n < 4500), `digit counts ${[...counts.values()].join(',')}`)
  t.equal(randomHex(5000).length, 10_000, 'a request larger than the pool is served whole')
})

t.test('pooled UUIDv7: version 7, RFC 9562 variant, the current millisecond, never repeated', async (t) => {
  const before = Date.now()
  // 16 bytes each: 2,000 ids take eight pool refills.
  const ids = Array.from({ length: 2000 }, () => uuidv7())
  const after = Date.now()
  t.equal(new Set(ids).size, ids.length, 'no id twice')
  for (const id of ids) {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id)) t.fail(`not a UUIDv7: ${id}`)
    const ms = parseInt(id.slice(0, 8) + id.slice(9, 13), 16)
    if (ms < before || ms > after) t.fail(`timestamp ${ms} outside ${before}..${after}`)
  }
  // The 74 random bits (after the version and variant) look uniform: each hex digit of the last
  // group about 1/16 of 24,000 digits.
  const counts = new Map<string, number>()
  for (const id of ids) for (const c of id.slice(24)) counts.set(c, (counts.get(c) ?? 0) + 1)
  t.equal(counts.size, 16)
  t.ok([...counts.values()].every((n) => n > 1200 && n < 1800), `digit counts ${[...counts.values()].join(',')}`)
})

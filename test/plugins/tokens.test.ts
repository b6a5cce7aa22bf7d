import t from 'tap'
import { randomHex } from '../../plugins/tokens.js'

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


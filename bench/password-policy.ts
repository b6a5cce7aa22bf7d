/**
 * What the password policy adds to a registration: a fixed loop, outside the tests and the
 * service (`npx tsx bench/password-policy.ts`). Prints the one-time cost of loading the
 * dictionaries (time, RSS), then the time of one check, per password shape, over many rounds,
 * beside one argon2id hash (what a registration pays anyway).
 */
import { hashPassword } from '../plugins/accounts/passwords.js'
import { weakness } from '../plugins/accounts/password-policy.js'

const POLICY = { minLength: 8, minScore: 2 }
const SAMPLES: Record<string, string> = {
  passphrase: 'correct horse battery staple',
  common: 'password123',
  email: 'ana.lopez2024',
  random16: 'Zq8#mL2$vN9!rT4@',
  l33t27: 'p4$$w0rd!p4$$w0rd!1337h4x0r',
  crafted248: 'a1!B2@c3#D4$e5%F6^g7&H8*i9(J0)k'.repeat(8),
  long1024: 'x'.repeat(1024)
}
const ROUNDS = Number(process.argv[2] ?? 200)

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]
const ms = (n: number) => n.toFixed(2)

const rss0 = process.memoryUsage().rss
let start = performance.now()
await weakness(POLICY, 'warming up the estimator', 'ana.lopez@example.com')
console.log(`first check (builds the estimator): ${ms(performance.now() - start)} ms, RSS +${((process.memoryUsage().rss - rss0) / 1e6).toFixed(1)} MB`)

for (const [name, password] of Object.entries(SAMPLES)) {
  const times: number[] = []
  for (let i = 0; i < ROUNDS; i++) {
    start = performance.now()
    await weakness(POLICY, password, 'ana.lopez@example.com')
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  console.log(`${name.padEnd(11)} median ${ms(pct(times, 0.5))} ms  p99 ${ms(pct(times, 0.99))} ms  max ${ms(times[times.length - 1])} ms`)
}
const hashes: number[] = []
for (let i = 0; i < 50; i++) {
  start = performance.now()
  await hashPassword('correct horse battery staple')
  hashes.push(performance.now() - start)
}
hashes.sort((a, b) => a - b)
console.log(`argon2id hash (every registration): median ${ms(pct(hashes, 0.5))} ms`)

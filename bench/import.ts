/**
 * `latchkey import users` on 100,000 accounts (`npx tsx bench/import.ts [count]`, with
 * TEST_DATABASE_URL or BENCH_DATABASE_URL: a server where it may create a database, dropped at
 * the end). Half bcrypt, half argon2id hashes (importing verifies none), every 1,000th line
 * invalid, every 500th a duplicate email; runs the built CLI (`npm run build` first) and prints
 * its output and the wall time.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { ROOT } from '../paths.js'
import { hashPassword } from '../plugins/accounts/passwords.js'
import { migrate } from '../db/migrate.js'

const count = Number(process.argv[2] ?? 100_000)
const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
if (!server) throw new Error('set TEST_DATABASE_URL (or BENCH_DATABASE_URL): a server where a database may be created')
const name = `latchkey_import_${Date.now()}`
const admin = postgres(server, { max: 1, onnotice: () => {} })
await admin.unsafe(`create database "${name}"`)
const url = new URL(server)
url.pathname = `/${name}`
const dir = mkdtempSync(join(tmpdir(), 'latchkey-import-'))
try {
  await migrate(url.toString())
  const bcrypt = '$2y$10$Z8thSMqELs1tSnfrCmk6FO9X/oW7MimDyVIjQDTFRRNn0wWfe52uq'
  const argon = await hashPassword('old bcrypt password')
  const lines: string[] = []
  for (let i = 0; i < count; i++) {
    if (i % 1000 === 999) lines.push('{"email": "broken')
    else lines.push(JSON.stringify({ email: `user-${i % 500 === 499 ? i - 1 : i}@example.com`, passwordHash: i % 2 ? bcrypt : argon, isEmailConfirmed: i % 3 === 0 }))
  }
  const file = join(dir, 'users.jsonl')
  writeFileSync(file, lines.join('\n') + '\n')
  const start = performance.now()
  const out = execFileSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), 'import', 'users', file], {
    env: { ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'ignore']
  }).toString()
  console.log(`${count} lines: ${out.trim()}; wall time ${((performance.now() - start) / 1000).toFixed(1)} s (process start included)`)
} finally {
  rmSync(dir, { recursive: true, force: true })
  await admin.unsafe(`drop database if exists "${name}" with (force)`)
  await admin.end()
}

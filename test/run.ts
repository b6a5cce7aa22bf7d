/**
 * `npm test`: a PostgreSQL for the suite (TEST_DATABASE_URL, or an embedded one started here),
 * one migrated template database that every test file clones, then tap; everything created
 * here is dropped afterwards.
 */
import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { freePort, startEmbedded, type EmbeddedDatabase } from '../db/embedded.js'
import { migrate } from '../db/migrate.js'


function withDatabase (url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

// The command-line tests run the built CLI (dist/cli.js), as npm start does: built from these sources.
execFileSync(process.execPath, [join('scripts', 'build.mjs')], { stdio: ['ignore', 'ignore', 'inherit'] })

let embedded: EmbeddedDatabase | undefined
let parent: string | undefined
let adminUrl = process.env.TEST_DATABASE_URL
if (!adminUrl) {
  parent = mkdtempSync(join(tmpdir(), 'latchkey-test-'))
  chmodSync(parent, 0o755) // PostgreSQL runs as its own user when we are root
  const dir = join(parent, 'pg')
  embedded = await startEmbedded({ dir, port: await freePort(), persistent: false })
  adminUrl = embedded.url
  console.log('# no TEST_DATABASE_URL: using an embedded PostgreSQL')
}

const template = `latchkey_tpl_${randomBytes(4).toString('hex')}`
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
let code = 1
try {
  await admin.unsafe(`create database "${template}"`)
  await migrate(withDatabase(adminUrl, template))
  const args = process.argv.slice(2)
  const tap = spawn(process.execPath, [join('node_modules', 'tap', 'dist', 'esm', 'run.mjs'), ...args], {
    stdio: ['inherit', 'pipe', 'inherit'],
    env: { ...process.env, TEST_DATABASE_URL: adminUrl, TEST_TEMPLATE_DB: template, FASTIFY_AUTOLOAD_TYPESCRIPT: '1' }
  })
  // tap's summary (`# { total: 9, pass: 8, fail: 1 }`) is repeated as a plain closing line.
  let summary = ''
  tap.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk)
    const match = /# \{ total: \d+[^}]*\}/.exec(chunk.toString())
    if (match) summary = match[0]
  })
  code = await new Promise<number>((resolve) => tap.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))))
  const count = (name: string) => Number(new RegExp(`${name}: (\\d+)`).exec(summary)?.[1] ?? 0)
  if (summary) console.log(`${count('pass')} passed, ${count('fail')} failed, ${count('skip') + count('todo')} skipped`)
} finally {
  await admin.unsafe(`drop database if exists "${template}" with (force)`).catch(() => {})
  await admin.end({ timeout: 5 })
  await embedded?.stop()
  if (parent) rmSync(parent, { recursive: true, force: true })
}
process.exit(code)

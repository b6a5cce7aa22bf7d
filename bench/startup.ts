/**
 * `DATABASE_URL=<a migrated database> npx tsx bench/startup.ts`: the start times of the one
 * executable (dist/latchkey, `npm run package` first) in bench/README.md#the-one-executable, three
 * runs each: `serve` until /health answers on a fresh cache directory (extracting) and on an
 * extracted one, `migrate` with nothing to apply, and the same two commands through
 * `node dist/cli.js` on the Node that runs this script (`npx tsx`: npm's node_modules/.bin/node, Node 24).
 * Production settings, no Node.js on the executable's PATH.
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../db/embedded.js'
import { ROOT } from '../paths.js'

const RUNS = 3
const executable = join(ROOT, 'dist', 'latchkey')
const cli = join(ROOT, 'dist', 'cli.js')
if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL to a migrated database')
const work = mkdtempSync(join(tmpdir(), 'latchkey-startup-'))
const base = {
  PATH: '/usr/bin:/bin', HOME: work, LANG: 'C.UTF-8', DATABASE_URL: process.env.DATABASE_URL, NODE_ENV: 'production', HOST: '127.0.0.1',
  ACCESS_TOKEN_SECRET: 'a'.repeat(40), REFRESH_TOKEN_SECRET: 'b'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:25', PUBLIC_URL: 'http://127.0.0.1', LOG_LEVEL: 'warn'
}

/** Milliseconds from the spawn to the first 200 of /health; then SIGTERM and wait for the exit. */
async function serveUntilHealth (command: string, args: string[], env: Record<string, string>): Promise<number> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(command, args, { env: { ...base, ...env, PORT: String(port) }, stdio: 'ignore' })
  for (;;) {
    const status = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.status, () => 0)
    if (status === 200) break
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  const ms = performance.now() - started
  const exited = new Promise((resolve) => child.on('exit', resolve))
  child.kill('SIGTERM')
  await exited
  return ms
}

function runToEnd (command: string, args: string[], env: Record<string, string>): number {
  const started = performance.now()
  execFileSync(command, args, { env: { ...base, ...env }, stdio: 'ignore' })
  return performance.now() - started
}

async function times (measure: () => Promise<number> | number): Promise<string> {
  const ms: number[] = []
  for (let i = 0; i < RUNS; i++) ms.push(await measure())
  ms.sort((a, b) => a - b)
  return ms.map((m) => `${(m / 1000).toFixed(2)} s`).join(', ') + ` (min ${(ms[0] / 1000).toFixed(2)}, median ${(ms[1] / 1000).toFixed(2)})`
}

try {
  const cache = () => mkdtempSync(join(work, 'cache-'))
  const warm = cache()
  await serveUntilHealth(executable, ['serve'], { LATCHKEY_CACHE_DIR: warm })
  const node = [`--max-semi-space-size=4`, cli]
  console.log(`node dist/cli.js below runs on Node.js ${process.version} (${process.execPath})`)
  console.log(`first start, serve until /health (extracting): ${await times(() => serveUntilHealth(executable, ['serve'], { LATCHKEY_CACHE_DIR: cache() }))}`)
  console.log(`later start, serve until /health: ${await times(() => serveUntilHealth(executable, ['serve'], { LATCHKEY_CACHE_DIR: warm }))}`)
  console.log(`node dist/cli.js serve until /health: ${await times(() => serveUntilHealth(process.execPath, [...node, 'serve'], {}))}`)
  console.log(`later start, migrate with nothing to apply: ${await times(() => runToEnd(executable, ['migrate'], { LATCHKEY_CACHE_DIR: warm }))}`)
  console.log(`node dist/cli.js migrate with nothing to apply: ${await times(() => runToEnd(process.execPath, [cli, 'migrate'], {}))}`)
} finally {
  rmSync(work, { recursive: true, force: true })
}

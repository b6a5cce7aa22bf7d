import { execFile, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from '../../paths.js'
import { cloneDatabase } from './app.js'

/** The built command line, as `npm start` and the package's `bin` run it (`npm test` builds it first). */
export const CLI = join(ROOT, 'dist', 'cli.js')
if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `npm run build` (npm test does)')

/** Our environment without what would change what is tested, plus `env`. */
function environment (env: Record<string, string | undefined>): Record<string, string | undefined> {
  const base: Record<string, string | undefined> = { ...process.env }
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'NODE_OPTIONS', 'PORT', 'METRICS_PORT', 'NODE_ENV', 'SMTP_URL',
    'ACCESS_TOKEN_SECRET', 'REFRESH_TOKEN_SECRET']) delete base[key]
  return { ...base, LOG_LEVEL: 'warn', ...env }
}

export interface Run { code: number, stdout: string, stderr: string }

/** `node dist/cli.js <args>` to its end with `input` on its standard input; never throws. */
export function cli (args: string[], env: Record<string, string | undefined>, input = ''): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [CLI, ...args], { cwd: ROOT, env: environment(env) }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr })
    })
    child.stdin!.end(input)
  })
}

/** `node dist/cli.js <args>` left running (serve, worker); killed in teardown if still running. */
export function startCli (t: { teardown: (fn: () => unknown) => void }, args: string[], env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env: environment(env), stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d) => { stdout += d })
  child.stderr.on('data', (d) => { stderr += d })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  t.teardown(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL')
      await exited
    }
  })
  /** Resolves once `text` has been printed (true), or false when the process exits or `ms` pass first. */
  async function waitFor (text: string, ms = 20_000): Promise<boolean> {
    const deadline = Date.now() + ms
    while (!(stdout + stderr).includes(text)) {
      if (child.exitCode !== null || Date.now() > deadline) return false
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    return true
  }
  return { child, exited, waitFor, stdout: () => stdout, stderr: () => stderr }
}

/**
 * What a process under test runs on: a database cloned from the migrated template and a data
 * directory of its own, both removed when `t` ends (after the teardowns registered later, such
 * as stopping the process).
 */
export async function scratch (t: { teardown: (fn: () => unknown) => void }): Promise<{ url: string, dataDir: string }> {
  const db = await cloneDatabase()
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-process-'))
  t.teardown(async () => {
    await db.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })
  return { url: db.url, dataDir }
}

import { randomBytes } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'
import postgres from 'postgres'
import { v7 as uuidv7 } from 'uuid'
import { ARGON2_OPTIONS } from '../plugins/passwords.js'
import { ACCOUNT_TYPES } from '../plugins/accounts.js'
import { statements } from '../plugins/sessions.js'
import { prepared } from '../plugins/db.js'
import { median, type Settings } from './lib.js'

/** Runs `op` with `concurrency` in flight for `seconds`; operations per second. */
async function rate (seconds: number, concurrency: number, op: () => Promise<unknown>): Promise<number> {
  let done = 0
  const until = Date.now() + seconds * 1000
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (Date.now() < until) {
      await op()
      done++
    }
  }))
  return done / seconds
}

async function repeated (settings: Settings, run: (seconds: number) => Promise<number>): Promise<number> {
  if (settings.warmupSec > 0) await run(settings.warmupSec)
  const runs: number[] = []
  for (let i = 0; i < settings.repetitions; i++) runs.push(await run(settings.durationSec))
  return median(runs)
}

/** argon2id verifications/s with the service's parameters, on this process's libuv pool. */
export async function argon2Rate (settings: Settings, threads: number): Promise<number> {
  const phc = await hash('bench-password', ARGON2_OPTIONS)
  return repeated(settings, (s) => rate(s, threads * 2, () => verify(phc, 'bench-password')))
}

/**
 * The refresh path's SQL (the single statement that locks an active session with its owner and
 * rotates it), prepared as the service prepares it and issued with postgres.js alone, at the
 * service's pool size and the same concurrency.
 */
export async function refreshSqlRate (settings: Settings, url: string, hashes: string[], poolSize: number, concurrency: number): Promise<number> {
  const sql = postgres(url, { max: poolSize, onnotice: () => {} })
  const q = statements(ACCOUNT_TYPES.user)
  let next = 0
  try {
    return await repeated(settings, (s) => rate(s, concurrency, async () => {
      const [row] = await prepared(sql, q.rotateActive, [hashes[next++], uuidv7(), randomBytes(32).toString('hex'),
        new Date(Date.now() + 86400_000), 'bench', '127.0.0.1'])
      if (!row) throw new Error('bench ran out of seeded sessions')
    }))
  } finally {
    await sql.end({ timeout: 5 })
  }
}

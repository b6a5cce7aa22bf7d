import { join } from 'node:path'
import { hash, verify } from '@node-rs/argon2'
import postgres from 'postgres'
import { ARGON2_OPTIONS } from '../plugins/accounts/passwords.js'
import { ACCOUNT_TYPES } from '../plugins/accounts/registry.js'
import { repositoryOf } from '../plugins/accounts/repository.js'
import { randomHex, uuidv7 } from '../random.js'
import { freePort } from '../db/embedded.js'
import { ROOT } from '../paths.js'
import { load, startProcess } from './lib.js'

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

/** A ceiling measured in rounds between the service's own runs (see `paired` in lib.ts). */
export interface Ceiling {
  /** Operations per second over `seconds`. */
  run: (seconds: number) => Promise<number>
  close: () => Promise<void>
}

/** GET /health answered by bench/bare-server.ts (Fastify, no plugins), driven as the service is. */
export async function bareFastifyCeiling (connections: number): Promise<Ceiling> {
  const port = await freePort()
  const bare = await startProcess(['--import', 'tsx', join(ROOT, 'bench', 'bare-server.ts'), String(port)], {}, port)
  return { run: async (s) => (await load({ url: `${bare.url}/health`, connections }, s)).rps, close: bare.stop }
}

/** argon2id verifications/s with the service's parameters, on this process's libuv pool. */
export async function argon2Ceiling (threads: number): Promise<Ceiling> {
  const phc = await hash('bench-password', ARGON2_OPTIONS)
  return { run: (s) => rate(s, threads * 2, () => verify(phc, 'bench-password')), close: async () => {} }
}

/**
 * The refresh path's SQL (the single statement that locks an active session with its owner and
 * rotates it), prepared as the service prepares it and issued with postgres.js alone, with the
 * service's concurrency and the pool size the SQL alone is fastest with (see bench/run.ts). Its
 * ids and successor hashes come from the service's pooled generators, so the client side costs
 * no more than the service's own.
 */
export function refreshSqlCeiling (url: string, hashes: string[], poolSize: number, concurrency: number): Ceiling {
  const sql = postgres(url, { max: poolSize, onnotice: () => {} })
  const { rotateActive } = repositoryOf(ACCOUNT_TYPES.user).sessions
  let next = 0
  return {
    run: (s) => rate(s, concurrency, async () => {
      if (next >= hashes.length) throw new Error('bench ran out of seeded sessions: raise perUser in bench/run.ts')
      const [row] = await rotateActive.run(sql, { hash: hashes[next++], sessionId: uuidv7(), nextHash: randomHex(32),
        expiresAt: new Date(Date.now() + 86400_000), userAgent: 'bench', ip: '127.0.0.1', successor: null })
      if (!row) throw new Error('bench ran out of seeded sessions')
    }),
    close: () => sql.end({ timeout: 5 })
  }
}

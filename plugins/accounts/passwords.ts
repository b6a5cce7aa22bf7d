import { hash, verify, Algorithm } from '@node-rs/argon2'
import { verify as bcryptVerify } from '@node-rs/bcrypt'
import { setTimeout as sleep } from 'node:timers/promises'
import { hashingTurn } from '../core/overload.js'

// OWASP's argon2id parameters: 19 MiB, 2 iterations, 1 lane. Hashes are PHC strings.
export const ARGON2_OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 }

// Verified against for unknown emails, so a miss costs as much time as a wrong password.
let dummy: Promise<string> | undefined

/** Runs on the libuv thread pool, never on the event loop, in its turn (hashingTurn: one per core). */
export function hashPassword (password: string): Promise<string> {
  return hashingTurn(() => hash(password, ARGON2_OPTIONS))
}

/** A bcrypt hash as imported from another system (`latchkey import users`): `$2a$`, `$2b$` or `$2y$`, cost 04-31. */
export const BCRYPT_HASH = /^\$2[aby]\$(0[4-9]|[12][0-9]|3[01])\$[./A-Za-z0-9]{53}$/
/** An argon2 PHC string (argon2id, argon2i or argon2d), as this service and others write them. */
export const ARGON2_HASH = /^\$argon2(id|i|d)\$(v=\d+\$)?m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/

/** Whether a stored hash is replaced by argon2id at the next successful sign-in (an imported bcrypt hash). */
export function needsRehash (stored: string): boolean {
  return stored.startsWith('$2')
}

/**
 * How long a verification of each kind of hash takes here (`argon2`, `bcrypt-<cost>`): a moving
 * average of the last ones. A wrong password is answered no sooner than the slowest kind seen,
 * so a wrong password on an imported bcrypt account (cost 10: about 5 times argon2id's time)
 * takes as long as on any other account or an unknown address, and tells none apart. Right
 * passwords are never held: only failures wait, on a timer, using no CPU.
 */
const durations = new Map<string, number>()

function kindOf (stored: string | null | undefined): string {
  return stored?.startsWith('$2') ? `bcrypt-${stored.slice(4, 6)}` : 'argon2'
}

/** Milliseconds a wrong password is answered after, at the least (0 before any verification). */
export function failureFloor (): number {
  let floor = 0
  for (const ms of durations.values()) floor = Math.max(floor, ms)
  return floor
}

async function timed (kind: string, check: () => Promise<boolean>): Promise<boolean> {
  // The duration is the verification's own, not its wait for a turn.
  const { ok, elapsed } = await hashingTurn(async () => {
    const start = performance.now()
    return { ok: await check().catch(() => false), elapsed: performance.now() - start }
  })
  const before = durations.get(kind)
  durations.set(kind, before === undefined ? elapsed : before * 0.8 + elapsed * 0.2)
  if (!ok) {
    const wait = failureFloor() - elapsed
    if (wait > 1) await sleep(wait)
  }
  return ok
}

/** Checks a password against a stored argon2 or bcrypt hash; null (no account) checks against a dummy. */
export async function verifyPassword (stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    // A refused turn (503) is not kept: the next miss hashes it again.
    dummy ??= hashPassword('latchkey-dummy-password').catch((err) => { dummy = undefined; throw err })
    const phc = await dummy
    await timed('argon2', () => verify(phc, password))
    return false
  }
  if (stored.startsWith('$2')) return timed(kindOf(stored), () => bcryptVerify(password, stored))
  return timed('argon2', () => verify(stored, password))
}

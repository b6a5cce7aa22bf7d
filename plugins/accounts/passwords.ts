import { hash, verify, Algorithm } from '@node-rs/argon2'
import { verify as bcryptVerify } from '@node-rs/bcrypt'
import { extname } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Piscina } from 'piscina'
import { HASHING_UNDER_FLOOD, hashingTurn } from './admission.js'
import type { HashJob } from './hash-worker.js'

// OWASP's argon2id parameters: 19 MiB, 2 iterations, 1 lane. Hashes are PHC strings.
export const ARGON2_OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 }

// Verified against for unknown emails, so a miss costs as much time as a wrong password.
let dummy: Promise<string> | undefined

// The threads that hash while a flood is refused: as many as hash then (HASHING_UNDER_FLOOD), at
// nice 19, so that the event loop, PostgreSQL and everything else on the machine come first and
// the few logins the flood leaves in take the CPU that is left. They start at the first flood
// (its hashes run on libuv's pool until they are ready) and stay: a thread's priority, once
// lowered, cannot be raised again without privilege, so libuv's pool keeps its own. On Linux
// only, where nice(2) applies to the calling thread; elsewhere it would lower the whole process.
const BACKGROUND_NICE = process.platform === 'linux' ? 19 : 0
let background: Promise<Piscina> | undefined
let backgroundReady = false

/** Runs `job` on a background hashing thread, starting them with the first. */
export async function inBackground<T extends string | boolean> (job: HashJob): Promise<T> {
  background ??= import('piscina').then(({ Piscina }) => new Piscina({
    filename: new URL(`./hash-worker${extname(new URL(import.meta.url).pathname)}`, import.meta.url).href,
    minThreads: HASHING_UNDER_FLOOD,
    maxThreads: HASHING_UNDER_FLOOD,
    niceIncrement: BACKGROUND_NICE
  }))
  const result = await (await background).run(job)
  backgroundReady = true
  return result
}

/** Jobs the background hashing threads have done (0 before the first flood). */
export async function backgroundHashes (): Promise<number> {
  return background ? (await background).completed : 0
}

/** On libuv's thread pool (the napi calls' own), never on the event loop. */
function inForeground (job: HashJob): Promise<string | boolean> {
  switch (job.op) {
    case 'hash': return hash(job.password, job.options)
    case 'argon2': return verify(job.stored, job.password)
    case 'bcrypt': return bcryptVerify(job.password, job.stored)
    default: throw new Error(`not a hash: ${job.op}`)
  }
}

/**
 * `job` where it runs now: on libuv's pool, or under a flood on a background thread once those
 * are up (they are started by the first flood's first hash; libuv's pool if they fail).
 */
function inPlace<T extends string | boolean> (job: HashJob, underFlood: boolean): Promise<T> {
  if (underFlood && backgroundReady) return inBackground<T>(job).catch(() => inForeground(job) as Promise<T>)
  if (underFlood && !background) inBackground({ op: 'start' }).catch(() => {})
  return inForeground(job) as Promise<T>
}

/** A new argon2id hash of `password`, in its turn (hashingTurn: one per core). */
export function hashPassword (password: string): Promise<string> {
  return hashingTurn((underFlood) => inPlace<string>({ op: 'hash', password, options: ARGON2_OPTIONS }, underFlood))
}

/** A bcrypt hash as imported from another system (`latchkey import users`): `$2a$`, `$2b$` or `$2y$`; group 1 the cost. */
export const BCRYPT_HASH = /^\$2[aby]\$(\d\d)\$[./A-Za-z0-9]{53}$/
/** An argon2 PHC string (argon2id, argon2i or argon2d), as this service and others write them; groups 3-5 m, t, p. */
export const ARGON2_HASH = /^\$argon2(id|i|d)\$(v=\d+\$)?m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/

// What hashPassword writes: this prefix, then the library's 16-byte salt and 32-byte hash (22 and 43 characters).
const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`
const CURRENT_LENGTH = CURRENT_PREFIX.length + 22 + 1 + 43

/**
 * Whether a stored hash is replaced at the next successful sign-in: any that hashPassword would
 * not write today (bcrypt, argon2i or argon2d, argon2id of other parameters). Called at every
 * password sign-in, so a comparison with the current form and nothing more.
 */
export function needsRehash (stored: string): boolean {
  return stored.length !== CURRENT_LENGTH || !stored.startsWith(CURRENT_PREFIX)
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

async function timed (kind: string, job: HashJob): Promise<boolean> {
  // The duration is the verification's own, not its wait for a turn; one under a flood (on a
  // background thread, or on a pool that the flood's other work shares) says nothing of the
  // kind's cost, so it is not counted.
  const { ok, elapsed, underFlood } = await hashingTurn(async (underFlood) => {
    const start = performance.now()
    const ok = await inPlace<boolean>(job, underFlood).catch(() => false)
    return { ok, elapsed: performance.now() - start, underFlood }
  })
  if (!underFlood) {
    const before = durations.get(kind)
    durations.set(kind, before === undefined ? elapsed : before * 0.8 + elapsed * 0.2)
  }
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
    await timed('argon2', { op: 'argon2', stored: await dummy, password })
    return false
  }
  if (stored.startsWith('$2')) return timed(kindOf(stored), { op: 'bcrypt', stored, password })
  return timed('argon2', { op: 'argon2', stored, password })
}

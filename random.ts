/**
 * Random values for tokens and ids, drawn from one pool of CSPRNG bytes. Shared by the plugins,
 * the drizzle schema (row ids) and the benchmark, so it depends on nothing but node:crypto and uuid.
 */
import { randomBytes } from 'node:crypto'
import { v7 } from 'uuid'

// Each randomBytes call goes into OpenSSL's generator (about 5 µs for 32 bytes here, 2% of a
// refresh); drawing 4 KiB at a time and handing out each byte once costs about 0.2 µs. Node's
// randomUUID buffers the same way. A handed-out range is zeroed, so the pool keeps only bytes
// that no token has used yet.
const RANDOM_POOL_BYTES = 4096
let randomPool = Buffer.alloc(0)
let randomOffset = 0

/** Lends `bytes` unused bytes of the pool to `use`, then zeroes them. */
function drawRandom<T> (bytes: number, use: (bytes: Buffer) => T): T {
  if (randomOffset + bytes > randomPool.length) {
    randomPool = randomBytes(Math.max(RANDOM_POOL_BYTES, bytes))
    randomOffset = 0
  }
  const range = randomPool.subarray(randomOffset, randomOffset + bytes)
  randomOffset += bytes
  try {
    return use(range)
  } finally {
    range.fill(0)
  }
}

/** `bytes` bytes from the system's CSPRNG, as hex. */
export function randomHex (bytes: number): string {
  return drawRandom(bytes, (range) => range.toString('hex'))
}

/**
 * A UUIDv7 (RFC 9562) with its random bits from the pool. uuid's own v7 asks the system for 16
 * bytes per id (crypto.getRandomValues): 5.5% of the service's CPU in a refresh profile. Ids are
 * ordered by their millisecond; within one millisecond the order is random, which RFC 9562 allows.
 */
export function uuidv7 (): string {
  return drawRandom(16, (random) => v7({ random }))
}

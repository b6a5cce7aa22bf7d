/**
 * Random values for tokens and row ids, drawn from one pool of CSPRNG bytes. Shared by the
 * plugins and the benchmark, so it depends on nothing but node:crypto and uuid.
 */
import { randomBytes } from 'node:crypto'
import { v7 } from 'uuid'

// One randomBytes call per token or id is a measurable share of a refresh (bench/README.md);
// drawing 4 KiB at a time is what Node's randomUUID does too. A handed-out range is zeroed, so
// the pool keeps only bytes that no token has used yet.
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

/** `bytes` bytes from the system's CSPRNG, as base64url (no padding). */
export function randomBase64url (bytes: number): string {
  return drawRandom(bytes, (range) => range.toString('base64url'))
}

/**
 * A UUIDv7 (RFC 9562) with its random bits from the pool (uuid's own v7 asks the system for 16
 * bytes per id). Ids are ordered by their millisecond; within one millisecond the order is
 * random, which RFC 9562 allows.
 */
export function uuidv7 (): string {
  return drawRandom(16, (random) => v7({ random }))
}

/** A UUID in its text form (any version; case-insensitive, as PostgreSQL reads them). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567'

/** `bytes` bytes from the system's CSPRNG, as base32 (RFC 4648's alphabet in lower case, no padding). */
export function randomBase32 (bytes: number): string {
  return drawRandom(bytes, (range) => {
    let out = ''
    let bits = 0
    let value = 0
    for (const byte of range) {
      value = (value << 8) | byte
      bits += 8
      while (bits >= 5) {
        out += BASE32[(value >>> (bits - 5)) & 31]
        bits -= 5
      }
    }
    if (bits > 0) out += BASE32[(value << (5 - bits)) & 31]
    return out
  })
}

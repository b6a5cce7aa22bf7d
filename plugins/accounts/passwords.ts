import { hash, verify, Algorithm } from '@node-rs/argon2'

// OWASP's argon2id parameters: 19 MiB, 2 iterations, 1 lane. Hashes are PHC strings.
export const ARGON2_OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 }

// Verified against for unknown emails, so a miss costs as much time as a wrong password.
let dummy: Promise<string> | undefined

/** Runs on the libuv thread pool, never on the event loop. */
export function hashPassword (password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS)
}

export async function verifyPassword (phc: string | null | undefined, password: string): Promise<boolean> {
  if (!phc) {
    dummy ??= hashPassword('latchkey-dummy-password')
    await verify(await dummy, password).catch(() => false)
    return false
  }
  return verify(phc, password).catch(() => false)
}

/**
 * The task of the background hashing threads (passwords.ts): the same argon2id and bcrypt calls
 * as on libuv's pool, synchronous, on a worker thread that piscina starts at the lowest CPU
 * priority. Nothing else is loaded here.
 */
import { hashSync, verifySync, type Options } from '@node-rs/argon2'
import { verifySync as bcryptVerifySync } from '@node-rs/bcrypt'

export type HashJob =
  | { op: 'hash', password: string, options: Options }
  | { op: 'argon2', stored: string, password: string }
  | { op: 'bcrypt', stored: string, password: string }
  /** The first job, which starts the threads (passwords.ts): nothing to do. */
  | { op: 'start' }

export default function run (job: HashJob): string | boolean {
  switch (job.op) {
    case 'hash': return hashSync(job.password, job.options)
    case 'argon2': return verifySync(job.stored, job.password)
    case 'bcrypt': return bcryptVerifySync(job.password, job.stored)
    case 'start': return true
  }
}

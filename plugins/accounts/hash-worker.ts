/**
 * The task of the background hashing threads (passwords.ts): the same argon2id and bcrypt calls
 * as on libuv's pool, synchronous, on a worker thread that piscina starts at the lowest CPU
 * priority. Nothing else is loaded here.
 */
import { hashSync, verifySync, type Options } from '@node-rs/argon2'
import { verifySync as bcryptVerifySync } from '@node-rs/bcrypt'
import { readlinkSync } from 'node:fs'
import { getPriority } from 'node:os'

export type HashJob =
  | { op: 'hash', password: string, options: Options }
  | { op: 'argon2', stored: string, password: string }
  | { op: 'bcrypt', stored: string, password: string }
  /** The thread's own nice value: the first job, which starts the threads, and the tests' check. */
  | { op: 'nice' }

export default function run (job: HashJob): string | boolean | number {
  switch (job.op) {
    case 'hash': return hashSync(job.password, job.options)
    case 'argon2': return verifySync(job.stored, job.password)
    case 'bcrypt': return bcryptVerifySync(job.password, job.stored)
    case 'nice': return niceOfThisThread()
  }
}

/** This thread's nice value, from its id (/proc/thread-self is `<pid>/task/<tid>`); 0 where there is no /proc. */
function niceOfThisThread (): number {
  try {
    return getPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()))
  } catch {
    return 0
  }
}

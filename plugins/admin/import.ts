import type { Readable } from 'node:stream'
import { Type, type Static } from '@sinclair/typebox'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import { type AccountType, normalizeEmail, repositoryOf, ARGON2_HASH, BCRYPT_HASH } from '../accounts/index.js'
import type { Queryable } from '../core/db.js'
import { uuidv7 } from '../../random.js'

/** One line of an import file (docs/operations.md#importing-users). */
const ImportLineSchema = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254 }),
  passwordHash: Type.String({ minLength: 1, maxLength: 1024 }),
  isEmailConfirmed: Type.Optional(Type.Boolean()),
  createdAt: Type.Optional(Type.String({ format: 'date-time' })),
  id: Type.Optional(Type.String({ format: 'uuid' }))
}, { additionalProperties: false })
const validLine = addFormats.default(new Ajv({ allErrors: true })).compile<Static<typeof ImportLineSchema>>(ImportLineSchema)

/** Lines longer than this are refused without being held in memory whole. */
export const MAX_LINE_BYTES = 64 * 1024
/** Accounts inserted per statement. */
export const IMPORT_BATCH = 1000

export interface ImportReport {
  imported: number
  /** Lines whose email belongs to an account already, or to an earlier line of the file. */
  skipped: number
  invalid: Array<{ line: number, reason: string }>
}

/**
 * The hashes taken: a sign-in verifies them once before replacing them, so a hash beyond these
 * would hold a hashing thread for seconds (bcrypt cost 31: days) or take gigabytes of memory.
 */
export const IMPORT_BOUNDS = { bcryptCost: { min: 4, max: 14 }, argon2MemoryKiB: 256 * 1024, argon2Iterations: 10, argon2Parallelism: 8 }

/** Why a password hash is not imported, or null when it is taken. */
export function hashProblem (hash: string): string | null {
  const bcrypt = BCRYPT_HASH.exec(hash)
  if (bcrypt) {
    const cost = Number(bcrypt[1])
    const { min, max } = IMPORT_BOUNDS.bcryptCost
    return cost < min || cost > max ? `passwordHash is bcrypt with cost ${cost}: only costs ${min} to ${max} are taken` : null
  }
  const argon2 = ARGON2_HASH.exec(hash)
  if (!argon2) return 'passwordHash is neither an argon2 PHC string nor a bcrypt hash ($2a$, $2b$, $2y$)'
  const [m, t, p] = argon2.slice(3, 6).map(Number)
  const { argon2MemoryKiB, argon2Iterations, argon2Parallelism } = IMPORT_BOUNDS
  if (m > argon2MemoryKiB) return `passwordHash is argon2 with memory ${m} KiB: at most ${argon2MemoryKiB} KiB (${argon2MemoryKiB / 1024} MiB) is taken`
  if (t > argon2Iterations) return `passwordHash is argon2 with ${t} iterations: at most ${argon2Iterations} are taken`
  if (p > argon2Parallelism) return `passwordHash is argon2 with parallelism ${p}: at most ${argon2Parallelism} is taken`
  // Argon2's own minimums (RFC 9106): a hash below them never verifies.
  if (t < 1 || p < 1 || m < 8 * p) return 'passwordHash is argon2 with parameters no argon2 takes (t >= 1, p >= 1, m >= 8p)'
  return null
}

interface Candidate { line: number, id: string, email: string, hash: string, confirmed: boolean, createdAt: string | null }

/** The lines of a stream with their numbers (from 1); a line over `max` bytes comes as `null`, never buffered whole. */
export async function * numberedLines (input: Readable, max = MAX_LINE_BYTES): AsyncGenerator<{ line: number, text: string | null }> {
  let parts: Buffer[] = []
  let size = 0
  let tooLong = false
  let line = 1
  const end = () => {
    const text = tooLong ? null : Buffer.concat(parts).toString('utf8').replace(/\r$/, '')
    parts = []
    size = 0
    tooLong = false
    return { line: line++, text }
  }
  for await (const chunk of input as AsyncIterable<Buffer>) {
    let start = 0
    for (let nl = chunk.indexOf(10, start); ; nl = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, nl === -1 ? chunk.length : nl)
      if (!tooLong) {
        size += piece.length
        if (size > max) {
          tooLong = true
          parts = []
        } else {
          parts.push(Buffer.from(piece))
        }
      }
      if (nl === -1) break
      yield end()
      start = nl + 1
    }
  }
  if (size > 0 || tooLong) yield end()
}

/** A valid line as an account to insert, or why it is not one. */
function candidate (line: number, text: string): Candidate | string {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return 'not a JSON object'
  }
  if (!validLine(value)) {
    const [error] = validLine.errors!
    const name = error.instancePath.slice(1) || String(error.params.missingProperty ?? error.params.additionalProperty ?? '')
    if (error.keyword === 'additionalProperties') return `unknown key ${name}`
    if (error.keyword === 'required') return `${name} is missing`
    if (error.keyword === 'type' && !name) return 'not a JSON object'
    return `${name} ${error.message}`
  }
  const problem = hashProblem(value.passwordHash)
  if (problem) return problem
  return {
    line,
    id: value.id?.toLowerCase() ?? uuidv7(),
    email: normalizeEmail(value.email),
    hash: value.passwordHash,
    confirmed: value.isEmailConfirmed ?? false,
    createdAt: value.createdAt ?? null
  }
}

/**
 * Imports accounts of `kind` from JSON lines (`email`, `passwordHash`, optional
 * `isEmailConfirmed`, `createdAt`, `id`), IMPORT_BATCH to a statement, each batch committed on
 * its own: running it again after a failure skips what was imported. Hashes within IMPORT_BOUNDS
 * are kept as they are, and replaced by the current argon2id at the account's first sign-in
 * unless they are of it already.
 */
export async function importAccounts (db: Queryable, kind: AccountType, input: Readable,
  opts: { batch?: number, maxLineBytes?: number } = {}): Promise<ImportReport> {
  const report: ImportReport = { imported: 0, skipped: 0, invalid: [] }
  const size = opts.batch ?? IMPORT_BATCH
  const maxLine = opts.maxLineBytes ?? MAX_LINE_BYTES
  const { importBatch } = repositoryOf(kind).owners
  const emails = new Set<string>()
  const ids = new Set<string>()
  let batch: Candidate[] = []
  const flush = async () => {
    if (!batch.length) return
    // One statement per batch (plugins/accounts: owners.importBatch) answers per line what happened.
    const rows = await importBatch.run(db, {
      rows: batch.map((c) => ({ id: c.id, email: c.email, password: c.hash, confirmed: c.confirmed, created_at: c.createdAt, line: c.line }))
    })
    for (const row of rows) {
      if (row.inserted) report.imported++
      else if (row.email_taken) report.skipped++
      else report.invalid.push({ line: row.line, reason: 'id is taken by another account' })
    }
    batch = []
  }
  for await (const { line, text } of numberedLines(input, maxLine)) {
    if (text === null) {
      report.invalid.push({ line, reason: `longer than ${maxLine} bytes` })
      continue
    }
    if (!text.trim()) continue
    const found = candidate(line, text)
    if (typeof found === 'string') {
      report.invalid.push({ line, reason: found })
    } else if (emails.has(found.email)) {
      report.skipped++
    } else if (ids.has(found.id)) {
      report.invalid.push({ line, reason: 'id is the id of an earlier line' })
    } else {
      emails.add(found.email)
      ids.add(found.id)
      batch.push(found)
      if (batch.length >= size) await flush()
    }
  }
  await flush()
  report.invalid.sort((a, b) => a.line - b.line)
  return report
}

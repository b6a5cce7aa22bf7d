import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Test } from 'tap'
import { ConfigError, loadConfig } from '../../plugins/core/config.js'

export const SECRET_A = 'a'.repeat(32)
export const SECRET_B = 'b'.repeat(40)

/** A fresh DATA_DIR, so that no test reads or writes the repository's .data/. */
export function tempDir (t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-config-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A production environment that starts: two long secrets, an SMTP server, a database and the service's address. */
export const production = (dataDir: string): Record<string, string> => ({
  NODE_ENV: 'production', SMTP_URL: 'smtp://mail.invalid:25', DATABASE_URL: 'postgres://db.invalid/latchkey', DATA_DIR: dataDir,
  ACCESS_TOKEN_SECRET: SECRET_A, REFRESH_TOKEN_SECRET: SECRET_B, PUBLIC_URL: 'https://auth.example.com'
})

/**
 * Asserts that loading refuses the environment with one line naming `variable`; `expected` is
 * the whole message (a string) or a form it must contain (a RegExp). Returns the message.
 */
export function refuses (t: Test, env: Record<string, string | undefined>, variable: string, expected?: string | RegExp): string {
  let error: unknown
  try {
    loadConfig(env)
  } catch (err) {
    error = err
  }
  t.ok(error instanceof ConfigError, `${JSON.stringify(env).slice(0, 200)} is refused with a ConfigError`)
  const message = error instanceof Error ? error.message : ''
  t.match(message, variable, `the message names ${variable}`)
  t.notMatch(message, /\n/, 'the message is one line')
  if (typeof expected === 'string') t.equal(message, expected, 'the message word for word')
  else if (expected) t.match(message, expected, 'the message gives the expected form')
  return message
}

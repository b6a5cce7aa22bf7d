import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError } from './concern.js'

// Secrets and URLs with credentials may come from a file (`<NAME>_FILE`), as container secrets do.
const FILE_VARIABLE = /(_SECRETS?|_KEYS?|^DATABASE_URL|^DATABASE_DIRECT_URL|^REDIS_URL|^SMTP_URL)$/

/** The value of `<name>_FILE`'s file, without its final newline; undefined when not given. */
export function fromFile (source: Record<string, string | undefined>, name: string): string | undefined {
  const path = source[`${name}_FILE`]
  if (!path || !FILE_VARIABLE.test(name)) return undefined
  if (source[name]) throw new ConfigError(`Invalid configuration: give ${name} or ${name}_FILE, not both`)
  try {
    return readFileSync(path, 'utf8').replace(/\r?\n$/, '')
  } catch (err) {
    throw new ConfigError(`Invalid configuration: ${name}_FILE names a file that cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}: ${path})`)
  }
}

/**
 * A file of DATA_DIR made once by `make` and read back on every later start, readable by the
 * owner only: development and test secrets and keys survive a restart without anyone inventing them.
 */
export function keptLocally (dataDir: string, name: string, make: () => string): string {
  const file = join(dataDir, name)
  if (existsSync(file)) return readFileSync(file, 'utf8')
  mkdirSync(dataDir, { recursive: true })
  const content = make()
  writeFileSync(file, content, { mode: 0o600 })
  chmodSync(file, 0o600)
  return content
}

import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

// The same code runs from the sources (tsx) and from dist/, so assets are found from the
// package root rather than relative to the compiled file.
function findRoot (from: string): string {
  let dir = from
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir)
    if (parent === dir) throw new Error(`package.json not found above ${from}`)
    dir = parent
  }
  return dir
}

export const ROOT = findRoot(dirname(fileURLToPath(import.meta.url)))
export const MIGRATIONS_DIR = join(ROOT, 'db', 'migrations')
export const LOCALES_DIR = join(ROOT, 'locales')

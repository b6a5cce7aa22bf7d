import { parseArgs, type ParseArgsConfig } from 'node:util'

/* The command line's argument parsing, shared by commands.ts and the commands kept in their domains' modules. */

/** A mistake in the command line: one line on stderr, exit 2. */
export class UsageError extends Error {}

/**
 * parseArgs with its mistakes as UsageErrors in our words; `--help` is every command's. Strict:
 * an option a command does not take is refused (`serve --port 1` would otherwise bind PORT).
 */
export function parse<O extends ParseArgsConfig['options']> (command: string, args: string[], options: O, positionals = false) {
  try {
    return parseArgs({ args, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: positionals, strict: true })
  } catch (err) {
    const code = (err as { code?: string }).code
    const token = /'([^']+)'/.exec((err as Error).message)?.[1]?.replace(/ <value>$/, '') ?? ''
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      throw new UsageError(/argument missing/.test((err as Error).message) ? `${command}: ${token} needs a value` : `${command}: ${token} takes no value`)
    }
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`${command}: unknown option ${token}`)
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') throw new UsageError(`${command}: unexpected argument ${token}`)
    throw err
  }
}

import { homedir } from 'node:os'
import { isAbsolute, join, resolve } from 'node:path'

/**
 * DATA_DIR for the one executable (scripts/sea-launcher.ts sets it before dist/cli.js reads it).
 * A checkout keeps its files in `.data` of the package root; the executable has no package
 * directory of its own (it is extracted into a cache), and the working directory changes from one
 * start to the next, where generated secrets would be made anew and sign everyone out. So, unset:
 * `$XDG_DATA_HOME/latchkey`, else `~/.local/share/latchkey` (an XDG_DATA_HOME that is not an
 * absolute path is ignored, as the XDG specification says). Given: that path, a relative one
 * taken from the working directory, there being no other to be relative to.
 */
export function executableDataDir (env: Record<string, string | undefined>, home = homedir()): string {
  if (env.DATA_DIR) return resolve(env.DATA_DIR)
  const xdg = env.XDG_DATA_HOME
  return join(xdg && isAbsolute(xdg) ? xdg : join(home, '.local', 'share'), 'latchkey')
}

import { readFileSync, readdirSync } from 'node:fs'

/**
 * How many threads of this process run at nice `nice` (Linux: /proc/self/task/<tid>/stat, whose
 * 19th field is the nice value, counted after the command's closing parenthesis); 0 where
 * there is no /proc. The background hashing threads' check (passwords.ts: nice 19).
 */
export function threadsAtNice (nice: number): number {
  let tids: string[]
  try {
    tids = readdirSync('/proc/self/task')
  } catch {
    return 0
  }
  return tids.filter((tid) => {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) === nice
    } catch {
      return false
    }
  }).length
}

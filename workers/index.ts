import type { TaskList } from 'graphile-worker'

/** Every task the worker runs, by name. */
export function taskList (): TaskList {
  return {}
}

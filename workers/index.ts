import type { TaskList } from 'graphile-worker'
import type { FastifyInstance } from 'fastify'
import { V1PublishTask } from './V1PublishTask.js'

/** Every task the worker runs, by name. */
export function taskList (app: FastifyInstance): TaskList {
  return { V1PublishTask: V1PublishTask(app) }
}

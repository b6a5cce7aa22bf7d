import type { CronItem, TaskList } from 'graphile-worker'
import type { FastifyInstance } from 'fastify'
import { V1PublishTask } from './V1PublishTask.js'
import { V1PruneSessionsTask } from './V1PruneSessionsTask.js'
import { V1PruneAuditEventsTask } from './V1PruneAuditEventsTask.js'
import { V1SendEmailTask } from './V1SendEmailTask.js'
import { V1FanOutWebhooksTask } from './V1FanOutWebhooksTask.js'
import { V1SendWebhooksTask } from './V1SendWebhooksTask.js'
import { V1PruneOidcPayloadsTask } from './V1PruneOidcPayloadsTask.js'
import { V1EraseAccountTask } from './V1EraseAccountTask.js'

/** Every task the worker runs, by name. */
export function taskList (app: FastifyInstance): TaskList {
  return {
    V1PublishTask: V1PublishTask(app),
    V1PruneSessionsTask: V1PruneSessionsTask(app),
    V1PruneAuditEventsTask: V1PruneAuditEventsTask(app),
    V1SendEmailTask: V1SendEmailTask(app),
    V1FanOutWebhooksTask: V1FanOutWebhooksTask(app),
    V1SendWebhooksTask: V1SendWebhooksTask(app),
    V1PruneOidcPayloadsTask: V1PruneOidcPayloadsTask(app),
    V1EraseAccountTask: V1EraseAccountTask(app),
    // Queued per delivery by migration 0012's trigger: its delivery is pending, and the dispatcher sends it.
    V1DeliverWebhookTask: async () => {}
  }
}

/**
 * Recurring jobs. graphile-worker's cron schedules each one once per match across every worker
 * (known_crontabs); no backfill of runs missed while no worker was up, and the job key keeps
 * at most one waiting copy.
 */
export const cronItems: CronItem[] = ['V1PruneSessionsTask', 'V1PruneAuditEventsTask', 'V1PruneOidcPayloadsTask'].map((task) => ({
  task,
  identifier: task,
  match: '0 * * * *',
  options: { backfillPeriod: 0, maxAttempts: 3, jobKey: task }
}))

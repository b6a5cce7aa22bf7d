/**
 * The mail domain's door, the one file routes, app.ts and other domains import of it
 * (test/layers.test.ts): the mailer and the SQL that queues each mail in the transaction that
 * needs it.
 */
export { dropQueuedMailSql, default as mailer, queueCancelDeletionSql, queueInvitationSql, queueLoginLockedSql, queueMailSql, queueNoticeSql, queueWebhookDisabledSql } from './mailer.js'

import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { Transporter } from 'nodemailer'
import type { SendEmailTaskPayload } from '../../schemas/mail.js'
import { renderMail } from './templates.js'
import { isEightBit, unencodedPart } from './parts.js'

declare module 'fastify' {
  interface FastifyInstance { mailer: ReturnType<typeof createMailer> }
}

export const MAIL_TASK = 'V1SendEmailTask'
/** graphile-worker waits exp(attempt) seconds after each failure: eight attempts span about 29 minutes. */
export const MAIL_MAX_ATTEMPTS = 8

/** SQL for one V1SendEmailTask job; every argument and `params` (a JSON object) are SQL expressions. */
function addMailJob (template: string, to: string, locale: string, params: string): string {
  return `graphile_worker.add_job('${MAIL_TASK}', json_build_object('template', ${template}, 'to', ${to}, 'locale', ${locale},
    'params', ${params}), max_attempts => ${MAIL_MAX_ATTEMPTS})`
}

/** `json_build_object` of named SQL expressions. */
const jsonObject = (fields: Record<string, string>) => `json_build_object(${Object.entries(fields).map(([name, sql]) => `'${name}', ${sql}`).join(', ')})`

/**
 * SQL queuing one V1SendEmailTask, for the statement or transaction that writes its token
 * (docs/behaviour.md#mail); the arguments are SQL expressions.
 */
export function queueMailSql (template: string, to: string, locale: string, link: string, expiresIn: string): string {
  return addMailJob(template, to, locale, jsonObject({ link, expiresIn }))
}

/**
 * SQL queuing an org_invitation: the `link` to accept it (lasting `expiresIn`) and the name of the
 * `organization`; the arguments are SQL expressions.
 */
export function queueInvitationSql (to: string, locale: string, link: string, expiresIn: string, organization: string): string {
  return addMailJob("'org_invitation'", to, locale, jsonObject({ link, expiresIn, organization }))
}

/**
 * SQL queuing a notice without a link to `to`: email_change_notice (`params.newEmail`) or
 * mfa_locked (`params.lockedFor`, seconds); the arguments are SQL expressions.
 */
export function queueNoticeSql (template: string, to: string, locale: string, params: { newEmail: string } | { lockedFor: string }): string {
  return addMailJob(template, to, locale, jsonObject(params))
}

/**
 * SQL queuing cancel_deletion: the account is erased at `erasureAt` (a timestamptz), and `link`
 * (lasting `expiresIn`) cancels that; the arguments are SQL expressions.
 */
export function queueCancelDeletionSql (to: string, locale: string, link: string, expiresIn: string, erasureAt: string): string {
  return addMailJob("'cancel_deletion'", to, locale, jsonObject({ link, expiresIn, erasureAt: `to_char(${erasureAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')` }))
}

/**
 * SQL deleting the mails queued to `to` (an SQL expression) that no worker is sending: an erased
 * person's. graphile-worker keeps payloads only in its private jobs table (no public view shows
 * them); test/plugins/privacy/erasure.test.ts checks that nothing of the person stays there.
 */
export function dropQueuedMailSql (to: string): string {
  return `select count(*)::int as n from graphile_worker.complete_jobs(array(select j.id from graphile_worker._private_jobs j
    join graphile_worker._private_tasks k on k.id = j.task_id
    where k.identifier = '${MAIL_TASK}' and j.payload->>'to' = ${to} and j.locked_at is null))`
}

/** SQL queuing webhook_disabled to `to` about the endpoint at `url`; the arguments are SQL expressions. */
export function queueWebhookDisabledSql (to: string, locale: string, url: string): string {
  return addMailJob("'webhook_disabled'", to, locale, jsonObject({ url }))
}

/**
 * SQL queuing the mail of a password lock to `to`, lasting `lockedFor` seconds: login_locked with
 * the sign-in `link` (lasting `expiresIn`), or login_locked_notice when `link` is null; the
 * arguments are SQL expressions.
 */
export function queueLoginLockedSql (to: string, locale: string, link: string, expiresIn: string, lockedFor: string): string {
  return addMailJob(`case when ${link} is null then 'login_locked_notice' else 'login_locked' end`, to, locale,
    `json_strip_nulls(${jsonObject({ link, expiresIn, lockedFor })})`)
}

export interface SentMail {
  messageId: string
  /** The .eml file written instead of sending (no SMTP_URL: development and test only). */
  file?: string
}

/**
 * Sends mails with nodemailer to SMTP_URL. Without it (never in production: the configuration
 * refuses that) each mail is written as an .eml file under DATA_DIR/mail, readable by its owner
 * only since it holds a working link. Both parts go unencoded (7bit, or 8bit with BODY=8BITMIME
 * where the server offers it), so the raw message holds each link whole (plugins/mail/parts.ts).
 */
export function createMailer (app: FastifyInstance) {
  const { config, i18n } = app
  const outbox = join(config.dataDir, 'mail')
  // nodemailer (about 4 MB of memory) is loaded by the first mail: a process that sends none
  // (the API without its worker, the CLI) never loads it.
  let transport: Promise<Transporter> | undefined
  const open = () => (transport ??= import('nodemailer').then(({ createTransport }) => config.smtpUrl
    // A stuck SMTP server fails the attempt (the job retries) instead of holding a worker for minutes.
    ? createTransport({ url: config.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as never)
    : createTransport({ streamTransport: true, buffer: true, newline: 'unix' })))

  return {
    async send (mail: SendEmailTaskPayload): Promise<SentMail> {
      const { subject, text, html } = renderMail(i18n, mail)
      const envelope = { from: config.mailFrom, to: mail.to, use8BitMime: isEightBit(text, html) }
      const info = await (await open()).sendMail({
        from: config.mailFrom, to: mail.to, subject, envelope,
        text: unencodedPart('text/plain', text) ?? text,
        html: unencodedPart('text/html', html) ?? html
      })
      if (config.smtpUrl) return { messageId: info.messageId }
      await mkdir(outbox, { recursive: true, mode: 0o700 })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const file = join(outbox, `${stamp}-${mail.template}-${randomBytes(4).toString('hex')}.eml`)
      await writeFile(file, info.message as Buffer, { mode: 0o600 })
      return { messageId: info.messageId, file }
    },

    async close () {
      if (transport) (await transport).close()
    }
  }
}

export default fp(async (app) => {
  const mailer = createMailer(app)
  app.decorate('mailer', mailer)
  app.addHook('onClose', async () => mailer.close())
}, { name: 'mailer', dependencies: ['config', 'i18n'] })

import type { Task } from 'graphile-worker'
import type { FastifyInstance } from 'fastify'
import { Ajv } from 'ajv'
import { NOTICES, SendEmailTaskPayloadSchema, type SendEmailTaskPayload } from '../schemas/mail.js'
import type { Purpose } from '../plugins/accounts/index.js'

const validPayload = new Ajv().compile<SendEmailTaskPayload>(SendEmailTaskPayloadSchema)
/** The purpose of the token a mail's link carries: its template's own, but a lock's sign-in link. */
const purposeOf = (template: SendEmailTaskPayload['template']): Purpose => template === 'login_locked' ? 'sign_in' : template as Purpose

/**
 * Sends one mail queued with its one-time token (verification, password reset, email change), unless that
 * token can no longer be used (superseded, used, expired) or never existed (a reset asked for an
 * address without an account queues a job all the same, so that no address answers faster). An SMTP failure
 * throws, so graphile-worker retries with its backoff up to the job's max_attempts; a completed
 * job is deleted, and with it the only copy of the raw token. A notice (no link) is always sent. Neither the payload nor the link is
 * ever logged.
 */
export function V1SendEmailTask (app: FastifyInstance): Task {
  return async (payload, helpers) => {
    if (!validPayload(payload)) throw new Error('invalid V1SendEmailTask payload')
    const { template, to } = payload
    // An invitation's link carries an invitation's token (plugins/orgs), the others an account's one-time token.
    const usable = (link: string) => template === 'org_invitation' ? app.orgs.invitationUsable(link) : app.accountLifecycle.linkUsable(purposeOf(template), link)
    if (!NOTICES.has(template) && !await usable(payload.params.link ?? '')) {
      helpers.logger.info(`mail ${template} to ${to} not sent: its link can no longer be used, or no account has this address`,
        { template, to, skipped: true })
      return
    }
    const sent = await app.mailer.send(payload)
    if (sent.file) helpers.logger.info(`mail ${template} to ${to} written to ${sent.file}`, { template, to, file: sent.file })
    else helpers.logger.info(`mail ${template} to ${to} sent (${sent.messageId})`, { template, to, messageId: sent.messageId })
  }
}

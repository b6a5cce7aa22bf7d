import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { type Account, type AccountType, accountError, claimAccount, familyStart, verifyPassword, repositoryOf, dataStatements, PAGES, OPAQUE_TOKEN, hashToken, newOpaqueToken, type AccountData, type Counts, ACCOUNT_TYPES } from '../accounts/index.js'
import { AppError } from '../core/errors.js'
import { statement } from '../core/db.js'
import { mailedLink } from '../core/links.js'
import { requireAal2WhenFactors } from '../factors/index.js'
import { assertNotSoleOwner } from '../orgs/index.js'
import { dropQueuedMailSql } from '../mail/index.js'
import { recordEvent, type AuditContext } from '../audit/index.js'
import { uuidv7 } from '../../random.js'

declare module 'fastify' {
  interface FastifyInstance { privacy: ReturnType<typeof createPrivacy> }
}

/** How recent a sign-in must be to stand for the password (deleteaccount, exportdata). */
export const FRESH_SIGN_IN_MS = 5 * 60 * 1000
/** The export's format, first in the document: what a reader of it can rely on. */
export const EXPORT_FORMAT = 'latchkey-export/1'

const STATEMENTS = new Map(Object.values(ACCOUNT_TYPES).map((kind) => [kind, dataStatements(kind)]))
const statementsOf = (kind: AccountType) => STATEMENTS.get(kind)!
const dropMail = statement<{ n: number }, { email: string }>((p) => dropQueuedMailSql(`${p.email}::text`))

/**
 * The mails queued to a person: an erasure drops those not being sent (they hold its address).
 * No table of its own: graphile-worker's queue.
 */
export const mailData: AccountData = {
  name: 'mail',
  tables: [],
  claim: async () => ({}),
  deactivate: async () => ({}),
  async erase (tx, kind, ownerId): Promise<Counts> {
    const [owner] = await statementsOf(kind).owner.run(tx, { ownerId })
    return owner ? { queuedMails: (await dropMail.run(tx, { email: owner.email }))[0].n } : {}
  },
  export: async () => ({})
}

/** The export as a download: a file name with the date, never cached. */
export function sendExport (reply: FastifyReply, document: Record<string, unknown>) {
  const day = String(document.exportedAt).slice(0, 10)
  reply.headers({ 'content-disposition': `attachment; filename="latchkey-export-${day}.json"`, 'cache-control': 'no-store' })
  return { status: 200 as const, success: true as const, ...document } as never
}

export interface ErasureRequested { erasureAt: string, erased: boolean }

/**
 * Letting people out (docs/behaviour.md#deleting-and-exporting-an-account): a user's deletion
 * of its own account (deactivated at once, erased after ACCOUNT_ERASURE_DELAY unless the mailed
 * link cancels it), the erasure itself (every domain's erase handler, accounts/data.ts), and the
 * export of everything kept about a person.
 */
export function createPrivacy (app: FastifyInstance) {
  const { sql, config } = app

  async function erase (kind: AccountType, ownerId: string, context: AuditContext, onlyWhenDue: boolean): Promise<string | null> {
    return sql.begin(async (tx) => {
      const [found] = await statementsOf(kind).lockForErasure.run(tx, { ownerId })
      if (!found || (onlyWhenDue && !found.due)) return null
      const tombstoneId = uuidv7()
      // The sessions revoked first: their sockets close on every instance (the rows' deletion tells nobody).
      await app.accountData.deactivate(tx, kind, ownerId)
      await app.accountData.erase(tx, kind, ownerId, tombstoneId)
      // An admin's erasure of an account whose own is pending: the job would find nothing, but it goes too.
      if (!onlyWhenDue) await statementsOf(kind).removeErasureJob.run(tx, { ownerId })
      const actor = context.actorType === kind.type && context.actorId === ownerId
      await recordEvent(tx, { event: 'account.erased', accountType: kind.type, accountId: tombstoneId },
        actor ? { actorType: kind.type, actorId: tombstoneId, sessionId: null, ip: null, userAgent: null } : context)
      return tombstoneId
    })
  }

  return {
    /**
     * The proof an erasure or an export asks of the caller: its password, or a session signed in
     * within the last 5 minutes; and aal2 when the account has a verified factor. Wrong password:
     * BAD_REQUEST_INVALID_CURRENT_PASSWORD; neither: FORBIDDEN_REAUTHENTICATION_REQUIRED.
     */
    async reauthenticate (kind: AccountType, account: Account, password: string | undefined): Promise<void> {
      await requireAal2WhenFactors(sql, kind, account)
      if (password === undefined) {
        const start = account.sessionId ? familyStart(account.sessionId, new Date(0)).getTime() : 0
        if (Date.now() - start > FRESH_SIGN_IN_MS) throw accountError(kind, 'FORBIDDEN_REAUTHENTICATION_REQUIRED')
        return
      }
      const [found] = await repositoryOf(kind).owners.passwordOf.run(sql, { id: account.id })
      if (!found) throw new AppError('UNAUTHORIZED')
      if (!found.password || !await verifyPassword(found.password, password)) throw accountError(kind, 'BAD_REQUEST_INVALID_CURRENT_PASSWORD')
    },

    /**
     * A user's deletion of its own account: refused to the sole owner of an organization with
     * other members (ORG.BAD_REQUEST_LAST_OWNER); else deactivated at once (every domain's
     * deactivate handler: sessions, grants, keys) and, after ACCOUNT_ERASURE_DELAY, erased by
     * V1EraseAccountTask, the mailed link cancelling it until then. With a delay of 0 it is erased now.
     */
    async requestErasure (kind: AccountType, ownerId: string, locale: string, context: AuditContext): Promise<ErasureRequested> {
      if (config.accountErasureDelay === 0) {
        if (kind.organizations) await assertNotSoleOwner(sql, ownerId)
        if (!await erase(kind, ownerId, context, false)) throw new AppError('UNAUTHORIZED')
        return { erasureAt: new Date().toISOString(), erased: true }
      }
      const { token, hash } = newOpaqueToken()
      const link = mailedLink(config, PAGES.cancel_deletion, token)
      return sql.begin(async (tx) => {
        if (kind.organizations) await assertNotSoleOwner(tx, ownerId)
        const [row] = await statementsOf(kind).requestErasure.run(tx, {
          ownerId, delay: config.accountErasureDelay, tokenId: uuidv7(), hash, locale, link, eventId: uuidv7(), ...context
        })
        // Deactivated meanwhile (an admin, a concurrent request): its tokens are dead already.
        if (!row) throw new AppError('UNAUTHORIZED')
        await app.accountData.deactivate(tx, kind, ownerId)
        return { erasureAt: row.erasure_due_at.toISOString(), erased: false }
      })
    },

    /**
     * The mailed link of a pending erasure, used: the account is active again and the id is
     * answered for the caller to sign in (the link proved the mailbox, as a sign-in link's does;
     * an unconfirmed account is claimed). Unknown, used, expired or erased: INVALID_TOKEN.
     */
    async cancelErasure (kind: AccountType, token: string, context: AuditContext): Promise<string> {
      if (!OPAQUE_TOKEN.test(token)) throw accountError(kind, 'BAD_REQUEST_INVALID_TOKEN')
      return sql.begin(async (tx) => {
        const [row] = await statementsOf(kind).cancelErasure.run(tx, { hash: hashToken(token), eventId: uuidv7(), ip: context.ip, userAgent: context.userAgent })
        if (!row) throw accountError(kind, 'BAD_REQUEST_INVALID_TOKEN')
        if (!row.was_confirmed) {
          await claimAccount(tx, kind, row.id, { via: 'link' }, { ...context, actorType: kind.type, actorId: row.id }, app.accountData)
        }
        return row.id
      })
    },

    /** Erases an account now (admins, the CLI): the tombstone id, null when there is no such account. */
    eraseNow: (kind: AccountType, ownerId: string, context: AuditContext) => erase(kind, ownerId, context, false),

    /** The job's erasure: only when it is due (a cancelled or postponed request leaves the account as it is). */
    eraseWhenDue: (kind: AccountType, ownerId: string) => erase(kind, ownerId, { actorType: kind.type, actorId: ownerId, sessionId: null, ip: null, userAgent: null }, true),

    /**
     * Everything kept about a person as one document (every domain's export handler, read in one
     * snapshot), and account.exported recorded; null when there is no such account.
     */
    async export (kind: AccountType, ownerId: string, context: AuditContext): Promise<Record<string, unknown> | null> {
      const document = await sql.begin('isolation level repeatable read read only', (tx) => app.accountData.export(tx, kind, ownerId))
      if (!document.account) return null
      await recordEvent(sql, { event: 'account.exported', accountType: kind.type, accountId: ownerId }, context)
      return { format: EXPORT_FORMAT, exportedAt: new Date().toISOString(), accountType: kind.type, ...document }
    }
  }
}

/** Deletion, erasure and export of accounts; the queued mails' part of the account data registry (both roles: the worker erases). */
export default fp(async (app) => {
  app.accountData.register(mailData)
  app.decorate('privacy', createPrivacy(app))
}, { name: 'privacy', dependencies: ['db', 'config', 'account-data'] })

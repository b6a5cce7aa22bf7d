import type { FastifyInstance } from 'fastify'
import type { AccountType } from './registry.js'
import type { Queryable, Statement } from '../core/db.js'
import { hashPassword } from './passwords.js'
import { assertStrongPassword } from './password-policy.js'
import { accountError } from './errors.js'
import type { Issued, SessionMeta, createLogin } from './login.js'
import { PASSWORD } from './assurance.js'
import { normalizeEmail, presentAccount, repositoryOf, type Owner } from './repository.js'
import { uuidv7 } from '../../random.js'
import type { CheckedProfile } from './profile.js'

const NO_PROFILE: CheckedProfile = { values: {}, fields: [] }
import type { PublicAccount } from '../../schemas/accounts.js'

/** Runs the insert of a new account; a taken email is the type's USER_ALREADY_EXISTS. */
export async function insertAccount<P extends object> (kind: AccountType, db: Queryable, statement: Statement<Owner, P>, params: P): Promise<Owner> {
  try {
    const [row] = await statement.run(db, params)
    return row
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw accountError(kind, 'BAD_REQUEST_USER_ALREADY_EXISTS')
    throw e
  }
}

/** More work in the transaction that creates an account, given its id. */
export type Within = (tx: Queryable, ownerId: string) => Promise<unknown>

/** New accounts by registration (signed in, or not with REQUIRE_EMAIL_CONFIRMED); the CLI's `user create` is accountAdmin.create. */
export function createSignup (app: FastifyInstance, login: ReturnType<typeof createLogin>) {
  const { sql, config } = app

  /** A registration's statement and `within` in one transaction. */
  function inTransaction<P extends object> (kind: AccountType, statement: Statement<Owner, P>, params: P, within?: Within): Promise<Owner> {
    return sql.begin(async (tx) => {
      const row = await insertAccount(kind, tx, statement, params)
      await within?.(tx, row.id)
      return row
    })
  }

  return {
    /**
     * Creates an active account and signs it in, like a login; `within` runs in the same
     * transaction (the verification mail is queued there). A weak password is refused first.
     */
    async register (kind: AccountType, email: string, password: string, meta: SessionMeta, within?: Within, profile: CheckedProfile = NO_PROFILE): Promise<Issued> {
      await assertStrongPassword(kind, config.passwordPolicy, 'password', password, normalizeEmail(email))
      const { params, familyId, refreshToken } = login.newSession(uuidv7(), meta, PASSWORD)
      const hash = await hashPassword(password)
      const row = await inTransaction(kind, repositoryOf(kind).sessions.register,
        { ...params, email: normalizeEmail(email), password: hash, eventId: uuidv7(), profile: profile.values }, within)
      return login.issue(kind, row, meta.client, refreshToken, familyId, PASSWORD)
    },

    /** Creates an active account without a session (REQUIRE_EMAIL_CONFIRMED: it signs in once confirmed). */
    async registerWithoutSession (kind: AccountType, email: string, password: string, meta: SessionMeta, within?: Within,
      profile: CheckedProfile = NO_PROFILE): Promise<PublicAccount> {
      await assertStrongPassword(kind, config.passwordPolicy, 'password', password, normalizeEmail(email))
      const hash = await hashPassword(password)
      const params = { id: uuidv7(), email: normalizeEmail(email), password: hash, eventId: uuidv7(), ip: meta.ip, userAgent: meta.userAgent,
        client: meta.client, platform: meta.platform, profile: profile.values }
      return presentAccount(await inTransaction(kind, repositoryOf(kind).owners.registerWithoutSession, params, within))
    }
  }
}

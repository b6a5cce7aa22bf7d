import type { AccountType } from './accounts.js'
import type { Database } from './db.js'
import { hashPassword } from './passwords.js'

/** Creates an active account; the email is stored lower-case. */
export async function createAccount (db: Database, kind: AccountType, email: string, password: string) {
  const [account] = await db.insert(kind.owners)
    .values({ email: email.trim().toLowerCase(), password: await hashPassword(password) })
    .returning()
  return account
}

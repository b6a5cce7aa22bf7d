import type { FastifyInstance } from 'fastify'
import type { AccountType } from '../accounts/index.js'
import { CLI_ACTOR } from '../audit/index.js'

/**
 * `latchkey user erase|export --email E`: the account erased now (its tombstone id printed), or
 * everything kept about the person as one JSON document on standard output. 1 when there is no
 * such account.
 */
export async function eraseOrExport (app: FastifyInstance, kind: AccountType, action: 'erase' | 'export', email: string): Promise<number> {
  const id = await app.accountAdmin.idByEmail(kind, email)
  if (!id) {
    console.error(`no ${kind.type} with the email ${email}`)
    return 1
  }
  if (action === 'export') {
    const document = await app.privacy.export(kind, id, CLI_ACTOR)
    if (!document) return 1
    console.log(JSON.stringify(document, null, 2))
    return 0
  }
  const tombstoneId = await app.privacy.eraseNow(kind, id, CLI_ACTOR)
  if (!tombstoneId) return 1
  console.log(`${kind.type} ${id} erased: its audit events now name ${tombstoneId}`)
  return 0
}

import type { FastifyPluginAsync } from 'fastify'
import { NoArgsSchema } from '../../../schemas/accounts.js'
import type { AccountType } from '../registry.js'
import { auditContext } from './common.js'
import { signOut } from './logout.js'

/** /v1/<type>/logoutall (authenticated): every session and access token of the caller ends (200). */
export function logoutall (kind: AccountType): FastifyPluginAsync {
  return signOut(kind, 'logoutall', {
    assurance: 'policy',
    summary: 'Sign out every device; every access token dies at once',
    args: NoArgsSchema,
    end: ({ sessions }, request) => sessions.logoutAll(kind, request.account!.id, auditContext(request))
  })
}

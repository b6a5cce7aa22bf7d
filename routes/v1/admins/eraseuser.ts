import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { ACCOUNT_TYPES, accountError, auditContext } from '../../../plugins/accounts/index.js'
import { requireAal2WhenFactors } from '../../../plugins/factors/index.js'
import { UserIdArgsSchema } from '../../../schemas/admin.js'
import { EraseUserResponseSchema } from '../../../schemas/privacy.js'

const USER = ACCOUNT_TYPES.user
const ADMIN = ACCOUNT_TYPES.admin

/**
 * /v1/admins/eraseuser (admins; aal2 when the admin has a verified factor) with `userId`: the user
 * is erased now, whatever its own requests (200 `{ tombstoneId }`). Unknown or erased: 404 USER.NOT_FOUND.
 */
const eraseuser: FastifyPluginAsync = async (app) => {
  defineAction(app, {
    url: '/eraseuser',
    operation: 'V1EraseUserByAdmin',
    auth: ADMIN.type,
    assurance: 'policy',
    errors: ['USER.NOT_FOUND', 'ADMIN.FORBIDDEN_AAL2_REQUIRED'],
    summary: 'Erase a user now; its audit events stay under a tombstone id',
    args: UserIdArgsSchema,
    responses: { 200: EraseUserResponseSchema },
    handler: async (request) => {
      await requireAal2WhenFactors(app.sql, ADMIN, request.account!)
      const tombstoneId = await app.privacy.eraseNow(USER, request.query.userId, auditContext(request))
      if (!tombstoneId) throw accountError(USER, 'NOT_FOUND')
      return { status: 200 as const, success: true as const, tombstoneId }
    }
  })
}
export default eraseuser

import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../core/action.js'
import { ACCOUNT_TYPES } from '../../accounts/registry.js'
import { accountError } from '../../accounts/errors.js'
import { auditContext } from '../../accounts/actions/common.js'
import { requireAal2WhenFactors } from '../../factors/factors.js'
import { UserIdArgsSchema } from '../../../schemas/admin.js'
import { EraseUserResponseSchema, ExportResponseSchema } from '../../../schemas/privacy.js'
import { sendExport } from './exportdata.js'

const USER = ACCOUNT_TYPES.user
const ADMIN = ACCOUNT_TYPES.admin

/**
 * /v1/admins/eraseuser (admins; aal2 when the admin has a verified factor) with `userId`: the user
 * is erased now, whatever its own requests (200 `{ tombstoneId }`). Unknown or erased: 404 USER.NOT_FOUND.
 */
export const eraseuser: FastifyPluginAsync = async (app) => {
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

/** /v1/admins/exportuser (admins) with `userId`: the user's export document, as the user gets it. Unknown: 404 USER.NOT_FOUND. */
export const exportuser: FastifyPluginAsync = async (app) => {
  defineAction(app, {
    url: '/exportuser',
    operation: 'V1ExportUserByAdmin',
    auth: ADMIN.type,
    assurance: 'policy',
    errors: ['USER.NOT_FOUND'],
    summary: 'Everything kept about a user, as one JSON document to download',
    args: UserIdArgsSchema,
    responses: { 200: ExportResponseSchema },
    handler: async (request, reply) => {
      const document = await app.privacy.export(USER, request.query.userId, auditContext(request))
      if (!document) throw accountError(USER, 'NOT_FOUND')
      return sendExport(reply, document)
    }
  })
}

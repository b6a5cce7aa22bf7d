import type { FastifyPluginAsync } from 'fastify'
import { Type } from '@sinclair/typebox'
import { defineAction } from '../../../plugins/core/action.js'
import { refuseUnknownArgs } from '../../../plugins/core/args.js'
import { AppMetadataArg, ProfileArgs } from '../../../schemas/accounts.js'
import { AdminUserResponseSchema } from '../../../schemas/admin.js'
import { ACCOUNT_TYPES, accountError, auditContext, checkProfile, presentAdminView, updateProfile } from '../../../plugins/accounts/index.js'

const UpdateUserArgsSchema = Type.Object({ userId: Type.String({ format: 'uuid' }), ...ProfileArgs, ...AppMetadataArg }, { additionalProperties: false })

/**
 * /v1/admins/updateuser (admins) with `userId`: the user's profile, `userMetadata` and
 * `appMetadata` (200, the user as admins see it). Only the fields sent change; null or "" clears
 * one, and a metadata object is replaced whole. Audited as `admin.user_updated` with the names of
 * the fields written; an unknown user is 404 `USER.NOT_FOUND`.
 */
const updateuser: FastifyPluginAsync = async (app) => {
  const { sql } = app
  const kind = ACCOUNT_TYPES.user
  defineAction(app, {
    url: '/updateuser',
    operation: 'V1UpdateUserByAdmin',
    auth: 'admin',
    assurance: 'policy',
    errors: ['USER.NOT_FOUND'],
    summary: 'Update a user\'s profile, userMetadata and appMetadata',
    args: UpdateUserArgsSchema,
    responses: { 200: AdminUserResponseSchema },
    preValidation: refuseUnknownArgs(UpdateUserArgsSchema),
    handler: async (request) => {
      const { userId, ...changes } = request.query
      const row = await updateProfile(sql, kind, userId, checkProfile(changes, true), 'admin.user_updated', auditContext(request))
      if (!row) throw accountError(kind, 'NOT_FOUND')
      return { status: 200 as const, success: true as const, user: presentAdminView(row) }
    }
  })
}
export default updateuser

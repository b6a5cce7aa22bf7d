import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { refuseUnknownArgs } from '../../../plugins/core/args.js'
import { AccountResponseSchema, UpdateProfileArgsSchema } from '../../../schemas/accounts.js'
import { AppError } from '../../../plugins/core/errors.js'
import { accountBody, accountTypeAt, auditContext, checkProfile, operation, presentAccount, refuseAppMetadata, updateProfile } from '../../../plugins/accounts/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/**
 * /v1/<type>/updateprofile (authenticated): the caller's own profile and `userMetadata` (200, the
 * account). Only the fields sent change; null or "" clears one. `appMetadata` is refused (admins
 * write it with updateuser), as is any argument the action does not know. Audited as
 * `user.profile_updated` with the names of the fields written.
 */
const updateprofile: FastifyPluginAsync = async (app) => {
  const kind = accountTypeAt(servedUnder(app))
  const { sql } = app
  defineAction(app, {
    url: '/updateprofile',
    operation: operation(kind, 'updateprofile'),
    auth: kind.type,
    assurance: 'aal1',
    summary: 'Update the caller\'s own profile and userMetadata',
    args: UpdateProfileArgsSchema,
    responses: { 200: AccountResponseSchema(kind) },
    preValidation: [refuseAppMetadata, refuseUnknownArgs(UpdateProfileArgsSchema)],
    handler: async (request) => {
      const change = checkProfile(request.query, false)
      const row = await updateProfile(sql, kind, request.account!.id, change, 'user.profile_updated', auditContext(request))
      if (!row) throw new AppError('UNAUTHORIZED')
      return accountBody(kind, 200, presentAccount(row))
    }
  })
}
export default updateprofile

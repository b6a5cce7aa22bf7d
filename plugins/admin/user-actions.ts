import type { FastifyInstance } from 'fastify'
import { defineAction } from '../core/action.js'
import { AdminUserResponseSchema, UserIdArgsSchema } from '../../schemas/admin.js'
import { ACCOUNT_TYPES, accountError, auditContext } from '../accounts/index.js'
import type { AccountActionName } from './accounts.js'

const OPERATIONS: Record<AccountActionName, [url: string, operation: string, summary: string]> = {
  deactivate: ['/deactivateuser', 'V1DeactivateUserByAdmin', 'Deactivate a user, signing the user out everywhere'],
  activate: ['/activateuser', 'V1ActivateUserByAdmin', 'Activate a deactivated user'],
  delete: ['/deleteuser', 'V1DeleteUserByAdmin', 'Delete a user (soft), signing the user out everywhere'],
  restore: ['/restoreuser', 'V1RestoreUserByAdmin', 'Restore a deleted user'],
  signout: ['/signoutuser', 'V1SignOutUserByAdmin', 'Sign a user out on every device'],
  confirmemail: ['/confirmuseremail', 'V1ConfirmUserEmailByAdmin', 'Mark a user\'s email address as confirmed']
}

/**
 * /v1/admins/<action>user (admins only) with `userId`: one change to a user, its audit event,
 * and for deactivate, delete and signout every session revoked with a tokenVersion bump; 200
 * `{ user }` as admins see it. An unknown user is 404 `USER.NOT_FOUND`. Each action has its file
 * in routes/v1/admins/ (activateuser.ts...), all of them written here once.
 */
export function defineUserAction (app: FastifyInstance, action: AccountActionName): void {
  const [url, operation, summary] = OPERATIONS[action]
  const { accountAdmin } = app
  defineAction(app, {
    url,
    operation,
    auth: 'admin',
    assurance: 'policy',
    errors: ['USER.NOT_FOUND'],
    summary,
    args: UserIdArgsSchema,
    responses: { 200: AdminUserResponseSchema },
    handler: async (request) => {
      const user = await accountAdmin.apply(ACCOUNT_TYPES.user, request.query.userId, action, auditContext(request))
      if (!user) throw accountError(ACCOUNT_TYPES.user, 'NOT_FOUND')
      return { status: 200 as const, success: true as const, user }
    }
  })
}

import { Type } from '@sinclair/typebox'
import { Success } from './common.js'

const Password = Type.String({ minLength: 1, maxLength: 1024, description: 'The current password; without it, the session must have signed in within the last 5 minutes' })

/** deleteaccount and exportdata: the proof of a user at the keyboard. */
export const ReauthenticationArgsSchema = Type.Object({ password: Type.Optional(Password) }, { additionalProperties: false })

export const DeleteAccountResponseSchema = Success(200, {
  erasureAt: Type.String({ format: 'date-time', description: 'When the account is (or was) erased' }),
  erased: Type.Boolean({ description: 'Erased already (ACCOUNT_ERASURE_DELAY=0); else deactivated, with a mailed link that cancels the erasure until erasureAt' })
}, { title: 'DeleteAccountResponse' })

export const CancelDeletionArgsSchema = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 128, description: 'The token of the mailed link (its `token` query parameter: .../cancel-deletion?token=...)' })
}, { additionalProperties: false })

export const EraseUserResponseSchema = Success(200, {
  tombstoneId: Type.String({ format: 'uuid', description: 'The id the user\'s audit events now carry' })
}, { title: 'EraseUserResponse' })

/**
 * Everything kept about a person, as one JSON document (docs/behaviour.md#deleting-and-exporting-an-account):
 * `format`, `exportedAt`, `accountType`, then each domain's sections (account, sessions,
 * mailedLinks, factors, recoveryCodesLeft, identities, authorizedApps, organizations,
 * invitations, apiKeys, webhookEndpoints, presence, posts, auditEvents).
 */
export const ExportResponseSchema = Type.Object({
  status: Type.Literal(200),
  success: Type.Literal(true),
  format: Type.Literal('latchkey-export/1'),
  exportedAt: Type.String({ format: 'date-time' }),
  accountType: Type.String(),
  account: Type.Object({}, { additionalProperties: true })
}, { additionalProperties: true, title: 'AccountExport' })

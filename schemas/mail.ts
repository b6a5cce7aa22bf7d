import { Type, type Static } from '@sinclair/typebox'

/**
 * The mails there are; each but the notices has a purpose of the one-time tokens of the same name.
 * `email_change_notice` tells the old address that a change to `params.newEmail` was asked for (no link).
 * `mfa_locked` tells the owner that wrong second-factor codes locked its codes for `params.lockedFor` seconds (no link).
 * `login_locked` tells the owner that wrong passwords paused password sign-in for `params.lockedFor` seconds, with a
 * sign-in link (its token's purpose is `sign_in`); `login_locked_notice` says the same without a link and names the reset.
 * `org_invitation` invites the address into the organization `params.organization` (its token is an invitation's).
 * `cancel_deletion` tells the owner that its account is erased at `params.erasureAt`, with the link that cancels it (its token's purpose is `cancel_deletion`).
 * `webhook_disabled` tells an admin that the webhook endpoint `params.url` failed for too long and was disabled (no link).
 */
export const MailTemplateSchema = Type.Union([Type.Literal('verify_email'), Type.Literal('reset_password'), Type.Literal('sign_in'),
  Type.Literal('change_email'), Type.Literal('email_change_notice'), Type.Literal('mfa_locked'), Type.Literal('login_locked'),
  Type.Literal('login_locked_notice'), Type.Literal('org_invitation'), Type.Literal('webhook_disabled'), Type.Literal('cancel_deletion')])
export type MailTemplate = Static<typeof MailTemplateSchema>
/** The mails without a link (nor a token to check before sending). */
export const NOTICES: ReadonlySet<MailTemplate> = new Set(['email_change_notice', 'mfa_locked', 'login_locked_notice', 'webhook_disabled'])

/** V1SendEmailTask's payload (docs/behaviour.md#mail): `{ template, to, locale, params }`. */
export const SendEmailTaskPayloadSchema = Type.Object({
  template: MailTemplateSchema,
  to: Type.String({ minLength: 3, maxLength: 254 }),
  locale: Type.String({ minLength: 2, maxLength: 16 }),
  params: Type.Object({
    /** The link to the client app, with the raw one-time token: the only copy there is (none in a notice). */
    link: Type.Optional(Type.String({ pattern: '^https?://' })),
    /** The link's lifetime in seconds, as the mail states it. */
    expiresIn: Type.Optional(Type.Integer({ minimum: 1 })),
    /** The address a change was asked for (email_change_notice). */
    newEmail: Type.Optional(Type.String({ maxLength: 254 })),
    /** How long the lock lasts in seconds, as the mail states it (mfa_locked, login_locked, login_locked_notice). */
    lockedFor: Type.Optional(Type.Integer({ minimum: 1 })),
    /** The name of the organization an invitation is to (org_invitation). */
    organization: Type.Optional(Type.String({ maxLength: 100 })),
    /** The URL of the webhook endpoint that was disabled (webhook_disabled). */
    url: Type.Optional(Type.String({ maxLength: 2000 })),
    /** When the account is erased, an ISO timestamp (cancel_deletion). */
    erasureAt: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$' }))
  })
})
export type SendEmailTaskPayload = Static<typeof SendEmailTaskPayloadSchema>

import { Type, type Static } from '@sinclair/typebox'

/**
 * The mails there are; each but the notices has a purpose of the one-time tokens of the same name.
 * `email_change_notice` tells the old address that a change to `params.newEmail` was asked for (no link).
 */
export const MailTemplateSchema = Type.Union([Type.Literal('verify_email'), Type.Literal('reset_password'), Type.Literal('sign_in'),
  Type.Literal('change_email'), Type.Literal('email_change_notice')])
export type MailTemplate = Static<typeof MailTemplateSchema>
/** The mails without a link (nor a token to check before sending). */
export const NOTICES: ReadonlySet<MailTemplate> = new Set(['email_change_notice'])

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
    newEmail: Type.Optional(Type.String({ maxLength: 254 }))
  })
})
export type SendEmailTaskPayload = Static<typeof SendEmailTaskPayloadSchema>

import { Type, type Static } from '@sinclair/typebox'

/** The mails there are; each has a purpose of the one-time tokens of the same name. */
export const MailTemplateSchema = Type.Union([Type.Literal('verify_email'), Type.Literal('reset_password'), Type.Literal('sign_in')])
export type MailTemplate = Static<typeof MailTemplateSchema>

/** V1SendEmailTask's payload (docs/behaviour.md#mail): `{ template, to, locale, params }`. */
export const SendEmailTaskPayloadSchema = Type.Object({
  template: MailTemplateSchema,
  to: Type.String({ minLength: 3, maxLength: 254 }),
  locale: Type.String({ minLength: 2, maxLength: 16 }),
  params: Type.Object({
    /** The link to the client app, with the raw one-time token: the only copy there is. */
    link: Type.String({ pattern: '^https?://' }),
    /** The link's lifetime in seconds, as the mail states it. */
    expiresIn: Type.Integer({ minimum: 1 })
  })
})
export type SendEmailTaskPayload = Static<typeof SendEmailTaskPayloadSchema>

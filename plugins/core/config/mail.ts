import { Type } from '@sinclair/typebox'
import { ConfigError, defineConcern } from './concern.js'

export interface MailConfig {
  /** Where mail goes (nodemailer); undefined: .eml files under DATA_DIR/mail (never in production). */
  smtpUrl?: string
  mailFrom: string
  /**
   * The client app whose pages the mailed links open (/verify-email, /reset-password, ...), and
   * where a provider sign-in may return; unset: the service's own account pages (plugins/core/links.ts).
   */
  publicAppUrl?: string
}

/** Outgoing mail: the SMTP server, the sender, and the app its links open. */
export const mail = defineConcern({
  env: {
    SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://', description: 'an smtp:// or smtps:// URL' })),
    MAIL_FROM: Type.String({ minLength: 3, default: 'Latchkey <no-reply@localhost>', description: 'a sender like Latchkey <no-reply@example.com>' }),
    PUBLIC_APP_URL: Type.Optional(Type.String({
      pattern: '^https?://[^?#]+$', description: 'the http(s):// address of the client app, without query or fragment'
    }))
  },
  read: (env, { isProduction }): MailConfig => {
    // Without SMTP a production service would write its users' reset links to its own disk.
    if (isProduction && !env.SMTP_URL) {
      throw new ConfigError('Invalid configuration: SMTP_URL must be set in production (mail is written to files only in development and test)')
    }
    return { smtpUrl: env.SMTP_URL, mailFrom: env.MAIL_FROM, publicAppUrl: env.PUBLIC_APP_URL?.replace(/\/+$/, '') }
  }
})

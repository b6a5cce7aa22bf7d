import { ConfigError, defineConcern } from './concern.js'
import { Type } from '@sinclair/typebox'
import { Bool, Duration, parseDuration } from './forms.js'

export interface AccountsConfig {
  requireEmailConfirmed: boolean
  registrationEnabled: boolean
  /** Seconds a verification link and a password reset link stay usable. */
  emailVerificationTtl: number
  passwordResetTtl: number
  /** Whether /v1/users/requestsigninlink mails sign-in links. */
  magicLinkEnabled: boolean
  /** Seconds a mailed sign-in link stays usable. */
  signInLinkTtl: number
  /** Seconds audit events are kept before V1PruneAuditEventsTask deletes them. */
  auditRetention: number
  /** Seconds between a user's deleteaccount and its erasure (its cancel link lasts that long); 0: at once. */
  accountErasureDelay: number
}

/** Who may register and sign in, how long mailed links last, how long account events are kept. */
export const accounts = defineConcern({
  env: {
    REQUIRE_EMAIL_CONFIRMED: Bool('false'),
    REGISTRATION_ENABLED: Bool('true'),
    EMAIL_VERIFICATION_EXPIRES_IN: Duration('24h'),
    PASSWORD_RESET_EXPIRES_IN: Duration('1h'),
    MAGIC_LINK_ENABLED: Bool('true'),
    SIGN_IN_LINK_EXPIRES_IN: Duration('15m'),
    AUDIT_RETENTION: Duration('90d'),
    // `0` alone (no unit) erases at once.
    ACCOUNT_ERASURE_DELAY: Type.String({ pattern: '^(0|[0-9]+[smhd])$', description: 'a duration like 7d: <integer><s|m|h|d>, or 0', default: '7d' })
  },
  read: (env): AccountsConfig => {
    // A link born expired would be mailed uselessly, and its job could never succeed.
    for (const name of ['EMAIL_VERIFICATION_EXPIRES_IN', 'PASSWORD_RESET_EXPIRES_IN', 'SIGN_IN_LINK_EXPIRES_IN'] as const) {
      if (parseDuration(env[name]) === 0) throw new ConfigError(`Invalid configuration: ${name} must be longer than 0s, got "${env[name]}"`)
    }
    return {
      requireEmailConfirmed: env.REQUIRE_EMAIL_CONFIRMED === 'true',
      registrationEnabled: env.REGISTRATION_ENABLED === 'true',
      emailVerificationTtl: parseDuration(env.EMAIL_VERIFICATION_EXPIRES_IN),
      passwordResetTtl: parseDuration(env.PASSWORD_RESET_EXPIRES_IN),
      magicLinkEnabled: env.MAGIC_LINK_ENABLED === 'true',
      signInLinkTtl: parseDuration(env.SIGN_IN_LINK_EXPIRES_IN),
      auditRetention: parseDuration(env.AUDIT_RETENTION),
      accountErasureDelay: env.ACCOUNT_ERASURE_DELAY === '0' ? 0 : parseDuration(env.ACCOUNT_ERASURE_DELAY)
    }
  }
})

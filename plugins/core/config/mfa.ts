import { defineConcern } from './concern.js'
import { Bool, Duration, Int, parseDuration } from './forms.js'

export interface MfaConfig {
  /** Whether admin routes refuse an access token without a second factor (aal1), but those that enrol one. */
  adminMfaRequired: boolean
  /** Consecutive wrong second-factor codes of one account before its codes are refused, and for how long; 0: no lockout. */
  mfaLockout: { threshold: number, durationSeconds: number }
}

/** Second factors: what an admin must have signed in with, and how many wrong codes an account takes. */
export const mfa = defineConcern({
  env: { ADMIN_MFA_REQUIRED: Bool('false'), MFA_LOCKOUT_THRESHOLD: Int(0, 1e6, '10'), MFA_LOCKOUT_DURATION: Duration('1h') },
  read: (env): MfaConfig => ({
    adminMfaRequired: env.ADMIN_MFA_REQUIRED === 'true',
    // A lock of 0s would refuse nothing: the lockout is off then, as with a threshold of 0.
    mfaLockout: {
      threshold: parseDuration(env.MFA_LOCKOUT_DURATION) > 0 ? Number(env.MFA_LOCKOUT_THRESHOLD) : 0,
      durationSeconds: parseDuration(env.MFA_LOCKOUT_DURATION)
    }
  })
})

import { defineConcern } from './concern.js'
import { Duration, Int, parseDuration } from './forms.js'

export interface SafetyConfig {
  /** Failed sign-ins of one address within the window before it is locked; 0: no lockout. */
  loginLockout: { threshold: number, windowSeconds: number }
  /** What a new password must be: its length, and its zxcvbn score (0 to 4). */
  passwordPolicy: { minLength: number, minScore: number }
  /** Session families an account may hold; a new one beyond it revokes the least recently used. 0: no cap. */
  maxSessionsPerAccount: number
}

/** Account safety: the per-account lockout, the password policy and the session cap. */
export const safety = defineConcern({
  env: {
    LOGIN_LOCKOUT_THRESHOLD: Int(0, 1e6, '10'),
    LOGIN_LOCKOUT_WINDOW: Duration('15m'),
    PASSWORD_MIN_LENGTH: Int(8, 1024, '8'),
    PASSWORD_MIN_SCORE: Int(0, 4, '2'),
    MAX_SESSIONS_PER_ACCOUNT: Int(0, 1e6, '0')
  },
  read: (env): SafetyConfig => ({
    // A window of 0s would lock nothing: the lockout is off then, as with a threshold of 0.
    loginLockout: {
      threshold: parseDuration(env.LOGIN_LOCKOUT_WINDOW) > 0 ? Number(env.LOGIN_LOCKOUT_THRESHOLD) : 0,
      windowSeconds: parseDuration(env.LOGIN_LOCKOUT_WINDOW)
    },
    passwordPolicy: { minLength: Number(env.PASSWORD_MIN_LENGTH), minScore: Number(env.PASSWORD_MIN_SCORE) },
    maxSessionsPerAccount: Number(env.MAX_SESSIONS_PER_ACCOUNT)
  })
})

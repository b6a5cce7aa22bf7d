import { defineConcern } from './concern.js'
import { Duration, Int, parseDuration } from './forms.js'

export interface RateLimitsConfig {
  rateLimit: { max: number, windowMs: number }
  loginRateLimit: { max: number, windowMs: number }
}

/** Requests per window: the global limit, and the tighter one of the password routes (LOGIN_*). */
export const rateLimits = defineConcern({
  env: {
    RATE_LIMIT_MAX: Int(1, 1e9, '300'),
    RATE_LIMIT_WINDOW: Duration('5m'),
    LOGIN_RATE_LIMIT_MAX: Int(1, 1e9, '10'),
    LOGIN_RATE_LIMIT_WINDOW: Duration('15m')
  },
  read: (env): RateLimitsConfig => ({
    rateLimit: { max: Number(env.RATE_LIMIT_MAX), windowMs: parseDuration(env.RATE_LIMIT_WINDOW) * 1000 },
    loginRateLimit: { max: Number(env.LOGIN_RATE_LIMIT_MAX), windowMs: parseDuration(env.LOGIN_RATE_LIMIT_WINDOW) * 1000 }
  })
})

import { defineConcern } from './concern.js'
import { Duration, Int, parseDuration } from './forms.js'

export interface RateLimitsConfig {
  rateLimit: { max: number, windowMs: number }
  loginRateLimit: { max: number, windowMs: number }
  /** Requests per minute of one organization API key. */
  apiKeyRateLimitMax: number
}

/** Requests per window: the global limit, the tighter one of the password routes (LOGIN_*), and per API key per minute. */
export const rateLimits = defineConcern({
  env: {
    RATE_LIMIT_MAX: Int(1, 1e9, '300'),
    RATE_LIMIT_WINDOW: Duration('5m'),
    LOGIN_RATE_LIMIT_MAX: Int(1, 1e9, '10'),
    LOGIN_RATE_LIMIT_WINDOW: Duration('15m'),
    API_KEY_RATE_LIMIT_MAX: Int(1, 1e9, '600')
  },
  read: (env): RateLimitsConfig => ({
    rateLimit: { max: Number(env.RATE_LIMIT_MAX), windowMs: parseDuration(env.RATE_LIMIT_WINDOW) * 1000 },
    loginRateLimit: { max: Number(env.LOGIN_RATE_LIMIT_MAX), windowMs: parseDuration(env.LOGIN_RATE_LIMIT_WINDOW) * 1000 },
    apiKeyRateLimitMax: Number(env.API_KEY_RATE_LIMIT_MAX)
  })
})

import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'

declare module 'fastify' {
  interface FastifyInstance {
    /** The account families (logins, refreshes, reuse); null when metrics are off. */
    accountMetrics: ReturnType<typeof createAccountMetrics> | null
  }
}

export function createAccountMetrics (metrics: NonNullable<FastifyInstance['metrics']>) {
  return {
    logins: metrics.counter({ name: 'latchkey_logins_total', help: 'Login attempts by account type and outcome', labelNames: ['type', 'outcome'] as const }),
    refreshes: metrics.counter({ name: 'latchkey_refreshes_total', help: 'Refresh attempts by account type and outcome', labelNames: ['type', 'outcome'] as const }),
    reuseDetected: metrics.counter({
      name: 'latchkey_refresh_reuse_detected_total',
      help: 'Rotated refresh tokens replayed outside the reuse interval (the owner was signed out everywhere)',
      labelNames: ['type'] as const
    }),
    mfaChallenges: metrics.counter({
      name: 'latchkey_mfa_challenges_total',
      help: 'Second-factor challenges by account type and outcome (issued, verified, recovery_code, invalid_code, invalid_token, locked)',
      labelNames: ['type', 'outcome'] as const
    })
  }
}

export default fp(async (app) => {
  app.decorate('accountMetrics', app.metrics && createAccountMetrics(app.metrics))
}, { name: 'account-metrics', dependencies: ['metrics'] })

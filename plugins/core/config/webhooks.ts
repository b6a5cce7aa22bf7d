import { Type } from '@sinclair/typebox'
import { defineConcern } from './concern.js'
import { Duration, Int, list, parseDuration } from './forms.js'

export interface WebhooksConfig {
  /** The waits before each retry of a failed delivery, in seconds: one attempt more than there are waits. */
  webhookRetrySchedule: number[]
  /** How long one delivery attempt may take, in milliseconds (connect, send, answer). */
  webhookTimeoutMs: number
  /** How long an endpoint may fail without a success before it is disabled (its admins are mailed), in seconds. */
  webhookDisableAfter: number
  /** Networks (CIDR) webhooks may reach in production although loopback or private: an operator's internal receivers. */
  webhookAllowedNetworks: string[]
  /** The endpoints one organization may have, and the admins too. */
  webhookMaxEndpoints: number
}

const CIDR = '(([0-9]{1,3}\\.){3}[0-9]{1,3}/[0-9]{1,2}|[0-9a-fA-F:]+/[0-9]{1,3})'

/** Webhooks (docs/webhooks.md): retries, the attempt's timeout, when a failing endpoint is disabled, how many endpoints a scope has. */
export const webhooks = defineConcern({
  env: {
    WEBHOOK_RETRY_SCHEDULE: Type.String({ pattern: '^[0-9]+[smhd](,[0-9]+[smhd]){0,19}$', default: '5s,5m,30m,2h,5h,10h,14h',
      description: 'comma-separated durations like 5s,5m,2h (at most 20)' }),
    WEBHOOK_TIMEOUT: Duration('10s'),
    WEBHOOK_DISABLE_AFTER: Duration('5d'),
    WEBHOOK_ALLOWED_NETWORKS: Type.String({ pattern: `^(${CIDR}(,${CIDR})*)?$`, default: '',
      description: 'comma-separated networks like 10.1.0.0/16 that production deliveries may reach although private' }),
    WEBHOOK_MAX_ENDPOINTS: Int(1, 10_000, '20')
  },
  read: (env): WebhooksConfig => ({
    webhookRetrySchedule: list(env.WEBHOOK_RETRY_SCHEDULE).map(parseDuration),
    webhookTimeoutMs: parseDuration(env.WEBHOOK_TIMEOUT) * 1000,
    webhookDisableAfter: parseDuration(env.WEBHOOK_DISABLE_AFTER),
    webhookAllowedNetworks: list(env.WEBHOOK_ALLOWED_NETWORKS),
    webhookMaxEndpoints: Number(env.WEBHOOK_MAX_ENDPOINTS)
  })
})

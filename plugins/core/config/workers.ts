import { Type } from '@sinclair/typebox'
import { defineConcern } from './concern.js'
import { Bool, Duration, Int, parseDuration } from './forms.js'

export interface WorkersConfig {
  publishMode: 'direct' | 'async'
  workerEnabled: boolean
  workerConcurrency: number
  /** How often a worker looks for jobs locked by workers that are gone (two sweeps unlock them). */
  workerRescueIntervalMs: number
}

/** Background jobs: whether this process runs them, how many at once, and what publishing defers to them. */
export const workers = defineConcern({
  env: {
    PUBLISH_MODE: Type.Union([Type.Literal('direct'), Type.Literal('async')], { default: 'direct', description: 'direct or async' }),
    WORKER_ENABLED: Bool('true'),
    WORKER_CONCURRENCY: Int(1, 100, '5'),
    WORKER_RESCUE_INTERVAL: Duration('15s')
  },
  read: (env): WorkersConfig => ({
    publishMode: env.PUBLISH_MODE,
    workerEnabled: env.WORKER_ENABLED === 'true',
    workerConcurrency: Number(env.WORKER_CONCURRENCY),
    workerRescueIntervalMs: parseDuration(env.WORKER_RESCUE_INTERVAL) * 1000
  })
})

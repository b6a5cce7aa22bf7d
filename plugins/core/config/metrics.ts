import { Type } from '@sinclair/typebox'
import { ConfigError, defineConcern } from './concern.js'
import { Int } from './forms.js'

export interface MetricsConfig {
  /** The port of the Prometheus listener (/metrics); undefined: no metrics. */
  metricsPort?: number
}

/** METRICS_PORT: the Prometheus listener, apart from the public one. */
export const metrics = defineConcern({
  env: {
    METRICS_PORT: Type.Optional(Int(0, 65535))
  },
  // PORT is the server's variable; the whole environment is valid before any concern reads it.
  read: (env): MetricsConfig => {
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== '0' && Number(env.METRICS_PORT) === Number(env.PORT)) {
      throw new ConfigError('Invalid configuration: METRICS_PORT must differ from PORT (metrics are never served on the public port)')
    }
    return { metricsPort: env.METRICS_PORT === undefined ? undefined : Number(env.METRICS_PORT) }
  }
})

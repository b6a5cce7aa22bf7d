import fp from 'fastify-plugin'
import cors from '@fastify/cors'
import { AppError } from './errors.js'
import { ANY_METHOD } from '../../schemas/common.js'

const PREFLIGHT_HEADERS = ['Origin', 'Access-Control-Request-Method']

/**
 * CORS for the exact origins of CORS_ORIGINS (app.ts registers it only when there are some).
 * @fastify/cors takes every OPTIONS request for a preflight and answers one that lacks its
 * headers in plain text; this hook runs first and answers it with the standard error body.
 */
export default fp(async (app) => {
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'OPTIONS') return
    const missing = PREFLIGHT_HEADERS.filter((name) => !request.headers[name.toLowerCase()])
    if (missing.length) throw new AppError('BAD_REQUEST_INVALID_ARGUMENTS', { params: { names: missing.join(', ') } })
  })
  await app.register(cors, {
    origin: app.config.corsOrigins,
    credentials: true,
    // Every route takes any method; scripts may read the request id and when to retry.
    methods: [...ANY_METHOD, 'HEAD'],
    exposedHeaders: ['X-Request-ID', 'Retry-After']
  })
}, { name: 'cors', dependencies: ['config', 'errors'] })

import type { FastifyPluginAsync } from 'fastify'
import { Type } from '@sinclair/typebox'
import { defineAction } from '../plugins/core/action.js'

/**
 * GET /.well-known/jwks.json: the public keys that verify access tokens (RFC 7517), for services
 * that check Latchkey's tokens themselves: with EdDSA the current key and the previous ones. With
 * HS256 (the default) the set is empty: a shared secret is never published, and a service that
 * must verify HS256 tokens needs the secret itself.
 */
const jwks: FastifyPluginAsync = async (app) => {
  defineAction(app, {
    method: ['GET'],
    url: '/.well-known/jwks.json',
    operation: 'Jwks',
    summary: 'The public keys that verify access tokens (JWKS)',
    responses: { 200: Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.String())) }) },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=600')
      return app.tokens.jwks
    }
  })
}
export default jwks

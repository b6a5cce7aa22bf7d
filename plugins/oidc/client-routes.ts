import type { FastifyInstance, FastifyRequest } from 'fastify'
import { type RouteAccess, auditContext } from '../accounts/index.js'
import { oauthClientAdmin, type ClientActor } from './client-admin.js'

/** Admins only, at the assurance their policy asks for. */
export const ADMIN_ACCESS: RouteAccess = { auth: 'admin', assurance: 'policy' }

/** The service the route files of routes/v1/admins/ call (one per file). */
export const clientsOf = (app: FastifyInstance) => oauthClientAdmin(app.sql, app.config.isProduction)

/** The admin who changes a client, for the audit log. */
export const actorOf = (request: FastifyRequest): ClientActor => ({ accountId: request.account?.id ?? null, context: auditContext(request) })

/** A secret in the body: not to be kept by a cache. */
export const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' }

import { randomBytes } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { Row } from './accounts.js'
import { authHeader } from './sockets.js'

export const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/

/** A draft through /v1/posts/create; throws with the body if that fails. */
export async function createPost (app: FastifyInstance, token: string, title = `Post ${randomBytes(3).toString('hex')}`): Promise<Row> {
  const res = await app.inject({ method: 'POST', url: '/v1/posts/create', payload: { title }, headers: authHeader(token) })
  if (res.statusCode !== 201) throw new Error(`create answered ${res.statusCode}: ${res.body}`)
  return res.json().post
}

export function publish (app: FastifyInstance, token: string, postId: unknown,
  opts: { url?: string, headers?: Record<string, string> } = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: opts.url ?? '/v1/posts/publish',
    payload: { postId },
    headers: { ...authHeader(token), ...opts.headers }
  })
}

export async function postRow (app: FastifyInstance, id: string): Promise<Row | undefined> {
  const [row] = await app.sql`select * from posts where id = ${id}`
  return row
}

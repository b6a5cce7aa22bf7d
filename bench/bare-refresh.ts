/**
 * The floor for `refresh`: the least a Fastify service on postgres.js does for one refresh.
 * Fastify with no plugins but @fastify/jwt (the service's signer), the service's rotation
 * statement prepared as the service prepares it, on a pool of the service's size, and the
 * same response body; no hooks, cookies, headers, rate limit or schemas. Not a ceiling: it
 * shows how much of the gap to the SQL ceiling belongs to the stack rather than to the service.
 * Usage: bare-refresh.ts <port> <database url> <pool size>
 */
import Fastify from 'fastify'
import jwt from '@fastify/jwt'
import postgres from 'postgres'
import { ACCOUNT_TYPES } from '../plugins/accounts/registry.js'
import { presentAccount, repositoryOf } from '../plugins/accounts/repository.js'
import { hashToken } from '../plugins/accounts/tokens.js'
import { randomHex, uuidv7 } from '../random.js'

const [port, url, pool] = process.argv.slice(2)
const kind = ACCOUNT_TYPES.user
const rotate = repositoryOf(kind).sessions.rotateActive
const sql = postgres(url, { max: Number(pool), onnotice: () => {} })
const app = Fastify({ logger: false })
await app.register(jwt, { secret: randomHex(32), sign: { algorithm: 'HS256', iss: 'latchkey', expiresIn: 900 } })
// For startProcess (bench/lib.ts), which waits for /health.
app.get('/health', async () => ({ status: 200, success: true }))
app.post('/v1/users/refresh', async (request, reply) => {
  const next = randomHex(32)
  const [row] = await rotate.run(sql, { hash: hashToken((request.body as { refreshToken: string }).refreshToken),
    sessionId: uuidv7(), nextHash: hashToken(next), expiresAt: new Date(Date.now() + 86400_000), userAgent: request.headers['user-agent'] ?? null,
    ip: request.ip, successor: null })
  if (!row) return reply.code(401).send({ status: 401, success: false })
  const token = app.jwt.sign({ sub: row.id, type: kind.type, tokenVersion: row.token_version, sid: row.family_id, aud: kind.audiences.web })
  return { status: 200, success: true, token, refreshToken: next, [kind.bodyKey]: presentAccount(row) }
})
await app.listen({ port: Number(port), host: '127.0.0.1' })
process.on('SIGTERM', () => { app.close().then(() => sql.end({ timeout: 5 })).then(() => process.exit(0)) })

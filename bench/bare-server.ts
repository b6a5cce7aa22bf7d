/** The ceiling for `health`: Fastify with no plugins answering a constant JSON body. */
import Fastify from 'fastify'

const app = Fastify({ logger: false })
app.get('/health', async () => ({ status: 200, success: true }))
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' })
process.on('SIGTERM', () => { app.close().then(() => process.exit(0)) })

/** `npm run bench -- --webhook`: what an enabled endpoint subscribed to every event costs the audited requests. */
import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { once } from 'node:events'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { v7 as uuidv7 } from 'uuid'

/**
 * The receiver: its own process (so that it shares no event loop with the load generator), https
 * with a certificate made here for 127.0.0.1, answering 204 to every delivery.
 */
const RECEIVER = `
const https = require('node:https'), fs = require('node:fs')
const server = https.createServer({ key: fs.readFileSync(process.argv[1]), cert: fs.readFileSync(process.argv[2]) }, (req, res) => {
  req.resume(); req.on('end', () => res.writeHead(204).end())
})
server.listen(0, '127.0.0.1', () => console.log(server.address().port))
`

export interface WebhookBench {
  /** What the service needs to reach the receiver in production: its certificate, its network allowed. */
  env: Record<string, string>
  /** Subscribes an endpoint at the receiver to `*` in the service's database. */
  register: (databaseUrl: string) => Promise<void>
  /** Deliveries by status, for the log. */
  deliveries: (databaseUrl: string) => Promise<Record<string, number>>
  close: () => void
}

async function sql<T> (databaseUrl: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const db = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    return await work(db)
  } finally {
    await db.end({ timeout: 5 })
  }
}

/**
 * `--webhook`: a receiver that answers, and (once registered) an endpoint subscribed to `*` at
 * it, so every audited request is delivered. Production refuses loopback: the service is told
 * WEBHOOK_ALLOWED_NETWORKS=127.0.0.1/32 and trusts the receiver's certificate.
 */
export async function webhookOption (log: (line: string) => void): Promise<WebhookBench | null> {
  if (!process.argv.includes('--webhook')) return null
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-bench-hooks-'))
  const key = join(dir, 'key.pem')
  const cert = join(dir, 'cert.pem')
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert,
    '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' })
  const receiver = spawn(process.execPath, ['-e', RECEIVER, key, cert], { stdio: ['ignore', 'pipe', 'inherit'] })
  const [line] = await once(receiver.stdout!, 'data') as [Buffer]
  const port = Number(String(line).trim())
  log(`--webhook: an endpoint subscribed to every event, delivered to https://127.0.0.1:${port}`)
  return {
    env: { NODE_EXTRA_CA_CERTS: cert, WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32' },
    register: (databaseUrl) => sql(databaseUrl, async (db) => {
      await db`insert into webhook_endpoints (id, url, events, secret)
        values (${uuidv7()}, ${`https://127.0.0.1:${port}/hooks`}, array['*'], ${`whsec_${randomBytes(32).toString('base64')}`})`
    }),
    deliveries: (databaseUrl) => sql(databaseUrl, async (db) =>
      Object.fromEntries((await db<{ status: string, n: number }[]>`select status, count(*)::int as n from webhook_deliveries group by status`)
        .map((r) => [r.status, r.n]))),
    close: () => {
      receiver.kill()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

import { connect } from '@nats-io/transport-node'
import { jetstreamManager } from '@nats-io/jetstream'
import type tap from 'tap'
import type { TapTest } from './accounts.js'
import { natsNames, roomToken } from '../../plugins/realtime/brokers/nats-names.js'

/** The NATS server (JetStream) the NATS runs use: the machine's (.ci/run starts it). */
export const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222'

export type BrokerName = 'postgres' | 'nats'

/**
 * The brokers forEachBroker runs a file's tests on: test/run.ts sets TEST_BROKERS (npm test:
 * PostgreSQL; npm run test:all and named files: both, NATS required).
 */
export const TEST_BROKERS = (process.env.TEST_BROKERS ?? 'postgres,nats').split(',') as BrokerName[]

// The broker of the run under way, and the databases its apps used (their NATS stream and bucket are deleted after).
let current: { name: BrokerName, databases: Set<string> } | null = null

/** The variables that select the current run's broker (testConfig adds them), for an app on `databaseUrl`. */
export function brokerEnv (databaseUrl?: string): Record<string, string> {
  if (current?.name !== 'nats') return {}
  if (databaseUrl) current.databases.add(databaseUrl)
  return { BROKER_URL: NATS_URL }
}

/**
 * Runs a file's tests once per broker (TEST_BROKERS), each run in a subtest `broker: <name>`;
 * the apps that testConfig configures meanwhile use that broker. A test that checks one broker's
 * own workings asks `broker`.
 */
export function forEachBroker (t: TapTest | typeof tap, body: (t: TapTest, broker: BrokerName) => unknown) {
  for (const name of TEST_BROKERS) {
    void t.test(`broker: ${name}`, async (t) => {
      const run = { name, databases: new Set<string>() }
      current = run
      await body(t, name)
      // After the apps' own teardowns (registered by `body`): nothing of the run is left in NATS.
      t.teardown(async () => {
        if (current === run) current = null
        if (name === 'nats') await dropNatsState([...run.databases])
      })
    })
  }
}

async function dropNatsState (databases: string[]) {
  if (!databases.length) return
  const nc = await connect({ servers: new URL(NATS_URL).host })
  try {
    const jsm = await jetstreamManager(nc)
    for (const url of databases) {
      const { stream, bucket } = natsNames(url)
      await jsm.streams.delete(stream).catch(() => {})
      await jsm.streams.delete(`KV_${bucket}`).catch(() => {})
    }
  } finally {
    await nc.close()
  }
}

/** Runs `fn` with a JetStream manager of the test's own connection to NATS. */
async function withJsm<T> (fn: (jsm: Awaited<ReturnType<typeof jetstreamManager>>) => Promise<T>): Promise<T> {
  const nc = await connect({ servers: new URL(NATS_URL).host })
  try {
    return await fn(await jetstreamManager(nc))
  } finally {
    await nc.close()
  }
}

/** How many events of a room the NATS stream of the installation on `databaseUrl` keeps. */
export async function natsKept (databaseUrl: string, room: string): Promise<number> {
  const { stream, prefix } = natsNames(databaseUrl)
  return await withJsm(async (jsm) => {
    const info = await jsm.streams.info(stream, { subjects_filter: `${prefix}.${roomToken(room)}` })
    return Object.values(info.state.subjects ?? {}).reduce((n, c) => n + c, 0)
  })
}

/** Loses a room's history in NATS (its subject purged), as a lost stream would. */
export async function loseNatsHistory (databaseUrl: string, room: string): Promise<void> {
  const { stream, prefix } = natsNames(databaseUrl)
  await withJsm((jsm) => jsm.streams.purge(stream, { filter: `${prefix}.${roomToken(room)}` }))
}

/** Puts a message that is not an event on a room's subject, as a stray publisher would. */
export async function natsGarbage (databaseUrl: string, room: string, payload: string): Promise<void> {
  const { prefix } = natsNames(databaseUrl)
  const nc = await connect({ servers: new URL(NATS_URL).host })
  try {
    nc.publish(`${prefix}.${roomToken(room)}`, payload)
    await nc.flush()
  } finally {
    await nc.close()
  }
}

/** Debian's NATS server, for the tests that start (and stop) a private one. */
export const NATS_SERVER = '/usr/sbin/nats-server'

/** A private nats-server with JetStream on a free port, killed at the end of the test: its URL and how to stop it now. */
export async function startNatsServer (t: TapTest | typeof tap): Promise<{ url: string, stop: () => Promise<void> }> {
  const { spawn } = await import('node:child_process')
  const { mkdtempSync, rmSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const { freePort } = await import('../../db/embedded.js')
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-nats-'))
  const port = await freePort()
  const child = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], { stdio: 'ignore' })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await exited
  }
  t.teardown(async () => {
    await stop()
    rmSync(dir, { recursive: true, force: true })
  })
  const url = `nats://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    try {
      await (await connect({ servers: `127.0.0.1:${port}` })).close()
      return { url, stop }
    } catch (err) {
      if (i > 50) throw err
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import autocannon from 'autocannon'

export interface Settings {
  quick: boolean
  warmupSec: number
  durationSec: number
  repetitions: number
}


export function median (values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

export function percentile (values: number[], p: number): number {
  if (!values.length) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/** Resident set size of a process, in MB (Linux /proc). */
export function rssMb (pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))!
  return Number(line.split(/\s+/)[1]) / 1024
}

export interface Service {
  url: string
  port: number
  pid: number
  stop: () => Promise<void>
}

/**
 * The Node binary of every server the harness starts (the service, bare Fastify, the refresh
 * floor): `--node=<path>`, else the one running the harness. The load generator and the in-process
 * ceilings stay on the harness's Node, so two runs that differ only in `--node` compare runtimes.
 */
export const SERVER_NODE = process.argv.find((a) => a.startsWith('--node='))?.slice(7) || process.execPath

/** The Node.js versions of the servers and of the harness (the load generator). */
export function runtimes (): { servers: string, harness: string } {
  return { servers: execFileSync(SERVER_NODE, ['--version'], { encoding: 'utf8' }).trim(), harness: process.version }
}

/** Starts a process that serves HTTP and waits until GET /health answers. */
export async function startProcess (args: string[], env: Record<string, string>, port: number): Promise<Service> {
  const child: ChildProcess = spawn(SERVER_NODE, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit']
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`)
    try {
      const res = await fetch(`${url}/health`)
      if (res.ok) break
    } catch {}
    if (Date.now() > deadline) throw new Error(`${args.join(' ')} did not start`)
    await sleep(100)
  }
  return {
    url,
    port,
    pid: child.pid!,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  }
}

export interface LoadOptions {
  url: string
  connections: number
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  /** A new body for every request (for example one refresh token each). */
  nextBody?: () => string
}

export interface LoadResult { rps: number, p50: number, p99: number, non2xx: number, errors: number }

/** One autocannon run of `seconds`; requests/s and latency (ms). */
export async function load (opts: LoadOptions, seconds: number): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: seconds,
    method: opts.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...opts.headers },
    body: opts.body,
    requests: opts.nextBody
      ? [{ setupRequest: (req: any) => ({ ...req, body: opts.nextBody!() }) }]
      : undefined
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts
  }
}

/** Warm-up, then `repetitions` measured runs; the median run (by requests/s) is reported. */
export async function measure (settings: Settings, opts: LoadOptions): Promise<LoadResult & { runs: number[] }> {
  if (settings.warmupSec > 0) await load(opts, settings.warmupSec)
  const runs: LoadResult[] = []
  for (let i = 0; i < settings.repetitions; i++) runs.push(await load(opts, settings.durationSec))
  return pick(runs)
}

/**
 * The service and its ceiling measured in alternating runs (ceiling, service, ceiling, ...) after
 * a warm-up of each, so that a slow minute on a shared machine lands on both sides alike.
 * `references` (other servers driven like the service) take their turn in each round too.
 * Medians of each side are reported.
 */
export async function paired (settings: Settings, opts: LoadOptions, ceiling: (seconds: number) => Promise<number>,
  references: Record<string, LoadOptions> = {}) {
  const others = Object.entries(references)
  if (settings.warmupSec > 0) {
    await ceiling(settings.warmupSec)
    await load(opts, settings.warmupSec)
    for (const [, other] of others) await load(other, settings.warmupSec)
  }
  const ceilings: number[] = []
  const runs: LoadResult[] = []
  const otherRuns: Record<string, LoadResult[]> = Object.fromEntries(others.map(([name]) => [name, []]))
  for (let i = 0; i < settings.repetitions; i++) {
    ceilings.push(await ceiling(settings.durationSec))
    runs.push(await load(opts, settings.durationSec))
    for (const [name, other] of others) otherRuns[name].push(await load(other, settings.durationSec))
  }
  return {
    service: pick(runs),
    ceiling: { rate: median(ceilings), runs: ceilings },
    references: Object.fromEntries(Object.entries(otherRuns).map(([name, r]) => [name, pick(r)]))
  }
}

/** The median requests/s, with the latencies of the run closest to it. */
function pick (runs: LoadResult[]): LoadResult & { runs: number[] } {
  const rps = runs.map((r) => r.rps)
  const mid = median(rps)
  const chosen = runs.reduce((a, b) => (Math.abs(b.rps - mid) < Math.abs(a.rps - mid) ? b : a))
  return { ...chosen, rps: mid, runs: rps }
}

/** One JSON POST to the service; `authorization` is the whole header (`jwt-user <token>`, `api-key <key>`). */
export async function post (service: Service, path: string, body: unknown, authorization?: string) {
  const started = performance.now()
  const res = await fetch(service.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body)
  })
  const json = await res.json() as any
  return { status: res.status, json, respondedAt: performance.now(), ms: performance.now() - started }
}

/** Rows as a Markdown table with padded columns, as bench/README.md shows them. */
export function markdownTable (header: string[], rows: string[][]): string {
  const table = [header, ...rows]
  const widths = header.map((_, i) => Math.max(...table.map((r) => r[i].length)))
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n')
}

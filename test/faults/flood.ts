/**
 * A steady flood, run as a process of its own: `flood.ts <url> <requests/s> <seconds> <connections> <json body>`
 * POSTs the body at an even rate (each 5 ms, what is due by then) over at most `connections`
 * keep-alive sockets, then prints one JSON line: the count by status, errors, timeouts (10 s) and
 * the latency p99 and maximum.
 *
 * autocannon's `-R` is not used for this: each of its connections sends its second's share as fast
 * as answers come and then waits for the next second, so all of them fire together at each second
 * (a burst of as many requests as connections, several times the asked rate), and a flood that
 * must hold more connections than the service's queue becomes bursts of that size.
 */
import { Agent, request } from 'node:http'

const [url, rateArg, secondsArg, connectionsArg, body] = process.argv.slice(2)
const rate = Number(rateArg)
const seconds = Number(secondsArg)
const agent = new Agent({ keepAlive: true, maxSockets: Number(connectionsArg) })
const statusCodeStats: Record<string, { count: number }> = {}
const latencies: number[] = []
let errors = 0
let timeouts = 0
let sent = 0
let pending = 0

function send (): void {
  sent++
  pending++
  const at = performance.now()
  let settled = false
  // Each request ends once: answered, timed out, or failed (before or during its answer).
  const settle = (outcome: () => void) => {
    if (settled) return
    settled = true
    outcome()
    pending--
  }
  const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }, timeout: 10_000 }, (res) => {
    res.resume()
    res.on('end', () => settle(() => {
      latencies.push(performance.now() - at)
      ;(statusCodeStats[res.statusCode!] ??= { count: 0 }).count++
    }))
    res.on('error', () => settle(() => { errors++ }))
  })
  req.on('timeout', () => {
    settle(() => { timeouts++ })
    req.destroy()
  })
  req.on('error', () => settle(() => { errors++ }))
  req.end(body)
}

const start = performance.now()
const ticker = setInterval(() => {
  const elapsed = Math.min(performance.now() - start, seconds * 1000)
  while (sent < Math.floor(elapsed * rate / 1000)) send()
  if (elapsed >= seconds * 1000) {
    clearInterval(ticker)
    const done = setInterval(() => {
      if (pending > 0) return
      clearInterval(done)
      agent.destroy()
      latencies.sort((a, b) => a - b)
      const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0
      process.stdout.write(JSON.stringify({ statusCodeStats, errors, timeouts, latency: { p99: Math.round(p99), max: Math.round(latencies.at(-1) ?? 0) } }) + '\n')
    }, 20)
  }
}, 5)

/**
 * The overload test's probes, in a process of their own (forked, with IPC): one sequential
 * keep-alive client per probe, timing each answer. The test process is not lean enough to time
 * milliseconds: its young-generation collections took 20 to 55 ms each (tap and tsx's heap
 * besides the probes), stalling every probe at once every second or so, quiet or not.
 *
 * Started with `{ base, email, password, token, refreshToken }` as JSON in argv[2]; each message
 * `{ names, ms }` runs those probes for `ms` and is answered with `{ name: [{ status, ms, at }] }`.
 */
import { Agent, request } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'

export interface Probed { status: number, ms: number, at: number }

const { base, email, password, token, refreshToken: firstRefresh } = JSON.parse(process.argv[2])
let refreshToken: string = firstRefresh

/** One request on the probe's own socket; a failure or a 10 s wait is status 0. */
function send (agent: Agent, path: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Probed & { body: string }> {
  const at = Date.now()
  const start = performance.now()
  const body = payload === undefined ? undefined : JSON.stringify(payload)
  return new Promise((resolve) => {
    const done = (status: number, text = '') => resolve({ status, ms: Math.round(performance.now() - start), at, body: text })
    const req = request(`${base}${path}`, {
      agent,
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }), ...headers },
      timeout: 10_000
    }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => { text += d })
      res.on('end', () => done(res.statusCode!, text))
      res.on('error', () => done(0))
    })
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.on('error', () => done(0))
    req.end(body)
  })
}

const probes: Record<string, (agent: Agent) => Promise<Probed & { body: string }>> = {
  health: (agent) => send(agent, '/health'),
  ready: (agent) => send(agent, '/ready'),
  me: (agent) => send(agent, '/v1/users/me', undefined, { authorization: `jwt-user ${token}` }),
  refresh: async (agent) => {
    const res = await send(agent, '/v1/users/refresh', { refreshToken })
    if (res.status === 200) refreshToken = JSON.parse(res.body).refreshToken
    return res
  },
  // A client with the right password among the flood: served in its turn, or refused at once.
  login: (agent) => send(agent, '/v1/users/login', { email, password })
}
const agents = Object.fromEntries(Object.keys(probes).map((name) => [name, new Agent({ keepAlive: true, maxSockets: 1 })]))

process.on('message', async ({ names, ms }: { names: string[], ms: number }) => {
  const until = Date.now() + ms
  const out: Record<string, Probed[]> = {}
  await Promise.all(names.map(async (name) => {
    out[name] = []
    while (Date.now() < until) {
      const { status, ms, at } = await probes[name](agents[name])
      out[name].push({ status, ms, at })
      await sleep(2)
    }
  }))
  process.send!(out)
})
process.on('disconnect', () => {
  for (const agent of Object.values(agents)) agent.destroy()
})

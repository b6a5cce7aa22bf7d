/** Requests with their timing, for the fault tests. */
export interface Timed { status: number, body: any, ms: number, at: number }

/** One JSON request (POST); a network failure is status 0. */
export async function call (base: string, path: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Timed> {
  const at = Date.now()
  try {
    const res = await fetch(`${base}${path}`, {
      method: payload === undefined ? 'GET' : 'POST',
      headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: payload === undefined ? undefined : JSON.stringify(payload),
      signal: AbortSignal.timeout(10_000)
    })
    const text = await res.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {}
    return { status: res.status, body, ms: Date.now() - at, at }
  } catch {
    return { status: 0, body: null, ms: Date.now() - at, at }
  }
}

/** `concurrency` clients sending the same request in a loop until `stop`, which returns every result. */
export function loadLoop (base: string, path: string, payload: unknown, headers: Record<string, string>, concurrency: number) {
  const results: Timed[] = []
  let running = true
  const clients = Array.from({ length: concurrency }, async () => {
    while (running) results.push(await call(base, path, payload, headers))
  })
  return {
    async stop () {
      running = false
      await Promise.all(clients)
      return results
    }
  }
}

/**
 * Calls that arrive while a batch is in flight wait and go together in the next one (at most
 * `max` items): one round trip each time, and a busy instance sends fewer, larger batches rather
 * than queueing one round trip per call. A lone call goes at once. `run` answers the items' results
 * in their order; when it fails, every call of its batch fails with that error.
 */
export function inBatches<I, O> (run: (items: I[]) => Promise<O[]>, max: number): (item: I) => Promise<O> {
  let waiting: Array<{ item: I, resolve: (o: O) => void, reject: (err: unknown) => void }> = []
  let busy = false

  async function flush () {
    busy = true
    while (waiting.length) {
      const batch = waiting.slice(0, max)
      waiting = waiting.slice(max)
      try {
        const results = await run(batch.map((w) => w.item))
        batch.forEach((w, i) => w.resolve(results[i]))
      } catch (err) {
        for (const w of batch) w.reject(err)
      }
    }
    busy = false
  }

  return (item) => new Promise<O>((resolve, reject) => {
    waiting.push({ item, resolve, reject })
    if (!busy) void flush()
  })
}

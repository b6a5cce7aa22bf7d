/**
 * postinstall: fixes the connection queue of postgres.js 3.4.x (src/queue.js, also built as
 * cjs/ and cf/). `shift` only frees its array when the queue becomes empty, and `remove` scans
 * from the array's start. Under sustained load (more concurrent queries than connections) the
 * busy queue is never empty, so every query appends a slot that is never freed and the next
 * query's `remove` scans all of them: throughput falls with uptime until the load stops
 * (bench/README.md). Upstream: porsager/postgres#747.
 * The patch compacts the array once half of it is shifted slots, and starts `remove` after them.
 * It is idempotent; test/plugins/core/db.test.ts fails when it is not in place.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const MARKER = 'latchkey: compact'

const REPLACEMENTS = [
  [
    `    remove: (x) => {
      const index = xs.indexOf(x)
      return index === -1
        ? null
        : (xs.splice(index, 1), x)
    },`,
    `    remove: (x) => {
      const at = xs.indexOf(x, index) // latchkey: the slots before index are shifted
      return at === -1
        ? null
        : (xs.splice(at, 1), x)
    },`
  ],
  [
    `      } else {
        xs[index - 1] = undefined
      }`,
    `      } else if (index >= 1024 && index * 2 >= xs.length) {
        xs = xs.slice(index) // ${MARKER}: a queue that is never empty would grow forever
        index = 0
      } else {
        xs[index - 1] = undefined
      }`
  ]
]

/** The queue.js files of the installed postgres package. */
function queueFiles () {
  // `postgres` resolves to cjs/src/index.js (its package.json is not exported).
  const root = dirname(dirname(dirname(createRequire(import.meta.url).resolve('postgres'))))
  return ['src', 'cjs/src', 'cf/src'].map((dir) => join(root, dir, 'queue.js')).filter(existsSync)
}

function patch (file) {
  let text = readFileSync(file, 'utf8')
  if (text.includes(MARKER)) return 'already patched'
  for (const [from, to] of REPLACEMENTS) {
    if (!text.includes(from)) return 'NOT PATCHED: the file is not the one this patch knows (upstream changed it?)'
    text = text.replace(from, to)
  }
  writeFileSync(file, text)
  return 'patched'
}

for (const file of queueFiles()) console.log(`postgres queue: ${file}: ${patch(file)}`)

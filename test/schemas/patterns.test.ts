/**
 * Every `pattern` of openapi.json is one a browser can use as it is: an HTML pattern attribute
 * compiles with the v flag, where some u-mode syntax (a bare `-` in a class, say) is an error, and
 * the browser then ignores the attribute. Each compiles with both flags and means the same with both.
 */
import { readFileSync } from 'node:fs'
import t from 'tap'
import { OPENAPI_FILE } from '../../scripts/openapi.js'

/** Every `pattern` keyword of a JSON document, with where it is (the first place of each). */
function patterns (node: unknown, at = '', found = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(node)) node.forEach((item, i) => patterns(item, `${at}/${i}`, found))
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'pattern' && typeof value === 'string') {
        if (!found.has(value)) found.set(value, at)
      } else {
        patterns(value, `${at}/${key}`, found)
      }
    }
  }
  return found
}

/** Strings to compare both flags on: each printable ASCII character alone and repeated, and the seed rooms. */
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i))
const SAMPLES = [
  ...PRINTABLE.flatMap((c) => [1, 3, 36, 48, 49, 64].map((n) => c.repeat(n))),
  'acme-team', 'Acme', 'a_b-9', '123456', 'ABCDE-12345', 'https://x.test', 'org:read', 'app:*', 'presence.joined', 'chat.message',
  'public:lobby', `USER${'0193a2b4-5c6d-7e8f-9a0b-1c2d3e4f5a6b'}`, 'org:0193a2b4-5c6d-7e8f-9a0b-1c2d3e4f5a6b:a_b-c',
  '0193a2b4-5c6d-7e8f-9a0b-1c2d3e4f5a6b'
]

t.test('every pattern in openapi.json compiles with the v flag, and matches what it matches with u', async (t) => {
  const found = patterns(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')))
  t.ok(found.size >= 5, `${found.size} distinct patterns`)
  t.ok(found.has('^[a-z0-9\\-]{3,48}$'), 'the organization slug\'s among them')
  for (const [pattern, at] of found) {
    let v: RegExp | undefined
    t.doesNotThrow(() => { v = new RegExp(pattern, 'v') }, `${pattern} (${at}) compiles with v`)
    const u = new RegExp(pattern, 'u')
    if (!v) continue
    const differ = SAMPLES.filter((s) => u.test(s) !== v!.test(s))
    t.same(differ, [], `${pattern}: the same strings match with u and with v`)
  }
})

import { isPlainObject } from './objects.js'

/** Adds to `found` the path (`redirectUris.1`, `profile.name`) of each string under `value` that holds U+0000. */
export type NulGuard = (value: unknown, path: string, found: Set<string>) => void

interface Schema {
  type?: string | string[]
  anyOf?: unknown[]
  oneOf?: unknown[]
  allOf?: unknown[]
  items?: unknown
  properties?: Record<string, unknown>
  additionalProperties?: unknown
  patternProperties?: Record<string, unknown>
}

const at = (path: string, name: string | number) => path ? `${path}.${name}` : String(name)

function pattern (source: string): RegExp {
  try {
    return new RegExp(source, 'u')
  } catch {
    return new RegExp(source)
  }
}

function combine (guards: NulGuard[]): NulGuard | null {
  if (guards.length <= 1) return guards[0] ?? null
  return (value, path, found) => { for (const guard of guards) guard(value, path, found) }
}

function objectGuard (s: Schema): NulGuard | null {
  const declared = new Set(Object.keys(s.properties ?? {}))
  const properties = Object.entries(s.properties ?? {}).flatMap(([name, sub]) => {
    const guard = nulGuard(sub)
    return guard ? [[name, guard] as const] : []
  })
  const patterns = Object.entries(s.patternProperties ?? {}).map(([source, sub]) => [pattern(source), nulGuard(sub)] as const)
  const additional = isPlainObject(s.additionalProperties) ? nulGuard(s.additionalProperties) : null
  // A record's keys are text too (TypeBox's Record: patternProperties), stored as its values are.
  const keyed = patterns.length > 0
  if (!properties.length && !additional && !keyed) return null
  return (value, path, found) => {
    if (!isPlainObject(value)) return
    for (const [name, guard] of properties) if (Object.hasOwn(value, name)) guard(value[name], at(path, name), found)
    if (!additional && !keyed) return
    for (const [name, item] of Object.entries(value)) {
      if (declared.has(name)) continue
      const matched = patterns.filter(([re]) => re.test(name))
      if (matched.length && name.includes('\u0000')) found.add(path || name.replaceAll('\u0000', ''))
      for (const [, guard] of matched) guard?.(item, at(path, name), found)
      if (!matched.length) additional?.(item, at(path, name), found)
    }
  }
}

/**
 * A walk over a value that finds U+0000 (which PostgreSQL text and jsonb cannot hold) in every
 * string its JSON schema types as one, at any depth: properties, array items, union members,
 * records' keys and values. A part the schema leaves untyped (`{}`, a refresh token) is not
 * walked: it is its route's to judge. Null when the schema types no string at all.
 */
export function nulGuard (schema: unknown): NulGuard | null {
  if (!isPlainObject(schema)) return null
  const s = schema as Schema
  const types = new Set(Array.isArray(s.type) ? s.type : s.type ? [s.type] : [])
  const guards: NulGuard[] = []
  for (const branch of [...s.anyOf ?? [], ...s.oneOf ?? [], ...s.allOf ?? []]) {
    const guard = nulGuard(branch)
    if (guard) guards.push(guard)
  }
  // Validation coerces as Fastify's Ajv does (coerceTypes 'array'): `["x"]` becomes the string "x", and "x" a one-item list.
  if (types.has('string')) {
    guards.push((value, path, found) => {
      if ((Array.isArray(value) ? value : [value]).some((v) => typeof v === 'string' && v.includes('\u0000'))) found.add(path)
    })
  }
  if (types.has('array')) {
    const items = Array.isArray(s.items) ? s.items.map(nulGuard) : [nulGuard(s.items)]
    if (items.some(Boolean)) {
      guards.push((value, path, found) => {
        if (!Array.isArray(value)) return items[0]?.(value, path, found)
        value.forEach((item, i) => (items.length === 1 ? items[0] : items[i])?.(item, at(path, i), found))
      })
    }
  }
  if (types.has('object') || s.properties) {
    const guard = objectGuard(s)
    if (guard) guards.push(guard)
  }
  return combine(guards)
}

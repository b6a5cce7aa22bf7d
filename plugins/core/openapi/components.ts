/**
 * Named component schemas. A schema of ours with a `title` (`Type.Object({...}, { title: 'User' })`)
 * is a component: wherever it appears in an operation it becomes a reference to
 * `#/components/schemas/<title>`, defined once, so generators give it one type. Nested named
 * schemas are replaced first, so components reference each other too.
 */
type Json = Record<string, any>

const isNamedSchema = (node: Json): boolean =>
  typeof node.title === 'string' && (node.type !== undefined || node.properties !== undefined || node.anyOf !== undefined)

function replaceNamed (node: unknown, schemas: Json): unknown {
  if (Array.isArray(node)) return node.map((item) => replaceNamed(item, schemas))
  if (!node || typeof node !== 'object') return node
  const out: Json = {}
  for (const [key, value] of Object.entries(node)) out[key] = replaceNamed(value, schemas)
  if (!isNamedSchema(out)) return out
  const name: string = out.title
  if (!/^[A-Za-z0-9._-]+$/.test(name)) throw new Error(`schema title ${name} is not a component name`)
  const known = schemas[name]
  if (known && JSON.stringify(known) !== JSON.stringify(out)) throw new Error(`two different schemas are named ${name}`)
  schemas[name] = out
  return { $ref: `#/components/schemas/${name}` }
}

/** Moves every titled schema of the operations to components.schemas; returns the document. */
export function nameComponents (openapiObject: Json): Json {
  const schemas: Json = openapiObject.components.schemas
  openapiObject.paths = replaceNamed(openapiObject.paths, schemas)
  // Sorted by name, so the committed file does not depend on route order.
  openapiObject.components.schemas = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)))
  return openapiObject
}

/**
 * `npm run openapi` (after openapi.json): writes client/sdk/openapi.d.ts, the SDK's types,
 * generated from openapi.json by openapi-typescript. A test checks that the file is current.
 */
import { writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import openapiTS, { astToString } from 'openapi-typescript'
import { ROOT } from '../paths.js'
import { OPENAPI_FILE } from './openapi.js'

export const SDK_TYPES_FILE = join(ROOT, 'client', 'sdk', 'openapi.d.ts')

const HEADER = '// Generated from openapi.json by `npm run openapi` (openapi-typescript): do not edit.\n\n'

/** The types as the file holds them, from the committed openapi.json. */
export async function sdkTypes (): Promise<string> {
  const ast = await openapiTS(pathToFileURL(OPENAPI_FILE), { alphabetize: true })
  return HEADER + astToString(ast)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(SDK_TYPES_FILE, await sdkTypes())
  console.log(`wrote ${relative(process.cwd(), SDK_TYPES_FILE) || SDK_TYPES_FILE}`)
}

/**
 * `npm run openapi`: writes openapi.json at the repository root, the document GET /openapi.json
 * serves with the default configuration. The app is built without a database: with no LISTEN,
 * no migration and no worker, nothing connects to the URL below.
 */
import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildApp } from '../app.js'
import { loadConfig } from '../plugins/core/config.js'
import { ROOT } from '../paths.js'

export const OPENAPI_FILE = join(ROOT, 'openapi.json')

/** The document as the file holds it (the environment of this process plays no part). */
export async function openapiDocument (): Promise<string> {
  // Given, so that nothing is generated under DATA_DIR; no token is ever signed.
  const secret = randomBytes(32).toString('hex')
  const config = loadConfig({
    NODE_ENV: 'development',
    DOCS_ENABLED: 'true',
    DATABASE_URL: 'postgres://latchkey@127.0.0.1:1/openapi',
    MIGRATE_ON_START: 'false',
    WORKER_ENABLED: 'false',
    LOG_LEVEL: 'silent',
    ACCESS_TOKEN_SECRET: secret,
    REFRESH_TOKEN_SECRET: secret
  })
  const app = await buildApp({ config, listen: false })
  try {
    return `${JSON.stringify(app.swagger(), null, 2)}\n`
  } finally {
    await app.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(OPENAPI_FILE, await openapiDocument())
  console.log(`wrote ${relative(process.cwd(), OPENAPI_FILE) || OPENAPI_FILE}`)
}

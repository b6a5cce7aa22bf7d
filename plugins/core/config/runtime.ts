import { isAbsolute, join } from 'node:path'
import { Type } from '@sinclair/typebox'
import { ROOT } from '../../../paths.js'
import { defineConcern, type Base, type Env } from './concern.js'

/**
 * NODE_ENV and DATA_DIR: the mode every other concern decides by, and where local files go. The
 * defaults here are a checkout's; `start` defaults NODE_ENV to production and `start-dev` HOST to
 * 127.0.0.1 before the configuration is read (commands.ts), and the executable sets DATA_DIR
 * (scripts/sea-data-dir.ts). A relative DATA_DIR is the package root's.
 */
export const runtime = defineConcern({
  env: {
    NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')],
      { default: 'development', description: 'development, production or test' }),
    DATA_DIR: Type.String({ minLength: 1, default: '.data', description: 'a directory path' })
  },
  read: (env): Base => readBase(env)
})

/** The loader reads these first and hands them to every concern. */
export function readBase (env: Env): Base {
  const mode = env.NODE_ENV as Base['env']
  const dataDir = env.DATA_DIR!
  return { env: mode, isProduction: mode === 'production', dataDir: isAbsolute(dataDir) ? dataDir : join(ROOT, dataDir) }
}

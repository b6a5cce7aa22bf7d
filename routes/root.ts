import type { FastifyPluginAsync } from 'fastify'
import { Type } from '@sinclair/typebox'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from '../paths.js'
import { Success } from '../schemas/common.js'
import { defineAction } from '../plugins/core/action.js'
import { entryPoints } from '../plugins/core/pages.js'

const VERSION: string = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version

const Path = (description: string) => Type.Optional(Type.String({ description }))

/**
 * GET /: what this service is and where to go next, so that a first visit finds the reference,
 * the demo and the console (only those enabled). The version is left out in production, where it
 * would only help someone match known flaws; the start-up line has it.
 */
const root: FastifyPluginAsync = async (app) => {
  defineAction(app, {
    method: ['GET'],
    url: '/',
    operation: 'Index',
    summary: 'Where to start: the API, its reference, the demo and the console',
    responses: {
      200: Success(200, {
        name: Type.Literal('latchkey'),
        version: Type.Optional(Type.String({ description: 'outside production only' })),
        api: Type.String({ description: 'the prefix of the API\'s actions, like /v1/ (POST /v1/users/login)' }),
        docs: Path('the API reference (DOCS_ENABLED)'),
        openapi: Path('the OpenAPI document (DOCS_ENABLED)'),
        demo: Path('the demo app (DEMO_ENABLED)'),
        admin: Path('the admin console (ADMIN_CONSOLE_ENABLED)')
      }, { title: 'Index' })
    },
    handler: async () => ({
      status: 200 as const,
      success: true as const,
      name: 'latchkey' as const,
      ...(!app.config.isProduction && { version: VERSION }),
      ...entryPoints(app)
    })
  })
}
export default root

import { Type } from '@sinclair/typebox'
import { defineConcern } from './concern.js'

const Flag = (unset: string) => Type.Union([Type.Literal('true'), Type.Literal('false')], { description: `true or false (unset: ${unset})` })

export interface PagesConfig {
  /** The demo app at /demo/ (DEMO_ENABLED; unset: on in development only). */
  demoEnabled: boolean
  /** The admin console at /admin/ (ADMIN_CONSOLE_ENABLED; unset: on outside production). */
  adminConsoleEnabled: boolean
}

/** The browser pages the service serves itself (plugins/core/pages.ts), and with them /client/latchkey.js. */
export const pages = defineConcern({
  env: {
    DEMO_ENABLED: Type.Optional(Flag('on in development only')),
    ADMIN_CONSOLE_ENABLED: Type.Optional(Flag('on outside production'))
  },
  read: (env, { env: mode, isProduction }): PagesConfig => ({
    demoEnabled: env.DEMO_ENABLED === undefined ? mode === 'development' : env.DEMO_ENABLED === 'true',
    adminConsoleEnabled: env.ADMIN_CONSOLE_ENABLED === undefined ? !isProduction : env.ADMIN_CONSOLE_ENABLED === 'true'
  })
})

import { Type } from '@sinclair/typebox'
import { ConfigError, defineConcern } from './concern.js'

const Flag = (unset: string) => Type.Union([Type.Literal('true'), Type.Literal('false')], { description: `true or false (unset: ${unset})` })

export interface PagesConfig {
  /** The demo app at /demo/ (DEMO_ENABLED; unset: on in development only). */
  demoEnabled: boolean
  /** The admin console at /admin/ (ADMIN_CONSOLE_ENABLED; unset: on outside production). */
  adminConsoleEnabled: boolean
}

/**
 * The browser pages the service serves itself (plugins/core/pages.ts), and with them
 * /client/latchkey.js. The account pages (/account/...) are always served; without PUBLIC_APP_URL
 * (mail.ts) the mailed links open them at PUBLIC_URL (server.ts), which production must then know.
 */
export const pages = defineConcern({
  env: {
    DEMO_ENABLED: Type.Optional(Flag('on in development only')),
    ADMIN_CONSOLE_ENABLED: Type.Optional(Flag('on outside production'))
  },
  read: (env, { env: mode, isProduction }): PagesConfig => {
    if (isProduction && !env.PUBLIC_APP_URL && !env.PUBLIC_URL) {
      throw new ConfigError('Invalid configuration: PUBLIC_URL must be set in production when PUBLIC_APP_URL is unset ' +
        '(mailed links open the service\'s account pages, PUBLIC_URL/account/...)')
    }
    return {
      demoEnabled: env.DEMO_ENABLED === undefined ? mode === 'development' : env.DEMO_ENABLED === 'true',
      adminConsoleEnabled: env.ADMIN_CONSOLE_ENABLED === undefined ? !isProduction : env.ADMIN_CONSOLE_ENABLED === 'true'
    }
  }
})

import type { RouteOptions } from 'fastify'
import { errorDefinition } from '../errors.js'

type Json = Record<string, any>
type Translate = (key: string) => string

/** The request headers of the document, defined once in components.parameters. */
export const HEADER_PARAMETERS: Json = {
  'X-Client': {
    name: 'X-Client',
    in: 'header',
    required: false,
    description: 'The kind of client: `app` for a mobile or desktop application, anything else (or none) means `web`. ' +
      'It picks the audience of the access token (`<type>-<client>`): send the same value with a token as at the sign-in that issued it.',
    schema: { type: 'string', examples: ['web', 'app'] }
  },
  'X-Platform': {
    name: 'X-Platform',
    in: 'header',
    required: false,
    description: 'Free text stored on the new session (the device list shows it); up to 32 characters are kept, `web` when absent.',
    schema: { type: 'string', examples: ['ios', 'android', 'web'] }
  }
}

export interface RouteDoc {
  summary?: string
  description: string
  headers: string[]
}

/** One error of a description: `- 404 \`USER.NOT_FOUND\`: The user does not exist`. */
function errorLine (error: string, translate: Translate, note = ''): string {
  const def = errorDefinition(error)
  if (!def) throw new Error(`${error} is not a defined error code`)
  // A placeholder of the message ({names}) is shown as <names>.
  return `- ${def.status} \`${error}\`${note}: ${translate(def.keys[0]).replace(/\{(\w+)\}/g, '<$1>')}`
}

/**
 * What the document says of one route besides its schemas: its summary (from the route schema),
 * its description (the route's own, then how it is called, then every error it may answer:
 * `config.errors` plus those the declaration implies) and the headers it reads.
 */
export function describeRoute (route: RouteOptions, anyMethod: boolean, hasArgs: boolean, translate: Translate): RouteDoc {
  const config = route.config ?? {}
  const schema = (route.schema ?? {}) as { summary?: string, description?: string }
  const lines: string[] = []
  if (anyMethod || hasArgs) lines.push(errorLine('BAD_REQUEST_INVALID_ARGUMENTS', translate))
  if (config.auth) lines.push(errorLine('UNAUTHORIZED', translate))
  for (const entry of config.errors ?? []) {
    lines.push(typeof entry === 'string' ? errorLine(entry, translate) : errorLine(entry.error, translate, ` (${entry.when})`))
  }
  if (anyMethod) lines.push(errorLine('PAYLOAD_TOO_LARGE', translate), errorLine('UNSUPPORTED_MEDIA_TYPE', translate))
  if (config.rateLimit !== false) lines.push(errorLine('TOO_MANY_REQUESTS', translate))
  lines.push(errorLine('INTERNAL_SERVER_ERROR', translate), errorLine('SERVICE_UNAVAILABLE', translate))
  // By status, then as declared.
  const sorted = lines.map((line, i) => ({ line, i })).sort((a, b) => a.line.slice(2, 5).localeCompare(b.line.slice(2, 5)) || a.i - b.i)
  const how = anyMethod
    ? (hasArgs
        ? 'Any method is accepted (GET, PUT, PATCH, DELETE too); the arguments may also be sent in the query string.'
        : 'Any method is accepted (GET, PUT, PATCH, DELETE too). No arguments.')
    : ''
  const description = [schema.description, how, `Errors:\n\n${sorted.map((s) => s.line).join('\n')}`].filter(Boolean).join('\n\n')
  const headers = config.auth || config.signsIn ? ['X-Client'] : []
  if (config.signsIn) headers.push('X-Platform')
  return { summary: schema.summary, description, headers }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route opens a session (a sign-in): it reads X-Client and X-Platform (documented as header parameters). */
    signsIn?: boolean
  }
}

import Fastify from 'fastify'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import { UsageError, parse } from '../core/cli-args.js'
import { loadConfig } from '../core/config.js'
import { NEEDS } from '../core/config/load.js'
import configPlugin from '../core/config.js'
import db from '../core/db.js'
import metrics from '../core/metrics.js'
import { AppError } from '../core/errors.js'
import { createI18n } from '../core/i18n.js'
import { CLI_ACTOR } from '../audit/index.js'
import { CreateOauthClientArgsSchema, type CreateOauthClientArgs } from '../../schemas/oauth-clients.js'
import { oauthClientAdmin } from './client-admin.js'

// The API's own rules for a new client (createoauthclient's schema, with the API's formats).
const validClient = addFormats.default(new Ajv({ allErrors: true })).compile(CreateOauthClientArgsSchema)

/**
 * `latchkey oauth-client create`: registers a client as /v1/admins/createoauthclient does (the
 * same checks, an `oauth_client.created` audit event by the CLI), and prints its client_id and,
 * for a confidential client, its secret: the only time it is shown.
 */
export async function oauthClientCommand (argv: string[], usage: () => number): Promise<number> {
  const { values, positionals } = parse('oauth-client', argv, {
    name: { type: 'string' },
    'redirect-uri': { type: 'string', multiple: true },
    type: { type: 'string' },
    grant: { type: 'string', multiple: true },
    scope: { type: 'string', multiple: true },
    organization: { type: 'string' },
    'post-logout-redirect-uri': { type: 'string', multiple: true },
    'backchannel-logout-uri': { type: 'string' }
  }, true)
  if (values.help) return usage()
  const [sub, extra] = positionals
  if (sub !== 'create') throw new UsageError(sub ? `oauth-client: unknown action ${sub}` : 'oauth-client: create?')
  if (extra !== undefined) throw new UsageError(`oauth-client: unexpected argument ${extra}`)
  if (!values.name) throw new UsageError('oauth-client create: --name is required')
  const redirectUris = values['redirect-uri'] ?? []
  const args = {
    name: values.name,
    type: values.type ?? 'confidential',
    redirectUris,
    // Without --grant: the code flow for a client with a redirect URI, a machine's grant otherwise.
    grantTypes: values.grant ?? (redirectUris.length > 0 ? ['authorization_code', 'refresh_token'] : ['client_credentials']),
    scopes: values.scope ?? [],
    ...(values.organization && { organizationId: values.organization }),
    ...(values['post-logout-redirect-uri'] && { postLogoutRedirectUris: values['post-logout-redirect-uri'] }),
    ...(values['backchannel-logout-uri'] && { backchannelLogoutUri: values['backchannel-logout-uri'] })
  }
  if (!validClient(args)) {
    const names = [...new Set(validClient.errors!.map((e) => e.instancePath.slice(1).replace(/\/\d+$/, '') || String(e.params.missingProperty)))]
    const options: Record<string, string> = { redirectUris: '--redirect-uri', grantTypes: '--grant', scopes: '--scope', organizationId: '--organization',
      postLogoutRedirectUris: '--post-logout-redirect-uri', backchannelLogoutUri: '--backchannel-logout-uri' }
    console.error(`oauth-client create: invalid ${names.map((n) => options[n] ?? `--${n}`).join(', ')} ` +
      '(--type public or confidential; --grant authorization_code, refresh_token, client_credentials or ' +
      'urn:ietf:params:oauth:grant-type:device_code; --organization an organization id)')
    return 2
  }
  const config = loadConfig(process.env, { needs: NEEDS.database })
  const app = Fastify({ logger: false })
  await app.register(configPlugin, { config })
  await app.register(metrics, { enabled: false })
  await app.register(db)
  await app.ready()
  try {
    const { client, clientSecret } = await oauthClientAdmin(app.sql, config.isProduction)
      .create({ accountId: null, context: CLI_ACTOR }, args as CreateOauthClientArgs)
    // The command's answer, like createoauthclient's body: written to standard output once, never
    // through a logger (nothing of it reaches a log line); the secret exists nowhere else.
    process.stdout.write(`client_id: ${client.clientId}\n${clientSecret ? `client_secret: ${clientSecret}\n` : ''}`)
    console.error(clientSecret ? 'the secret is shown this once: keep it now (it is stored only as a hash)' : 'a public client: no secret')
    return 0
  } catch (err) {
    if (!(err instanceof AppError) || err.statusCode !== 400) throw err
    console.error(`oauth-client create: ${createI18n().translate('en', err.def.keys[0], err.options.params)}`)
    return 2
  } finally {
    await app.close()
  }
}

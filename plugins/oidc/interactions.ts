import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify'
import fastifyStatic from '@fastify/static'
import type Provider from 'oidc-provider'
import { CLIENT_DIR, pageCsp } from '../core/pages.js'
import { isPermission, splitScopes } from './user-scopes.js'

/** Where the interaction page's bundle and stylesheet are served (dist/client/oidc/). */
const INTERACTION_ASSETS = '/oidc/pages/'

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>
type ProviderError = Error & { statusCode?: number, error?: string, error_description?: string }

const pageHeaders: onRequestHookHandler = (request, reply, done) => {
  reply.header('content-security-policy', pageCsp(request))
  reply.header('cache-control', 'no-store')
  done()
}

/**
 * The interaction of this request (its uid in the path, the provider's cookie naming it), or a
 * reply: 400 when the cookie is missing or expired or names another interaction.
 */
async function interactionOf (provider: Provider, request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply): Promise<Interaction | null> {
  try {
    const interaction = await provider.interactionDetails(request.raw, reply.raw)
    if (interaction.uid === request.params.uid) return interaction
  } catch (err) {
    const e = err as ProviderError
    if (!e.statusCode || e.statusCode >= 500) throw err
  }
  await reply.code(400).send({ error: 'invalid_request', error_description: 'interaction session not found or expired' })
  return null
}

/**
 * The scopes a consent would add (OpenID ones, and those of the resource servers asked for), and
 * what the client asked for. Never a permission scope: a user does not grant one (user-scopes.ts).
 */
function scopesOf (interaction: Interaction) {
  const details = interaction.prompt.details as { missingOIDCScope?: string[], missingResourceScopes?: Record<string, string[]> }
  const asked = String(interaction.params.scope ?? '').split(' ').filter(Boolean)
  const missing = new Set([...details.missingOIDCScope ?? [], ...Object.values(details.missingResourceScopes ?? {}).flat()])
  return { asked, missing: [...missing].filter((scope) => !isPermission(scope)) }
}

/**
 * The provider's interaction pages (`/oidc/interaction/:uid`): Latchkey's page (client/oidc/,
 * built on the SDK) where the user signs in with Latchkey's own sign-in and then consents; and
 * the routes it calls, which check the user's Latchkey access token and give the provider its
 * result. Registered before the provider's catch-all `/oidc/*`, which these more specific paths win over.
 */
export async function interactionRoutes (app: FastifyInstance, provider: Provider): Promise<void> {
  const root = join(CLIENT_DIR, 'oidc')
  const index = join(root, 'index.html')
  const html = existsSync(index) ? readFileSync(index, 'utf8') : null
  if (!html) app.log.warn({ root }, 'the OpenID provider\'s sign-in page is not built: run npm run build')

  await app.register(async (scope) => {
    scope.decorate('routeOperation', 'OidcInteraction')
    scope.addHook('onRequest', pageHeaders)
    if (html) {
      await scope.register(fastifyStatic, {
        root, prefix: INTERACTION_ASSETS, decorateReply: false, cacheControl: false, index: false, dotfiles: 'deny', schemaHide: true
      })
    }
    const hide = { hide: true }
    type ByUid = { Params: { uid: string } }

    scope.get<ByUid>('/oidc/interaction/:uid', { schema: hide }, async (_request, reply) => {
      if (!html) return await reply.code(503).send({ error: 'server_error', error_description: 'the sign-in page is not built' })
      return await reply.type('text/html; charset=utf-8').send(html)
    })

    // What the page shows: which step, the client's name, the scopes asked for and those to consent to.
    scope.get<ByUid>('/oidc/interaction/:uid/details', { schema: hide }, async (request, reply) => {
      const interaction = await interactionOf(provider, request, reply)
      if (!interaction) return reply
      const client = await provider.Client.find(String(interaction.params.client_id))
      return {
        prompt: interaction.prompt.name,
        client: { id: client?.clientId ?? null, name: client?.clientName ?? null },
        ...scopesOf(interaction),
        accountId: interaction.session?.accountId ?? null
      }
    })

    // Signed in with Latchkey (its access token): the provider's login, with the session's assurance as acr and amr.
    scope.post<ByUid>('/oidc/interaction/:uid/login', { schema: hide, config: { auth: 'user', assurance: 'aal1' } }, async (request, reply) => {
      const interaction = await interactionOf(provider, request, reply)
      if (!interaction) return reply
      if (interaction.prompt.name !== 'login') return await reply.code(400).send({ error: 'invalid_request', error_description: 'not a login step' })
      const { id, aal, amr } = request.account!
      const redirectTo = await provider.interactionResult(request.raw, reply.raw,
        { login: { accountId: id, acr: aal, amr: [...amr], remember: true } }, { mergeWithLastSubmission: false })
      return { redirectTo }
    })

    // The user's answer to the consent step: a Grant of the scopes asked for (remembered), or access_denied.
    scope.post<ByUid & { Body: { allow: boolean } }>('/oidc/interaction/:uid/consent', {
      schema: { hide: true, body: { type: 'object', properties: { allow: { type: 'boolean' } }, required: ['allow'], additionalProperties: false } },
      config: { auth: 'user', assurance: 'aal1' }
    }, async (request, reply) => {
      const interaction = await interactionOf(provider, request, reply)
      if (!interaction) return reply
      const accountId = interaction.session?.accountId
      if (interaction.prompt.name !== 'consent') return await reply.code(400).send({ error: 'invalid_request', error_description: 'not a consent step' })
      if (accountId !== request.account!.id) return await reply.code(403).send({ error: 'access_denied', error_description: 'signed in as another user' })
      const result = request.body.allow
        ? { consent: { grantId: await grantFor(provider, interaction, accountId) } }
        : { error: 'access_denied', error_description: 'End-User aborted interaction' }
      return { redirectTo: await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: true }) }
    })
  })
}

/**
 * The interaction's grant (or a new one) with what the consent step found missing added, but
 * permission scopes: those it refuses (answered, so not asked again, and never in a token).
 */
async function grantFor (provider: Provider, interaction: Interaction, accountId: string): Promise<string> {
  const clientId = String(interaction.params.client_id)
  const grant = (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
    new provider.Grant({ accountId, clientId })
  const details = interaction.prompt.details as {
    missingOIDCScope?: string[], missingOIDCClaims?: string[], missingResourceScopes?: Record<string, string[]>
  }
  const openid = splitScopes(details.missingOIDCScope ?? [])
  if (openid.granted.length > 0) grant.addOIDCScope(openid.granted)
  if (openid.refused.length > 0) grant.rejectOIDCScope(openid.refused)
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims)
  for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
    const { granted, refused } = splitScopes(scopes)
    if (granted.length > 0) grant.addResourceScope(indicator, granted)
    if (refused.length > 0) grant.rejectResourceScope(indicator, refused)
  }
  return await grant.save()
}

import type { FastifyContextConfig, FastifyInstance, HTTPMethods, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault, RouteGenericInterface, RouteOptions } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { TSchema, TUnknown } from '@sinclair/typebox'
import { ANY_METHOD, responses } from '../../schemas/common.js'

/** The schemas of an action as Fastify sees them: the arguments as the query string, the shared error bodies. */
type ActionSchema<Args extends TSchema, Params extends TSchema, Success extends Record<number, TSchema>> = {
  querystring: Args
  params: Params
  response: ReturnType<typeof responses<Success>>
  summary: string
  hide?: boolean
}

type ActionRoute<Args extends TSchema, Params extends TSchema, Success extends Record<number, TSchema>> = RouteOptions<RawServerDefault,
  RawRequestDefaultExpression, RawReplyDefaultExpression, RouteGenericInterface, FastifyContextConfig,
  ActionSchema<Args, Params, Success>, TypeBoxTypeProvider>

/** What an action's route is besides its config: its hooks and handlers, typed from the schemas below. */
type ActionHooks<Args extends TSchema, Params extends TSchema, Success extends Record<number, TSchema>> =
  Pick<ActionRoute<Args, Params, Success>, 'handler' | 'preValidation' | 'preHandler' | 'onResponse' | 'onError' | 'wsHandler'>

/**
 * One action: its path, its schemas, its hooks and handler, and (every other field) its route
 * config, among them `operation` (V1Login), `errors` (the action's own codes), `auth` with
 * `assurance` (plugins/accounts/auth.ts checks both), `signsIn`, `hashesPassword`.
 */
export type ActionSpec<Args extends TSchema, Params extends TSchema, Success extends Record<number, TSchema>> =
  ActionHooks<Args, Params, Success> & FastifyContextConfig & {
    /** The path under the prefix of the routes plugin that registers the action (`/login`). */
    url: string
    operation: string
    summary: string
    /** Default: any method (ANY_METHOD), the arguments from the query string and a JSON body merged (plugins/core/args.ts). */
    method?: HTTPMethods | HTTPMethods[]
    /** The arguments' schema, validated against query string and body merged; handlers read `request.query`. */
    args?: Args
    /** Path parameters (`/:provider/authorize`). */
    params?: Params
    /** The success bodies by status; every action also answers the shared error body on 4xx and 5xx. */
    responses: Success
    /** Left out of openapi.json (the WebSocket upgrade). */
    hide?: boolean
  }

/**
 * The prefix a route plugin is registered under, without the version (`users` under /v1/users):
 * a route file that declares `sharedWith` is registered under its own folder's prefix and under
 * each one it names (app.ts), and takes from this which it is serving (its account type).
 */
export function servedUnder (app: FastifyInstance): string {
  return app.prefix.split('/').pop() ?? ''
}

/**
 * Defines an action on `app` (the routes plugin of its domain, under that plugin's prefix): every
 * route of the domains and the probes is written this way. What a route always has (any method, the arguments as
 * one schema, the error bodies, an operation name and a summary) is filled in here, so an
 * action file holds only what is its own.
 */
export function defineAction<Args extends TSchema = TUnknown, Params extends TSchema = TUnknown,
  Success extends Record<number, TSchema> = Record<number, TSchema>> (app: FastifyInstance, spec: ActionSpec<Args, Params, Success>): void {
  const {
    url, method = ANY_METHOD, summary, args, params, responses: success, hide,
    handler, preValidation, preHandler, onResponse, onError, wsHandler, ...config
  } = spec
  const route: ActionRoute<Args, Params, Success> = {
    method,
    url,
    config,
    schema: {
      summary,
      ...(hide && { hide }),
      ...(params && { params }),
      ...(args && { querystring: args }),
      response: responses(success)
    } as ActionSchema<Args, Params, Success>,
    handler,
    ...(preValidation && { preValidation }),
    ...(preHandler && { preHandler }),
    ...(onResponse && { onResponse }),
    ...(onError && { onError }),
    ...(wsHandler && { wsHandler })
  }
  app.withTypeProvider<TypeBoxTypeProvider>().route(route)
}

import { Type, type TSchema } from '@sinclair/typebox'

/** Every route accepts any of these methods; the documented one is only a convention. */
export const ANY_METHOD = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']

const DEV_ONLY = { description: 'on 500 outside production only' }

/** The flat body of every error (docs/api.md#errors); the descriptions show in the OpenAPI document. */
export const ErrorSchema = Type.Object({
  status: Type.Integer({ description: 'the HTTP status' }),
  success: Type.Literal(false),
  error: Type.String({ description: 'the code clients branch on (UNAUTHORIZED, USER.BAD_REQUEST_INVALID_LOGIN_CREDENTIALS); it never changes' }),
  message: Type.String({ description: 'for people, in the language of the request' }),
  requestId: Type.Optional(Type.String({ description: 'on 5xx: the X-Request-ID of the logs' })),
  fields: Type.Optional(Type.Array(Type.Object({ name: Type.String(), message: Type.String() }),
    { description: 'on BAD_REQUEST_INVALID_ARGUMENTS: what is wrong with each argument' })),
  checks: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'on a 503 of /ready: each dependency, ok or failed' })),
  // Development and test only: the handler omits these in production.
  stack: Type.Optional(Type.String(DEV_ONLY)),
  reqRoute: Type.Optional(Type.Union([Type.String(), Type.Null()], DEV_ONLY)),
  reqUserType: Type.Optional(Type.String(DEV_ONLY)),
  reqUserId: Type.Optional(Type.Union([Type.String(), Type.Null()], DEV_ONLY)),
  reqArgs: Type.Optional(Type.Unknown({ description: 'on 500 outside production only, secrets masked' }))
})

/** `{ status, success: true, ...payload }`; a `title` in the options names it in openapi.json. */
export function Success<T extends Record<string, TSchema>> (status: number, payload: T = {} as T, options: { title?: string, description?: string } = {}) {
  return Type.Object({ status: Type.Literal(status), success: Type.Literal(true), ...payload }, options)
}

/** Response schemas for a route: its success statuses plus the shared error shape. */
export function responses<T extends Record<number, TSchema>> (success: T) {
  return { ...success, '4xx': ErrorSchema, '5xx': ErrorSchema }
}

/**
 * `organizationId` on the organization routes an API key may call: the key's own organization
 * by default (plugins/orgs/access.ts); a user token must name one.
 */
export const KeyOrganizationId = Type.Optional(Type.String({ format: 'uuid', description: 'required with a user token; an API key\'s own organization by default' }))

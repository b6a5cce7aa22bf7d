import { Type, type TSchema } from '@sinclair/typebox'

/** Every route accepts any of these methods; the documented one is only a convention. */
export const ANY_METHOD = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']

export const ErrorSchema = Type.Object({
  status: Type.Integer(),
  success: Type.Literal(false),
  error: Type.String(),
  message: Type.String(),
  requestId: Type.Optional(Type.String()),
  fields: Type.Optional(Type.Array(Type.Object({ name: Type.String(), message: Type.String() }))),
  checks: Type.Optional(Type.Record(Type.String(), Type.String())),
  // Development and test only: the handler omits these in production.
  stack: Type.Optional(Type.String()),
  reqRoute: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  reqUserType: Type.Optional(Type.String()),
  reqUserId: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  reqArgs: Type.Optional(Type.Unknown())
})

/** `{ status, success: true, ...payload }` */
export function Success<T extends Record<string, TSchema>> (status: number, payload: T = {} as T) {
  return Type.Object({ status: Type.Literal(status), success: Type.Literal(true), ...payload })
}

/** Response schemas for a route: its success statuses plus the shared error shape. */
export function responses<T extends Record<number, TSchema>> (success: T) {
  return { ...success, '4xx': ErrorSchema, '5xx': ErrorSchema }
}

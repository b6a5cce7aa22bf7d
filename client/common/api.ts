/**
 * The API's operations as the pages call them, typed by the SDK's types generated from
 * openapi.json (client/sdk/openapi.d.ts): an operation's JSON arguments and the body of its
 * success, so that a view's call and its use of the answer are checked by `npm run typecheck`.
 */
import type { paths } from '../sdk/openapi.js'
import type { Args, Kind } from '../sdk/index.js'

/** The paths of the operations that take a JSON POST (`/v1/admins/listusers`, `/v1/posts/create`). */
export type Operation = { [P in keyof paths]: paths[P] extends { post: object } ? P : never }[keyof paths]
/** The actions of one kind of account: `listusers` for `/v1/admins/listusers`. */
export type Action<K extends Kind> = Operation extends infer P ? P extends `/v1/${K}/${infer A}` ? A : never : never
/** The path of a kind's action. */
export type PathOf<K extends Kind, A extends Action<K>> = `/v1/${K}/${A}` & Operation

type Responses<P extends Operation> = paths[P] extends { post: { responses: infer R } } ? R : never
/** The JSON body of an operation's success (its 2xx answer). */
export type Success<P extends Operation> = {
  [S in keyof Responses<P>]: S extends 200 | 201 | 204 ? Responses<P>[S] extends { content: { 'application/json': infer B } } ? B : never : never
}[keyof Responses<P>]

/** The JSON arguments of an operation; `{}` for one that takes none. */
export type ArgsOf<P extends Operation> = unknown extends Args<P> ? Record<string, never> : Args<P>
/** Arguments as a parameter list (of `T`, by default the operation's): optional when none is required. */
export type ArgsParam<P extends Operation, T = ArgsOf<P>> = {} extends T ? [args?: T] : [args: T]
/** Arguments of which any may be blank ('' or null), for a caller that leaves the blank ones out. */
export type Blankable<T> = { [K in keyof T]: T[K] | '' | null }

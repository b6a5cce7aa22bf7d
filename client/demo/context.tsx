/** The demo's client, its types and the small helpers of its views. */
import type { InputHTMLAttributes } from 'preact'
import { createClient } from '../sdk/index.js'
import type { MESSAGES } from './messages.js'
import { pickLocale, translator } from '../common/i18n.js'
import type { Action, ArgsOf, ArgsParam, Operation, PathOf, Success } from '../common/api.js'

export const LOCALE_KEY = 'latchkey-demo-locale'
export const client = createClient({ kind: 'users', lang: pickLocale(LOCALE_KEY) })

export type T = ReturnType<typeof translator<typeof MESSAGES.en>>
export type { Factor, Provider, Session, User } from '../sdk/index.js'
/** A post as the FEED room's POST_PUBLISHED event carries it (a socket event: not in openapi.json). */
export type FeedItem = { postId: string, title: string, publishedAt: string }

/** A labelled input: its label, then the input with `props`. */
export const field = (id: string, label: string, props: InputHTMLAttributes) => (
  <>
    <label for={id}>{label}</label>
    <input id={id} {...props} />
  </>
)

/** A users action through the SDK (token added, refreshed on need), typed by the operation; its body, or a LatchkeyError. */
export async function call<A extends Action<'users'>> (action: A, ...[args]: ArgsParam<PathOf<'users', A>>): Promise<Success<PathOf<'users', A>>> {
  return await client.call(action, args ?? {}) as Success<PathOf<'users', A>>
}

/**
 * A JSON call to any operation (`/v1/posts/create`) with the access token (the SDK's fetch
 * refreshes it when needed), typed by the operation; an error body throws.
 */
export async function api<P extends Operation> (path: P, body: ArgsOf<P>): Promise<Success<P>> {
  const res = await client.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const json = await res.json()
  if (!res.ok) throw Object.assign(new Error(json.message ?? json.error), { code: json.error, status: res.status })
  return json
}

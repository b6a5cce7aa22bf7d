/** The demo's client, its types and the small helpers of its views. */
import { createClient } from '../sdk/index.js'
import type { MESSAGES } from './messages.js'
import { pickLocale, translator } from '../common/i18n.js'
import type { InputHTMLAttributes } from 'preact'

export const LOCALE_KEY = 'latchkey-demo-locale'
export const client = createClient({ kind: 'users', lang: pickLocale(LOCALE_KEY) })

export type T = ReturnType<typeof translator<typeof MESSAGES.en>>
export type User = { id: string, email: string }
export type Session = {
  id: string, client: string, platform: string | null, userAgent: string | null, browser: string | null, os: string | null,
  createdAt: string, lastUsedAt: string | null, current: boolean
}
export type Factor = { id: string, type: string, name: string | null }
export type Provider = { name: string, label: string, available: boolean }
export type FeedItem = { postId: string, title: string, publishedAt: string }

export type Mfa = { mfaToken: string, factors: Factor[] }
/** A first step's answer: the second step it asks for, if any. */
export const mfaOf = (result: any): Mfa | null =>
  result?.mfaRequired ? { mfaToken: result.mfaToken, factors: (result.factors ?? []).filter((f: Factor) => f.type === 'totp') } : null

/** A labelled input: its label, then the input with `props`. */
export const field = (id: string, label: string, props: InputHTMLAttributes) => (
  <>
    <label for={id}>{label}</label>
    <input id={id} {...props} />
  </>
)

/** A JSON call with the access token (the SDK's fetch refreshes it when needed); an error body throws. */
export async function api (path: string, body: Record<string, unknown>): Promise<any> {
  const res = await client.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const json = await res.json()
  if (!res.ok) throw Object.assign(new Error(json.message ?? json.error), { code: json.error, status: res.status })
  return json
}

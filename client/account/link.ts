/**
 * What every account page shares: the SDK's client, the link's token, and the outcome of the one
 * action a page takes with it (busy, done, or refused with the API's code in plain words).
 */
import { useCallback, useState } from 'preact/hooks'
import { createClient, type LatchkeyError } from '../sdk/index.js'
import { pickLocale, translator } from '../common/i18n.js'
import type { MESSAGES } from './messages.js'

export const LOCALE_KEY = 'latchkey-account-locale'
export const client = createClient({ kind: 'users', lang: pickLocale(LOCALE_KEY) })

export type T = ReturnType<typeof translator<typeof MESSAGES.en>>
export type Key = Parameters<T>[0]

/**
 * The link's token, read once and taken out of the address bar before the page does anything
 * else, so that no later request, bookmark or history URL carries it (the stylesheet and icon,
 * asked for before the bundle runs, go without a Referer: Referrer-Policy no-referrer). It is
 * kept in the history entry's state, which never leaves the browser: a reload still has it,
 * until forgetToken.
 */
export function takeToken (): string | null {
  const url = new URL(location.href)
  const given = url.searchParams.get('token')
  if (given !== null) {
    url.searchParams.delete('token')
    history.replaceState({ token: given }, '', `${url.pathname}${url.search}${url.hash}`)
    return given
  }
  const kept = (history.state as { token?: unknown } | null)?.token
  return typeof kept === 'string' ? kept : null
}

/** Once the token did what it could (used, or refused for good), a reload no longer sends it. */
export function forgetToken (): void {
  history.replaceState(null, '', location.href)
}

/**
 * The codes that say the token is dead: used, expired, superseded, revoked, or never issued. An
 * invitation's may only be another account's (the same code, no enumeration): kept for a retry.
 */
const DEAD = /BAD_REQUEST_INVALID_(TOKEN|INVITATION)$/
const GONE = /BAD_REQUEST_INVALID_TOKEN$/

export type Outcome<V> =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'done', value: V }
  | { state: 'refused', code: string, message: string, reasons: string[], dead: boolean }

/**
 * The page's action with its token, and its outcome. A refusal keeps the API's code (the page
 * words it), its translated message and the reasons of its fields (a weak password's).
 */
export function useLinkAction<V> () {
  const [outcome, setOutcome] = useState<Outcome<V>>({ state: 'idle' })
  const run = useCallback(async (action: () => Promise<V>) => {
    setOutcome({ state: 'busy' })
    try {
      const value = await action()
      forgetToken()
      setOutcome({ state: 'done', value })
    } catch (err) {
      const e = err as Partial<LatchkeyError>
      const code = e.code ?? 'UNKNOWN'
      if (GONE.test(code)) forgetToken()
      setOutcome({ state: 'refused', code, message: e.message ?? String(err), reasons: e.fields?.map((f) => f.message) ?? [], dead: DEAD.test(code) })
    }
  }, [])
  const reset = useCallback(() => setOutcome({ state: 'idle' }), [])
  return { outcome, run, reset }
}

/**
 * A refusal in plain words: the page's own sentence for a dead token (`dead`) or another code it
 * knows (`known`), the network's, else the API's translated message.
 */
export function refusalText (t: T, outcome: { code: string, message: string, dead: boolean }, dead: Key, known: Record<string, Key> = {},
  values: Record<string, string> = {}): string {
  if (outcome.dead) return t(dead, values)
  if (known[outcome.code]) return t(known[outcome.code], values)
  if (outcome.code === 'NETWORK_ERROR') return t('unreachable')
  return outcome.message
}

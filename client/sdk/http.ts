import { LatchkeyError } from './errors.js'
import type { Kind } from './types.js'

export type Json = Record<string, any>
export interface Answer { status: number, body: Json }

/**
 * POSTs to the `/v1/<kind>/<action>` actions of one service, with its cookie (`credentials:
 * 'include'`); an action that starts with a slash is a path of its own (`/v1/orgs/list`).
 */
export function createRequester (base: string, kind: Kind, lang: () => string | undefined) {
  const scheme = kind === 'users' ? 'jwt-user' : 'jwt-admin'
  return {
    scheme,
    async request (action: string, args: Json = {}, token?: string, timeout?: number): Promise<Answer> {
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      if (token) headers.authorization = `${scheme} ${token}`
      const language = lang()
      const path = action.startsWith('/') ? action : `/v1/${kind}/${action}`
      let res: Response
      try {
        res = await fetch(`${base}${path}${language ? `?lang=${encodeURIComponent(language)}` : ''}`, {
          method: 'POST',
          credentials: 'include',
          headers,
          body: JSON.stringify(args),
          ...(timeout ? { signal: AbortSignal.timeout(timeout) } : {})
        })
      } catch (err) {
        throw new LatchkeyError('NETWORK_ERROR', 0, (err as Error).message || 'The service could not be reached')
      }
      return { status: res.status, body: await res.json().catch(() => ({})) as Json }
    }
  }
}

/** The body of a success, or the refusal thrown as a LatchkeyError. */
export function ok (answer: Answer): Json {
  if (answer.status >= 400 || answer.body.success === false) throw LatchkeyError.from(answer.status, answer.body)
  return answer.body
}

/** The console's client, its calls, its language and its hash routes, for every view. */
import { useEffect, useState } from 'preact/hooks'
import { createClient } from '../sdk/index.js'
import type { MESSAGES } from './messages.js'
import { pickLocale, translator, type Locale } from '../common/i18n.js'
import type { Action, ArgsOf, ArgsParam, Blankable, PathOf, Success } from '../common/api.js'

export const LOCALE_KEY = 'latchkey-admin-locale'
export const client = createClient({ kind: 'admins', lang: pickLocale(LOCALE_KEY) })

export type T = ReturnType<typeof translator<typeof MESSAGES.en>>
export type { Admin, Factor } from '../sdk/index.js'
/** An admin action: `listusers` for /v1/admins/listusers. */
export type AdminAction = Action<'admins'>
type Path<A extends AdminAction> = PathOf<'admins', A>
/** The body of an admin action's success. */
export type Answer<A extends AdminAction> = Success<Path<A>>
/** The API's shapes, as the SDK's generated types have them. */
export type User = Answer<'getuser'>['user']
export type Session = Answer<'getuser'>['sessions'][number]

export let currentLocale: Locale = pickLocale(LOCALE_KEY)
/** The console's language, for dates; App sets it on a switch. */
export function setCurrentLocale (locale: Locale): void { currentLocale = locale }

/**
 * An admin action through the SDK (token added, refreshed on need), typed by the operation, empty
 * arguments left out; its body, or a LatchkeyError.
 */
export async function api<A extends AdminAction> (action: A, ...[args]: ArgsParam<Path<A>, Blankable<ArgsOf<Path<A>>>>): Promise<Answer<A>> {
  const given = Object.fromEntries(Object.entries(args ?? {}).filter(([, value]) => value !== undefined && value !== '' && value !== null))
  return await client.call(action, given) as Answer<A>
}

/** The route of the location's hash: `#/users/<id>?a=b` -> ['users', '<id>'] and its parameters. */
export function parseHash (): { path: string[], params: URLSearchParams } {
  const [path, query] = location.hash.replace(/^#\/?/, '').split('?')
  return { path: path.split('/').filter(Boolean), params: new URLSearchParams(query ?? '') }
}

export function useRoute () {
  const [route, setRoute] = useState(parseHash())
  useEffect(() => {
    const on = () => setRoute(parseHash())
    window.addEventListener('hashchange', on)
    return () => window.removeEventListener('hashchange', on)
  }, [])
  return route
}

export const hashOf = (path: string, params: Record<string, string | undefined> = {}) => {
  const query = new URLSearchParams(Object.entries(params).filter(([, v]) => v) as Array<[string, string]>).toString()
  return `#/${path}${query ? `?${query}` : ''}`
}

export const userStatus = (u: User): 'stateDeleted' | 'stateActive' | 'stateInactive' =>
  u.deletedAt ? 'stateDeleted' : u.isActive ? 'stateActive' : 'stateInactive'

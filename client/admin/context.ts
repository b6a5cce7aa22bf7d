/** The console's client, its calls, its language and its hash routes, for every view. */
import { useEffect, useState } from 'preact/hooks'
import { createClient } from '../sdk/index.js'
import type { MESSAGES } from './messages.js'
import { pickLocale, translator, type Locale } from '../common/i18n.js'

export const LOCALE_KEY = 'latchkey-admin-locale'
export const client = createClient({ kind: 'admins', lang: pickLocale(LOCALE_KEY) })

export type T = ReturnType<typeof translator<typeof MESSAGES.en>>
export type Admin = { id: string, email: string }
export type User = {
  id: string, email: string, isActive: boolean, isEmailConfirmed: boolean, loginCount: number,
  lastLoginAt: string | null, createdAt: string, deletedAt: string | null, tokenVersion: number
}
export type Session = {
  id: string, client: string, platform: string | null, aal: string, userAgent: string | null, browser: string | null, os: string | null,
  ipAddress: string | null, createdAt: string, lastUsedAt: string | null, expiresAt: string
}
export type Factor = { id: string, type: string, name: string | null, status: string, createdAt: string, lastUsedAt: string | null }
export type AuditEvent = { id: string, createdAt: string, event: string, accountType: string, accountId: string | null, actorType: string | null, actorId: string | null, accountEmail: string | null, actorEmail: string | null, ipAddress: string | null, data: Record<string, unknown> }

export let currentLocale: Locale = pickLocale(LOCALE_KEY)
/** The console's language, for dates; App sets it on a switch. */
export function setCurrentLocale (locale: Locale): void { currentLocale = locale }

/** An admin route through the SDK (token added, refreshed on need), empty arguments left out; its body, or a LatchkeyError. */
export async function api (action: string, args: Record<string, unknown> = {}): Promise<any> {
  const given = Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined && value !== '' && value !== null))
  return await client.call(action, given)
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

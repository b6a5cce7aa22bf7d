/**
 * Where the service sends people: the pages its mailed links open and the application a provider
 * sign-in returns to. With PUBLIC_APP_URL set that is the application; without it, the service
 * itself (PUBLIC_URL), whose hosted account pages (/account/<page>, pages.ts) answer every link.
 */

/** The pages a mailed link opens (`<page>?token=...`), in the application or under ACCOUNT_PATH. */
export const ACCOUNT_PAGES = ['verify-email', 'reset-password', 'sign-in', 'accept-invite', 'confirm-email-change', 'cancel-deletion'] as const
export type AccountPage = typeof ACCOUNT_PAGES[number]

/** Where the service serves the account pages itself. */
export const ACCOUNT_PATH = '/account'

interface Urls { publicAppUrl?: string, publicUrl: string }

/** The application: PUBLIC_APP_URL, or without one the service, whose own pages stand in for it. */
export const appUrl = (config: Urls): string => config.publicAppUrl ?? config.publicUrl

/** A mailed link: PUBLIC_APP_URL/<page>?token=..., or PUBLIC_URL/account/<page>?token=... without an application. */
export function mailedLink (config: Urls, page: AccountPage, token: string): string {
  const base = config.publicAppUrl ?? `${config.publicUrl}${ACCOUNT_PATH}`
  return `${base}/${page}?token=${encodeURIComponent(token)}`
}

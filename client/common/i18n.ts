/**
 * The pages' languages: `en` and `es`. The choice comes from the language switch (kept in
 * localStorage under `key`), else from navigator.language, else English.
 */
export const LOCALES = ['en', 'es'] as const
export type Locale = typeof LOCALES[number]

export function pickLocale (key: string): Locale {
  const saved = safeStorage()?.getItem(key)
  if (saved === 'en' || saved === 'es') return saved
  const wanted = (navigator.languages?.length ? navigator.languages : [navigator.language]).map((l) => l.toLowerCase().split('-')[0])
  return (wanted.find((l) => (LOCALES as readonly string[]).includes(l)) as Locale | undefined) ?? 'en'
}

export function saveLocale (key: string, locale: Locale): void {
  safeStorage()?.setItem(key, locale)
  document.documentElement.lang = locale
}

function safeStorage (): Storage | null {
  try { return window.localStorage } catch { return null }
}

/** `t('key', { name })` over one table; `{name}` placeholders are replaced. */
export function translator<T extends Record<string, string>> (table: T) {
  return (key: keyof T, values: Record<string, string | number> = {}): string =>
    table[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''))
}

/** A date and time in the locale's words (the browser's time zone). */
export function formatTime (locale: Locale, iso: string | null | undefined): string {
  if (!iso) return '-'
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso))
}

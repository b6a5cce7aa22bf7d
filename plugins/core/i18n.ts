import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { LOCALES_DIR } from '../../paths.js'
import { cookiesOf } from './cookies.js'

declare module 'fastify' {
  interface FastifyInstance { i18n: ReturnType<typeof createI18n> }
  interface FastifyRequest {
    /** The language of this request: `lang` query, `i18n-locale` cookie, Accept-Language, then en. */
    readonly locale: string
    t: (key: string, params?: Record<string, string | number>) => string
  }
}

export const DEFAULT_LOCALE = 'en'
const kLocale = Symbol('locale')

export function createI18n (dir = LOCALES_DIR) {
  const catalogs: Record<string, Record<string, string>> = {}
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    catalogs[file.slice(0, -5)] = JSON.parse(readFileSync(join(dir, file), 'utf8'))
  }
  const supported = (lang: unknown): string | undefined => {
    if (typeof lang !== 'string') return undefined
    const primary = lang.trim().toLowerCase().split(/[-_]/)[0]
    return primary in catalogs ? primary : undefined
  }
  return {
    locales: Object.keys(catalogs),
    supported,
    fromAcceptLanguage (header: string | undefined): string | undefined {
      if (!header) return undefined
      const ranked = header.split(',').map((part, i) => {
        const [tag, ...params] = part.split(';')
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
        return { tag, q: q ? Number(q.slice(2)) : 1, i }
      }).filter((r) => r.q > 0).sort((a, b) => b.q - a.q || a.i - b.i)
      for (const r of ranked) {
        const lang = supported(r.tag)
        if (lang) return lang
      }
      return undefined
    },
    translate (locale: string, key: string, params?: Record<string, string | number>): string {
      const text = catalogs[locale]?.[key] ?? catalogs[DEFAULT_LOCALE]?.[key] ?? key
      if (!params) return text
      return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m))
    }
  }
}

export default fp(async (app) => {
  const i18n = createI18n()
  app.decorate('i18n', i18n)

  // Resolved on first use, so requests that never translate anything never pay for it.
  app.decorateRequest('locale', {
    getter (this: FastifyRequest & { [kLocale]?: string }) {
      this[kLocale] ??= i18n.supported((this.query as Record<string, unknown> | undefined)?.lang) ??
        i18n.supported(cookiesOf(this)['i18n-locale']) ??
        i18n.fromAcceptLanguage(this.headers['accept-language']) ??
        DEFAULT_LOCALE
      return this[kLocale]
    }
  })
  app.decorateRequest('t', function (this: FastifyRequest, key: string, params?: Record<string, string | number>) {
    return i18n.translate(this.locale, key, params)
  })
}, { name: 'i18n', dependencies: ['cookies'] })

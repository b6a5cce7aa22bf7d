import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { LOCALES_DIR } from '../paths.js'
import { DEFAULT_LOCALE } from '../plugins/core/i18n.js'

// Every catalog createI18n loads, read the same way (one flat JSON object per language).
const catalogs: Record<string, Record<string, unknown>> = Object.fromEntries(readdirSync(LOCALES_DIR)
  .filter((file) => file.endsWith('.json'))
  .map((file) => [file.slice(0, -5), JSON.parse(readFileSync(join(LOCALES_DIR, file), 'utf8'))]))
const reference = catalogs[DEFAULT_LOCALE]!
const others = Object.keys(catalogs).filter((lang) => lang !== DEFAULT_LOCALE).sort()

/** The names of the `{name}` placeholders translate() fills in, without repeats, sorted. */
function placeholders (text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort()
}

t.test(`the default language (${DEFAULT_LOCALE}) and at least one other have a catalog`, async (t) => {
  t.type(reference, 'object')
  t.ok(others.length > 0, `other languages: ${others.join(', ')}`)
})

t.test('every value of every catalog is a non-empty string', async (t) => {
  for (const [lang, catalog] of Object.entries(catalogs)) {
    const bad = Object.entries(catalog).filter(([, value]) => typeof value !== 'string' || value.trim() === '')
    t.same(bad.map(([key]) => key), [], `${lang}: no empty or non-string value`)
  }
})

for (const lang of others) {
  const catalog = catalogs[lang]!

  t.test(`${lang} has exactly the keys of ${DEFAULT_LOCALE}`, async (t) => {
    const keys = Object.keys(catalog)
    t.same(Object.keys(reference).filter((key) => !(key in catalog)), [], `no key of ${DEFAULT_LOCALE} is missing from ${lang}`)
    t.same(keys.filter((key) => !(key in reference)), [], `${lang} has no key that ${DEFAULT_LOCALE} lacks`)
  })

  t.test(`${lang} uses the placeholders of ${DEFAULT_LOCALE}, key by key`, async (t) => {
    const differ = Object.keys(reference)
      .filter((key) => typeof catalog[key] === 'string' && typeof reference[key] === 'string')
      .filter((key) => placeholders(catalog[key] as string).join() !== placeholders(reference[key] as string).join())
      .map((key) => `${key}: ${DEFAULT_LOCALE} ${JSON.stringify(placeholders(reference[key] as string))}, ` +
        `${lang} ${JSON.stringify(placeholders(catalog[key] as string))}`)
    t.same(differ, [], 'the same placeholder names in both languages')
  })
}

import { join } from 'node:path'
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { ROOT } from '../../../paths.js'
import { build } from '../../helpers/app.js'

const routeDirs = [join(ROOT, 'test', 'fixtures', 'routes')]

const NOT_FOUND = { en: 'Route not found', es: 'Ruta no encontrada' }
const INVALID = { en: 'Invalid arguments: n, name', es: 'Argumentos no válidos: n, name' }

interface Choice { query?: string, cookie?: string, acceptLanguage?: string }

/** The messages of a 404 and of a validation error for one way of choosing the language. */
async function messages (app: FastifyInstance, { query, cookie, acceptLanguage }: Choice) {
  const headers: Record<string, string> = {}
  if (cookie) headers.cookie = `i18n-locale=${cookie}`
  if (acceptLanguage) headers['accept-language'] = acceptLanguage
  const lang = query ? `lang=${encodeURIComponent(query)}` : ''
  const notFound = await app.inject({ method: 'GET', url: `/v1/nothing/here${lang ? `?${lang}` : ''}`, headers })
  const invalid = await app.inject({ method: 'GET', url: `/v1/echo/args?n=x&name=a${lang ? `&${lang}` : ''}`, headers })
  return {
    notFound: { status: notFound.statusCode, ...notFound.json() },
    invalid: { status: invalid.statusCode, ...invalid.json() }
  }
}

t.test('message language', async (t) => {
  const app = await build(t, { routeDirs })

  async function expectLanguage (t: Test, choice: Choice, lang: 'en' | 'es') {
    const { notFound, invalid } = await messages(app, choice)
    t.match(notFound, { status: 404, error: 'NOT_FOUND' })
    t.equal(notFound.message, NOT_FOUND[lang], `the 404 message is in ${lang}`)
    t.match(invalid, { status: 400, error: 'BAD_REQUEST_INVALID_ARGUMENTS' })
    t.equal(invalid.message, INVALID[lang], `the validation message is in ${lang}`)
  }

  t.test('without any choice the messages are in English', async (t) => {
    await expectLanguage(t, {}, 'en')
  })

  t.test('?lang=es gives Spanish', async (t) => {
    await expectLanguage(t, { query: 'es' }, 'es')
  })

  t.test('the i18n-locale=es cookie gives Spanish', async (t) => {
    await expectLanguage(t, { cookie: 'es' }, 'es')
  })

  t.test('Accept-Language: es-ES,es;q=0.9 gives Spanish', async (t) => {
    await expectLanguage(t, { acceptLanguage: 'es-ES,es;q=0.9' }, 'es')
  })

  t.test('Accept-Language is read by quality, not by position', async (t) => {
    await expectLanguage(t, { acceptLanguage: 'fr-FR, en;q=0.5, es;q=0.8' }, 'es')
    await expectLanguage(t, { acceptLanguage: 'es;q=0.2, en;q=0.9' }, 'en')
  })

  t.test('regional and upper-case tags pick their language', async (t) => {
    await expectLanguage(t, { query: 'es-MX' }, 'es')
    await expectLanguage(t, { cookie: 'ES' }, 'es')
  })

  t.test('lang beats the cookie, which beats Accept-Language', async (t) => {
    await expectLanguage(t, { query: 'en', cookie: 'es', acceptLanguage: 'es' }, 'en')
    await expectLanguage(t, { query: 'es', cookie: 'en', acceptLanguage: 'en' }, 'es')
    await expectLanguage(t, { cookie: 'es', acceptLanguage: 'en' }, 'es')
    await expectLanguage(t, { cookie: 'en', acceptLanguage: 'es' }, 'en')
  })

  t.test('an unsupported language falls back to English', async (t) => {
    await expectLanguage(t, { query: 'fr' }, 'en')
    await expectLanguage(t, { cookie: 'de' }, 'en')
    await expectLanguage(t, { acceptLanguage: 'fr-FR, de;q=0.8' }, 'en')
  })
})

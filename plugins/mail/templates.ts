import type { FastifyInstance } from 'fastify'
import { NOTICES, type MailTemplate, type SendEmailTaskPayload } from '../../schemas/mail.js'

export interface RenderedMail {
  subject: string
  text: string
  html: string
}

const UNITS: Array<[seconds: number, unit: string]> = [[86400, 'day'], [3600, 'hour'], [60, 'minute'], [1, 'second']]

/** A lifetime in the mail's language with the largest unit that divides it: "24 hours", "1 hora". */
export function formatLifetime (seconds: number, locale: string): string {
  const [size, unit] = UNITS.find(([size]) => seconds % size === 0)!
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(seconds / size)
}

/** The mails with a link that nobody asked for. */
const UNASKED: ReadonlySet<MailTemplate> = new Set(['login_locked', 'cancel_deletion'])

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c])

/** A notice: paragraphs, no link. */
function renderNotice (locale: string, subject: string, paragraphs: string[]): RenderedMail {
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2328">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body>
</html>
`
  return { subject, text: `${paragraphs.join('\n\n')}\n`, html }
}

/**
 * One mail of a template in the job's language, as plain text and HTML. The words are in the
 * locale catalogs (`MAIL[<template>_subject|_intro|_action]`, `MAIL[expires]`, `MAIL[ignore]` or `MAIL[<template>_advice]`),
 * so a language added to locales/ gets its mails too; an unknown locale falls back to English.
 */
export function renderMail (i18n: FastifyInstance['i18n'], mail: SendEmailTaskPayload): RenderedMail {
  const locale = i18n.supported(mail.locale) ?? 'en'
  const t = (key: string, params?: Record<string, string>) => i18n.translate(locale, `MAIL[${key}]`, params)
  const template: MailTemplate = mail.template
  const { link = '', expiresIn = 0, newEmail = '', lockedFor, organization = '', url = '', erasureAt } = mail.params
  const subject = t(`${template}_subject`)
  const lifetime = lockedFor === undefined ? '' : formatLifetime(lockedFor, locale)
  if (NOTICES.has(template)) {
    return renderNotice(locale, subject, [t(`${template}_intro`, { email: mail.to, newEmail, lifetime, url }), t(`${template}_advice`)])
  }
  const date = erasureAt ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(erasureAt)) : ''
  const intro = t(`${template}_intro`, { email: mail.to, lifetime, organization, date })
  const expires = t('expires', { lifetime: formatLifetime(expiresIn, locale) })
  // A mail nobody asked for (a lock's) says what to do if it was not you, instead of "ignore this".
  const ignore = t(UNASKED.has(template) ? `${template}_advice` : 'ignore')
  const text = `${intro}\n\n${link}\n\n${expires}\n${ignore}\n`
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2328">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #1f6feb; color: #ffffff; text-decoration: none; border-radius: 6px">${escapeHtml(t(`${template}_action`))}</a></p>
<p style="font-size: 90%; color: #57606a; word-break: break-all">${escapeHtml(link)}</p>
<p>${escapeHtml(expires)}<br>${escapeHtml(ignore)}</p>
</body>
</html>
`
  return { subject, text, html }
}

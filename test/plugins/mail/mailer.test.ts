/**
 * A mailed link survives being copied by hand out of the raw message: in the .eml file written
 * without SMTP_URL and in what a real SMTP server (smtp-server) received, each mail's link with
 * its token is there whole, as a plain substring (no quoted-printable soft line break, no `=3D`),
 * in English (7bit) and in Spanish (8bit, asked for with BODY=8BITMIME), and no line passes 998 octets.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { simpleParser, type ParsedMail } from 'mailparser'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { MAX_LINE_OCTETS, unencodedPart } from '../../../plugins/mail/parts.js'
import { createTestAccount, requestReset, type TapTest } from '../../helpers/accounts.js'
import { smtpCatcher } from '../../helpers/mail.js'
import { start, waitUntil } from '../../helpers/sockets.js'

const user = ACCOUNT_TYPES.user
// Long enough that the link line passes the 76 characters past which nodemailer picked quoted-printable.
const PUBLIC_APP_URL = 'https://accounts.example.test/a-rather-long-path/to-the-application'

/** The link with its token, as the decoded text part reads. */
function linkOf (mail: ParsedMail): string {
  const link = /https:\/\/\S+\?token=[0-9a-f]{64}/.exec(mail.text ?? '')?.[0]
  if (!link) throw new Error(`no link in the mail: ${mail.text}`)
  return link
}

/** The raw .eml file in `outbox` of the mail to `to`, once written whole (its last boundary). */
async function mailTo (outbox: string, to: string): Promise<string | undefined> {
  for (const name of await readdir(outbox).catch(() => [] as string[])) {
    const raw = await readFile(join(outbox, name), 'utf8')
    if (raw.includes(`To: ${to}`) && raw.trimEnd().endsWith('--')) return raw
  }
}

/** What a person reading the raw message finds: the link whole in both parts, no encoding, short enough lines. */
function assertRaw (t: TapTest, raw: string, link: string, encoding: '7bit' | '8bit') {
  t.ok(link.length > 76, `the link is ${link.length} characters long`)
  t.equal(raw.split(link).length - 1, 3, 'the exact link is in the raw message three times: the text part, the HTML part\'s href and text')
  t.notMatch(raw, /quoted-printable|base64/i, 'no part is encoded')
  t.notMatch(raw, /(?<!\?)=\r?\n/, 'no soft line break (an encoded header word ends in ?=)')
  t.notMatch(raw, '=3D', 'no =3D')
  t.match(raw, new RegExp(`Content-Type: text/plain; charset=utf-8\\r?\\nContent-Transfer-Encoding: ${encoding}\\r?\\n`), `the text part is ${encoding}`)
  const longest = Math.max(...raw.split(/\r?\n/).map((line) => Buffer.byteLength(line)))
  t.ok(longest <= MAX_LINE_OCTETS, `the longest line has ${longest} octets (at most 998)`)
}

t.test('no SMTP_URL: the .eml file holds the link with its token whole, in English and in Spanish', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-mail-'))
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  const app = await start(t, { env: { WORKER_ENABLED: 'true', DATA_DIR: dataDir, PUBLIC_APP_URL } })
  const outbox = join(dataDir, 'mail')
  for (const [lang, encoding, words] of [['en', '7bit', 'Reset your password'], ['es', '8bit', 'contraseña']] as const) {
    const account = await createTestAccount(app, user)
    t.equal((await requestReset(app, user, account.email, { query: `?lang=${lang}` })).statusCode, 200)
    const file = await waitUntil(() => mailTo(outbox, account.email), `the .eml file to ${account.email}`, 10_000)
    const mail = await simpleParser(file)
    t.match(mail.subject, words, `in ${lang}`)
    const link = linkOf(mail)
    t.ok(link.startsWith(`${PUBLIC_APP_URL}/`), 'under PUBLIC_APP_URL')
    assertRaw(t, file, link, encoding)
  }
})

t.test('SMTP: what the server received holds the link whole; 8bit is announced with BODY=8BITMIME', async (t) => {
  const catcher = await smtpCatcher(t)
  const app = await start(t, { env: { WORKER_ENABLED: 'true', SMTP_URL: catcher.url, PUBLIC_APP_URL } })
  for (const [lang, encoding, body] of [['en', '7bit', undefined], ['es', '8bit', '8BITMIME']] as const) {
    const account = await createTestAccount(app, user)
    const after = catcher.mails.length
    t.equal((await requestReset(app, user, account.email, { query: `?lang=${lang}` })).statusCode, 200)
    const mail = await catcher.next(account.email, { after })
    const received = catcher.received(mail)
    assertRaw(t, received.raw, linkOf(mail), encoding)
    t.equal(received.body, body, `MAIL FROM's BODY: ${body ?? 'none'}`)
    t.match(mail.html, `href="${linkOf(mail)}"`, 'the HTML part decodes to the same link')
  }
})

t.test('a part that cannot go unencoded is left to nodemailer: a line past 998 octets, a NUL, a bare CR', async (t) => {
  t.match(unencodedPart('text/plain', 'plain ASCII\nlines\n'), { raw: 'Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 7bit\r\n\r\nplain ASCII\r\nlines\r\n' })
  t.match(unencodedPart('text/html', '<p>contraseña</p>'), { raw: /Content-Transfer-Encoding: 8bit\r\n\r\n<p>contraseña<\/p>$/ })
  t.ok(unencodedPart('text/plain', 'x'.repeat(998)), '998 octets fit')
  t.equal(unencodedPart('text/plain', 'x'.repeat(999)), null, '999 do not')
  t.equal(unencodedPart('text/plain', 'ñ'.repeat(500)), null, '500 two-octet characters are 1,000 octets')
  t.equal(unencodedPart('text/plain', 'a\u0000b'), null, 'a NUL')
  t.equal(unencodedPart('text/plain', 'a\rb'), null, 'a bare CR')
})

import type { AddressInfo } from 'node:net'
import type tap from 'tap'
import { SMTPServer } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'
import type { TapTest } from './accounts.js'
import { waitUntil } from './sockets.js'

export interface Catcher {
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  url: string
  /** Every mail accepted so far, parsed, in arrival order. */
  mails: ParsedMail[]
  /** Answers the next `count` mails with a temporary failure (451), as a busy server would. */
  refuse: (count: number) => void
  /** How many mails were refused so far. */
  refused: () => number
  /** Waits for the first accepted mail to `to` (case-insensitive) after `after` of them. */
  next: (to: string, opts?: { after?: number, timeoutMs?: number }) => Promise<ParsedMail>
  /** An accepted mail as the server received it: the raw message, and MAIL FROM's BODY parameter (8BITMIME, 7BIT). */
  received: (mail: ParsedMail) => { raw: string, body: string | undefined }
}

/**
 * A real SMTP server on a free loopback port (smtp-server), parsing what it accepts with
 * mailparser; closed when `t` ends.
 */
export async function smtpCatcher (t: TapTest | typeof tap): Promise<Catcher> {
  const mails: ParsedMail[] = []
  const received = new WeakMap<ParsedMail, { raw: string, body: string | undefined }>()
  let toRefuse = 0
  let refused = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData (stream, session, callback) {
      if (toRefuse > 0) {
        toRefuse--
        refused++
        stream.resume()
        stream.on('end', () => callback(Object.assign(new Error('try again later'), { responseCode: 451 })))
        return
      }
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks)
        simpleParser(raw).then((mail) => {
          const args = session.envelope.mailFrom ? session.envelope.mailFrom.args : undefined
          received.set(mail, { raw: raw.toString('utf8'), body: args ? (args as Record<string, string>).BODY : undefined })
          mails.push(mail)
          callback()
        }, callback)
      })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  const { port } = server.server.address() as AddressInfo
  const recipient = (mail: ParsedMail) => {
    const to = Array.isArray(mail.to) ? mail.to[0] : mail.to
    return to?.value[0]?.address?.toLowerCase()
  }
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse: (count) => { toRefuse = count },
    refused: () => refused,
    next: (to, opts = {}) => waitUntil(() => mails.slice(opts.after ?? 0).find((m) => recipient(m) === to.toLowerCase()),
      `a mail to ${to}`, opts.timeoutMs ?? 10_000),
    received: (mail) => received.get(mail)!
  }
}

/** The one-time token of the link to `page` in a mail's text (and the same link in its HTML). */
export function linkToken (mail: ParsedMail, page: '/verify-email' | '/reset-password' | '/sign-in' | '/confirm-email-change' | '/accept-invite'): string {
  const pattern = new RegExp(`https?://[^\\s"<]+${page}\\?token=([0-9a-f]{64})`)
  const match = pattern.exec(mail.text ?? '')
  if (!match) throw new Error(`no ${page} link in the mail: ${mail.text}`)
  if (typeof mail.html !== 'string' || !mail.html.includes(match[0])) throw new Error(`the HTML part lacks the link ${page}`)
  return match[1]
}

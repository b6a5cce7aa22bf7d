/** RFC 5322's limit on a line, CRLF excluded. */
export const MAX_LINE_OCTETS = 998

/** A MIME part as nodemailer takes it already encoded (`raw`: its headers, a blank line, its body). */
export interface RawPart { raw: string }

const ASCII = /^[\x01-\x7f]*$/

/** Whether a mail's parts go as 8bit (not all ASCII): the SMTP envelope then asks for BODY=8BITMIME. */
export const isEightBit = (...contents: string[]) => contents.some((content) => !ASCII.test(content))

/**
 * A text part sent as it is written: 7bit when it is ASCII, else 8bit, its lines unchanged. What
 * nodemailer would choose for a line over 76 characters, quoted-printable, breaks a link with a
 * soft `=` line end and writes its `=` as `=3D`, so a token copied by hand out of the raw message
 * (an .eml file) comes out wrong. Null when a line exceeds 998 octets, or the content holds a NUL
 * or a bare CR (7bit and 8bit allow neither): nodemailer encodes that one.
 */
export function unencodedPart (contentType: 'text/plain' | 'text/html', content: string): RawPart | null {
  const lines = content.split(/\r?\n/)
  if (lines.some((line) => /[\0\r]/.test(line) || Buffer.byteLength(line) > MAX_LINE_OCTETS)) return null
  const encoding = isEightBit(content) ? '8bit' : '7bit'
  return { raw: `Content-Type: ${contentType}; charset=utf-8\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n${lines.join('\r\n')}` }
}

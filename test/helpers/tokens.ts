import { createHash, createHmac, randomBytes, sign } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { AccountType } from '../../plugins/accounts/registry.js'

export function sha256 (value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

export function randomRefreshToken (): string {
  return randomBytes(32).toString('hex')
}

export interface Jwt { header: Record<string, any>, payload: Record<string, any>, signature: string }

export function decodeJwt (token: string): Jwt {
  const [header, payload, signature] = token.split('.')
  const part = (s: string) => JSON.parse(Buffer.from(s, 'base64url').toString('utf8'))
  return { header: part(header), payload: part(payload), signature }
}

/** A JWT signed with HMAC-SHA256 (or the given HMAC algorithm), or unsigned for `alg: none`. */
export function forgeJwt (payload: Record<string, unknown>, secret: string, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }): string {
  const encode = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url')
  const input = `${encode(header)}.${encode(payload)}`
  const digest = ({ HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' } as Record<string, string>)[String(header.alg)]
  if (!digest) return `${input}.`
  return `${input}.${createHmac(digest, secret).update(input).digest('base64url')}`
}

/** A JWT signed with an Ed25519 private key (PKCS#8 PEM), as another holder of a key would sign it. */
export function forgeEdJwt (payload: Record<string, unknown>, privateKey: string, header: Record<string, unknown> = { alg: 'EdDSA', typ: 'JWT' }): string {
  const encode = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url')
  const input = `${encode(header)}.${encode(payload)}`
  return `${input}.${sign(null, Buffer.from(input), privateKey).toString('base64url')}`
}

/** An access token of `kind` that is validly signed but expired an hour ago. */
export function expiredToken (app: FastifyInstance, kind: AccountType, ownerId: string): string {
  const now = Math.floor(Date.now() / 1000)
  return forgeJwt({ sub: ownerId, type: kind.type, tokenVersion: 0, aud: kind.audiences.web, iss: app.config.jwtIssuer,
    iat: now - 7200, exp: now - 3600 }, app.config.accessTokenSecret)
}

export interface ParsedCookie {
  name: string
  value: string
  /** Attribute names in lower case; flags (HttpOnly, Secure) have the value `true`. */
  attributes: Record<string, string | true>
}

/** Every Set-Cookie header of a response, attribute by attribute. */
export function parseSetCookies (res: LightMyRequestResponse): ParsedCookie[] {
  const raw = res.headers['set-cookie']
  const headers = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]
  return headers.map((header) => {
    const [pair, ...attrs] = header.split(';').map((part) => part.trim())
    const eq = pair.indexOf('=')
    const attributes: Record<string, string | true> = {}
    for (const attr of attrs) {
      const i = attr.indexOf('=')
      if (i === -1) attributes[attr.toLowerCase()] = true
      else attributes[attr.slice(0, i).toLowerCase()] = attr.slice(i + 1)
    }
    return { name: pair.slice(0, eq), value: decodeURIComponent(pair.slice(eq + 1)), attributes }
  })
}

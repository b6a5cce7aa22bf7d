import { randomBytes } from 'node:crypto'
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { Static } from '@sinclair/typebox'
import type {
  AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON
} from '@simplewebauthn/server'
import { type Account, type AccountType, accountError, type AccountErrorName, revocations, type Issued, type SessionMeta, repositoryOf } from '../accounts/index.js'
import { passkeyError } from './errors.js'
import { AppError } from '../core/errors.js'
import type { Queryable } from '../core/db.js'
import { recordEvent, type AuditContext } from '../audit/index.js'
import { uuidv7 } from '../../random.js'
import { requireAal2WhenFactors, factorRepositoryOf, presentFactor, CHALLENGE_TTL, MAX_PASSKEYS, passkeysOf, type FactorSummary, type StoredPasskey } from '../factors/index.js'
import type { AuthenticationResponseSchema, Factor, RegistrationResponseSchema } from '../../schemas/passkeys.js'

declare module 'fastify' {
  interface FastifyInstance { passkeys: ReturnType<typeof createPasskeys> }
}

/**
 * @simplewebauthn/server, loaded on the first passkey request (its CBOR, COSE and attestation code
 * is about 25 MB of memory that an instance nobody uses passkeys on never needs).
 */
let library: Promise<typeof import('@simplewebauthn/server')> | undefined
const webauthn = () => (library ??= import('@simplewebauthn/server'))

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
/** An account id as its WebAuthn user handle (its 16 bytes): stable, so one authenticator keeps one passkey per account. */
const userHandleOf = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex')
const uuidOf = (bytes: Buffer) => bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5')

/**
 * A challenge names its row: the row id's 16 bytes, then 32 random bytes. A registration's
 * response carries only the challenge (clientDataJSON), which finds its row by primary key.
 */
function newChallenge (): { id: string, challenge: Uint8Array<ArrayBuffer> } {
  const id = uuidv7()
  return { id, challenge: Uint8Array.from(Buffer.concat([userHandleOf(id), randomBytes(32)])) }
}

/** The challenge a response answers, read from its clientDataJSON; null when there is none to read. */
function answeredChallenge (clientDataJSON: string): { id: string, challenge: string } | null {
  try {
    const { challenge } = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown }
    if (typeof challenge !== 'string') return null
    const bytes = Buffer.from(challenge, 'base64url')
    return bytes.length === 48 ? { id: uuidOf(bytes.subarray(0, 16)), challenge } : null
  } catch {
    return null
  }
}

/**
 * Passkeys (WebAuthn, @simplewebauthn/server) of every account type: registration by a signed-in
 * account, and a sign-in with a discoverable credential that needs nothing else. Challenges are
 * kept server-side, answered once, for CHALLENGE_TTL seconds.
 */
export function createPasskeys (app: FastifyInstance) {
  const { sql, config, sessions } = app
  const rp = { rpID: config.webauthnRpId, origins: config.webauthnOrigins }
  const invalid = (kind: AccountType) => passkeyError(kind, 'BAD_REQUEST_INVALID_PASSKEY')

  /** The library throws on anything malformed (and on a counter that went back: disabled below, we judge that ourselves). */
  async function verified<T> (kind: AccountType, verify: () => Promise<T & { verified: boolean }>): Promise<T> {
    const result = await verify().catch(() => null)
    if (!result?.verified) throw invalid(kind)
    return result
  }

  async function summary (kind: AccountType, ownerId: string, db: Queryable = sql): Promise<FactorSummary[]> {
    const rows = await passkeysOf(kind).summary.run(db, { ownerId })
    if (!rows.length) throw new AppError('UNAUTHORIZED')
    return rows
  }

  async function refuseAccount (kind: AccountType, found: StoredPasskey, name: AccountErrorName, reason: string, meta: SessionMeta) {
    await recordEvent(sql, { event: 'login.failed', accountType: kind.type, accountId: found.id, data: { email: found.email, reason, method: 'webauthn' } },
      { actorType: null, actorId: null, sessionId: null, ip: meta.ip, userAgent: meta.userAgent })
    return accountError(kind, name)
  }

  return {
    /** Options for navigator.credentials.create(): a discoverable credential, the account's passkeys excluded. */
    async registrationOptions (kind: AccountType, account: Account): Promise<PublicKeyCredentialCreationOptionsJSON> {
      // Adding a factor to an account that has a verified one needs an aal2 session.
      await requireAal2WhenFactors(sql, kind, account)
      const factors = await summary(kind, account.id)
      const passkeys = factors.filter((f) => f.type === 'webauthn' && f.credential_id)
      if (passkeys.length >= MAX_PASSKEYS) throw passkeyError(kind, 'BAD_REQUEST_TOO_MANY_PASSKEYS')
      const { id, challenge } = newChallenge()
      const options = await (await webauthn()).generateRegistrationOptions({
        rpName: config.webauthnRpName,
        rpID: rp.rpID,
        userName: factors[0].email,
        userDisplayName: factors[0].email,
        userID: Uint8Array.from(userHandleOf(account.id)),
        challenge,
        timeout: CHALLENGE_TTL * 1000,
        attestationType: 'none',
        excludeCredentials: passkeys.map((f) => ({ id: b64url(f.credential_id!), transports: f.transports ?? undefined })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' }
      })
      await passkeysOf(kind).newChallenge.run(sql, { id, ownerId: account.id, purpose: 'register', challenge: options.challenge })
      return options
    },

    /** Verifies a registration answering one of the account's live challenges and stores the passkey. */
    async register (kind: AccountType, account: Account, response: Static<typeof RegistrationResponseSchema>, name: string,
      context: AuditContext): Promise<Factor> {
      const q = passkeysOf(kind)
      const answered = answeredChallenge(response.response.clientDataJSON)
      if (!answered) throw invalid(kind)
      const [challenge] = await q.consumeChallenge.run(sql, { id: answered.id, purpose: 'register', ownerId: account.id })
      if (!challenge || challenge.challenge !== answered.challenge) throw invalid(kind)
      const { registrationInfo: info } = await verified(kind, async () => (await webauthn()).verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: challenge.challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.rpID,
        requireUserVerification: false
      }))
      const { credential } = info!
      return await sql.begin(async (tx) => {
        if (!(await repositoryOf(kind).owners.lockActive.run(tx, { id: account.id })).length) throw new AppError('UNAUTHORIZED')
        // Checked again under the lock: a factor verified meanwhile needs the second factor too.
        await requireAal2WhenFactors(tx, kind, account)
        const [row] = await factorRepositoryOf(kind).insertPasskey.run(tx, { id: uuidv7(), ownerId: account.id, name,
          credentialId: Buffer.from(credential.id, 'base64url'), publicKey: Buffer.from(credential.publicKey), signCount: credential.counter,
          transports: credential.transports ?? null, eventId: uuidv7(), sessionId: context.sessionId, ip: context.ip, userAgent: context.userAgent })
          .catch((err) => {
            // The same credential registered twice (an authenticator that ignored excludeCredentials).
            if ((err as { code?: string }).code === '23505') throw invalid(kind)
            throw err
          })
        if (!row) throw passkeyError(kind, 'BAD_REQUEST_TOO_MANY_PASSKEYS')
        // A new way in ends the sessions opened without it (as every change of factors does).
        await revocations.revokeOtherFamilies(tx, kind, account.id, account.sessionId)
        return presentFactor(row)
      })
    },

    /** Options for navigator.credentials.get() with no credential named: the authenticator offers its passkeys. */
    async loginOptions (kind: AccountType): Promise<{ options: PublicKeyCredentialRequestOptionsJSON, challengeId: string }> {
      const { id, challenge } = newChallenge()
      const options = await (await webauthn()).generateAuthenticationOptions({ rpID: rp.rpID, challenge, userVerification: 'preferred', timeout: CHALLENGE_TTL * 1000 })
      await passkeysOf(kind).newChallenge.run(sql, { id, ownerId: null, purpose: 'login', challenge: options.challenge })
      return { options, challengeId: id }
    },

    /**
     * A sign-in with a passkey: the challenge is taken (once), the assertion verified against the
     * stored public key, the sign count must move forwards (else a clone is suspected, recorded
     * and refused), the account must be able to sign in; then a session with amr webauthn, aal2
     * when the authenticator verified its user.
     */
    async login (kind: AccountType, challengeId: string, response: Static<typeof AuthenticationResponseSchema>, meta: SessionMeta): Promise<Issued> {
      const q = passkeysOf(kind)
      const [challenge] = await q.consumeChallenge.run(sql, { id: challengeId, purpose: 'login', ownerId: null })
      if (!challenge) throw invalid(kind)
      const [found] = await q.find.run(sql, { credentialId: Buffer.from(response.rawId, 'base64url') })
      const publicKey = found?.public_key
      if (!found || !publicKey) throw invalid(kind)
      const { userHandle } = response.response
      if (userHandle && userHandle !== b64url(userHandleOf(found.id))) throw invalid(kind)
      // bigint: postgres.js reads it as a string.
      const stored = Number(found.sign_count ?? 0)
      const { authenticationInfo: info } = await verified(kind, async () => (await webauthn()).verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: challenge.challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.rpID,
        // The library's counter check runs before the signature's: with 0 it is skipped, and a
        // clone is only suspected of a response the passkey really signed.
        credential: { id: response.rawId, publicKey: Uint8Array.from(publicKey), counter: 0, transports: found.transports ?? undefined },
        requireUserVerification: false
      }))
      const context: AuditContext = { actorType: kind.type, actorId: found.id, sessionId: null, ip: meta.ip, userAgent: meta.userAgent }
      const cloned = async () => {
        await recordEvent(sql, { event: 'passkey.clone_suspected', accountType: kind.type, accountId: found.id,
          data: { factorId: found.factor_id, storedSignCount: stored, signCount: info.newCounter } }, context)
        return invalid(kind)
      }
      // WebAuthn §6.1.1: a count that does not grow (unless both are 0) means two copies of the key.
      if ((info.newCounter > 0 || stored > 0) && info.newCounter <= stored) throw await cloned()
      if (!found.is_active) throw await refuseAccount(kind, found, 'BAD_REQUEST_ACCOUNT_INACTIVE', 'inactive', meta)
      if (found.deleted_at) throw await refuseAccount(kind, found, 'BAD_REQUEST_ACCOUNT_DELETED', 'deleted', meta)
      if (config.requireEmailConfirmed && !found.is_email_confirmed) {
        throw await refuseAccount(kind, found, 'UNAUTHORIZED_EMAIL_NOT_CONFIRMED', 'email_not_confirmed', meta)
      }
      const used = await factorRepositoryOf(kind).usePasskey.run(sql, { id: found.factor_id, signCount: info.newCounter, eventId: uuidv7(), ip: meta.ip,
        userAgent: meta.userAgent, userVerified: info.userVerified })
      if (!used.length) throw await cloned()
      return await sessions.openSession(kind, found.id, meta, { aal: info.userVerified ? 'aal2' : 'aal1', amr: ['webauthn'] })
    }
  }
}

export default fp(async (app) => {
  app.decorate('passkeys', createPasskeys(app))
}, { name: 'passkeys', dependencies: ['db', 'config', 'sessions'] })

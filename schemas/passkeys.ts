import { Type, type Static } from '@sinclair/typebox'
import { Success } from './common.js'

const Timestamp = Type.String({ format: 'date-time' })

/** A second factor as every response shows it: never its secret, credential or public key. */
export const FactorSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  type: Type.Union([Type.Literal('totp'), Type.Literal('webauthn')]),
  name: Type.String(),
  status: Type.Union([Type.Literal('unverified'), Type.Literal('verified')]),
  createdAt: Timestamp,
  lastUsedAt: Type.Union([Timestamp, Type.Null()])
}, { title: 'Factor', description: 'A second factor (TOTP or passkey); never its secret or key', additionalProperties: false })
export type Factor = Static<typeof FactorSchema>

// Bounds well above what any authenticator sends (a credential id is at most 1023 bytes, an
// ML-DSA-87 signature 4627), so that a huge `response` is refused before anything decodes it.
const B64 = (maxLength: number) => Type.String({ maxLength, description: 'base64url' })
const Extensions = Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 16, description: 'clientExtensionResults' })
const Credential = {
  id: B64(1400),
  rawId: B64(1400),
  type: Type.String({ maxLength: 32 }),
  authenticatorAttachment: Type.Optional(Type.String({ maxLength: 32 })),
  clientExtensionResults: Type.Optional(Extensions)
}

/** What `credential.toJSON()` gives after navigator.credentials.create() (RegistrationResponseJSON). */
export const RegistrationResponseSchema = Type.Object({
  ...Credential,
  response: Type.Object({
    clientDataJSON: B64(4096),
    attestationObject: B64(32768),
    authenticatorData: Type.Optional(B64(16384)),
    transports: Type.Optional(Type.Array(Type.String({ maxLength: 32 }), { maxItems: 10 })),
    publicKeyAlgorithm: Type.Optional(Type.Integer()),
    publicKey: Type.Optional(B64(8192))
  }, { additionalProperties: false })
}, { title: 'RegistrationResponseJSON', additionalProperties: false, description: 'the PublicKeyCredential of navigator.credentials.create(), as its toJSON() gives it' })

/** What `credential.toJSON()` gives after navigator.credentials.get() (AuthenticationResponseJSON). */
export const AuthenticationResponseSchema = Type.Object({
  ...Credential,
  response: Type.Object({
    clientDataJSON: B64(4096),
    authenticatorData: B64(16384),
    signature: B64(8192),
    userHandle: Type.Optional(Type.Union([B64(128), Type.Null()]))
  }, { additionalProperties: false })
}, { title: 'AuthenticationResponseJSON', additionalProperties: false, description: 'the PublicKeyCredential of navigator.credentials.get(), as its toJSON() gives it' })

export const PasskeyRegisterArgsSchema = Type.Object({
  response: RegistrationResponseSchema,
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'what the account calls this passkey (default Passkey)' }))
}, { additionalProperties: false })

export const PasskeyLoginArgsSchema = Type.Object({
  challengeId: Type.String({ format: 'uuid', description: 'the challengeId of passkeyloginoptions' }),
  response: AuthenticationResponseSchema
}, { additionalProperties: false })

const Options = (kind: string) => Type.Object({ challenge: Type.String() }, {
  additionalProperties: true,
  description: `${kind} for PublicKeyCredential.parse${kind === 'PublicKeyCredentialCreationOptionsJSON' ? 'Creation' : 'Request'}OptionsFromJSON()`
})

export const PasskeyRegisterOptionsResponseSchema = Success(200, { options: Options('PublicKeyCredentialCreationOptionsJSON') })
export const PasskeyLoginOptionsResponseSchema = Success(200, {
  options: Options('PublicKeyCredentialRequestOptionsJSON'),
  challengeId: Type.String({ format: 'uuid', description: 'to send back with the response to passkeylogin' })
})
export const FactorResponseSchema = Success(200, { factor: FactorSchema })

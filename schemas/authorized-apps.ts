import { Type } from '@sinclair/typebox'
import { Success } from './common.js'

/** An application the user let sign them in (a consent to an OAuth client of the OpenID provider). */
export const AuthorizedAppSchema = Type.Object({
  clientId: Type.String(),
  name: Type.String(),
  scopes: Type.Array(Type.String()),
  authorizedAt: Type.String({ format: 'date-time' })
}, { title: 'AuthorizedApp', additionalProperties: false })

export const ListAuthorizedAppsResponseSchema = Success(200, { apps: Type.Array(AuthorizedAppSchema) })

export const RevokeAuthorizedAppArgsSchema = Type.Object({
  clientId: Type.String({ minLength: 1, maxLength: 255 })
}, { additionalProperties: false })

export const RevokeAuthorizedAppResponseSchema = Success(200, { revoked: Type.Integer({ minimum: 0 }) })

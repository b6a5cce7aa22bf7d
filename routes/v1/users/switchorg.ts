import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { AppError } from '../../../plugins/core/errors.js'
import { AuthResponseSchema, SwitchOrgArgsSchema } from '../../../schemas/accounts.js'
import { ACCOUNT_TYPES, errorsOf, operationNamed, presentedRefreshToken, sendIssued, sessionMeta } from '../../../plugins/accounts/index.js'
import { ORG_ERRORS } from '../../../plugins/orgs/index.js'

const kind = ACCOUNT_TYPES.user

/**
 * /v1/users/switchorg (authenticated): acting for an organization, or for none (`organizationId`
 * null). A rotation of the caller's session, like refresh: it takes the session's refresh token
 * (cookie or argument), answers a new pair whose access token carries the `org` claim, and every
 * later refresh keeps the organization while the membership lasts. An organization the caller is
 * not a member of is the same 404 as an unknown one.
 */
const switchorg: FastifyPluginAsync = async (app) => {
  const { sessions } = app
  defineAction(app, {
    url: '/switchorg',
    operation: operationNamed(kind, 'SwitchOrg'),
    auth: kind.type,
    assurance: 'policy',
    errors: [...errorsOf(kind, 'UNAUTHORIZED_INVALID_REFRESH_TOKEN'), ORG_ERRORS.ORG_NOT_FOUND.def.error],
    summary: 'Act for an organization (or none): a rotated token pair carrying org',
    args: SwitchOrgArgsSchema,
    responses: { 200: AuthResponseSchema(kind, 200) },
    handler: async (request, reply) => {
      const { userAgent, ip } = sessionMeta(request)
      const out = await sessions.switchOrganization(kind, request.account!, presentedRefreshToken(kind, request), request.query.organizationId,
        { userAgent, ip })
      if (!out) throw new AppError(ORG_ERRORS.ORG_NOT_FOUND)
      return sendIssued(app, kind, reply, 200, out)
    }
  })
}
export default switchorg

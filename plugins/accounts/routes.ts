import type { FastifyPluginAsync } from 'fastify'
import type { AccountType } from './registry.js'
import { changepassword } from './actions/changepassword.js'
import { confirmemailchange } from './actions/confirmemailchange.js'
import { listsessions } from './actions/listsessions.js'
import { login } from './actions/login.js'
import { logout } from './actions/logout.js'
import { logoutall } from './actions/logoutall.js'
import { logoutothers } from './actions/logoutothers.js'
import { refresh } from './actions/refresh.js'
import { register } from './actions/register.js'
import { requestemailchange } from './actions/requestemailchange.js'
import { requestemailverification } from './actions/requestemailverification.js'
import { requestpasswordreset } from './actions/requestpasswordreset.js'
import { requestsigninlink } from './actions/requestsigninlink.js'
import { resendverification } from './actions/resendverification.js'
import { resetpassword } from './actions/resetpassword.js'
import { revokesession } from './actions/revokesession.js'
import { signinwithlink } from './actions/signinwithlink.js'
import { verifyemail } from './actions/verifyemail.js'

/**
 * The options of a domain's routes plugin that app.ts registers once per account type it
 * serves, with the prefix `/v1/<kind.path>` (registry.ts).
 */
export interface KindRoutes { kind: AccountType }

/** What every account type does with its own account: sign in, tokens, devices, password. */
const EVERY_TYPE = [changepassword, listsessions, login, logout, logoutall, logoutothers, refresh, requestpasswordreset,
  resetpassword, revokesession]

/** Users only: sign-up and their own address (verification, change); admins are created with `latchkey user create --admin`. */
const USERS_ONLY = [confirmemailchange, register, requestemailchange, requestemailverification, resendverification, verifyemail]

/** The account actions of one account type (the routes of plugins/accounts/actions/). */
const accountRoutes: FastifyPluginAsync<KindRoutes> = async (app, { kind }) => {
  for (const action of EVERY_TYPE) await app.register(action(kind))
  if (kind.type !== 'user') return
  for (const action of USERS_ONLY) await app.register(action(kind))
  // The mailed sign-in links (MAGIC_LINK_ENABLED).
  await app.register(requestsigninlink)
  await app.register(signinwithlink)
}
export default accountRoutes

import { LatchkeyError } from './errors.js'
import { ok, type Answer, type Json } from './http.js'
import type { Account, Kind, SignInResult } from './types.js'

type Request = (action: string, args?: Json) => Promise<Answer>

/**
 * What the pages of the mailed links call with the link's `token` (public actions: no session
 * needed). A token that is unknown, used, expired or superseded is thrown as a LatchkeyError with
 * the code `USER.BAD_REQUEST_INVALID_TOKEN` (`ADMIN.*` for admins).
 */
export function createMailedLinks (kind: Kind, request: Request, signIn: (body: Json) => SignInResult) {
  const onlyUsers = (what: string) => {
    if (kind !== 'users') throw new LatchkeyError('BAD_REQUEST_INVALID_ARGUMENTS', 400, `${what} is for users only`)
  }
  return {
    /** Users only: /verify-email's token confirms the address; resolves with the account. */
    async verifyEmail (token: string): Promise<Account> {
      onlyUsers('verifyEmail')
      return ok(await request('verifyemail', { token })).user
    },

    /** /reset-password's token with the new password: every session of the account ends (sign in again). */
    async resetPassword (token: string, password: string): Promise<void> {
      ok(await request('resetpassword', { token, password }))
    },

    /** Users only: /confirm-email-change's token moves the account to the new address; resolves with the account. */
    async confirmEmailChange (token: string): Promise<Account> {
      onlyUsers('confirmEmailChange')
      return ok(await request('confirmemailchange', { token })).user
    },

    /** Users only: /cancel-deletion's token cancels the account's erasure and signs in, as a sign-in link does. */
    async cancelDeletion (token: string): Promise<SignInResult> {
      onlyUsers('cancelDeletion')
      return signIn(ok(await request('canceldeletion', { token })))
    }
  }
}

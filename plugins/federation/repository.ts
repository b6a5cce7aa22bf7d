import { statement } from '../core/db.js'
import { nameOf, oauthStates, userIdentities, type Row, type users } from '../../db/schema.js'
import { ACCOUNT_TYPES, tablesOf } from '../accounts/index.js'
import { factorTablesOf } from '../factors/index.js'

export type IdentityRow = Row<typeof userIdentities>
type StateRow = Row<typeof oauthStates>
type UserRow = Row<typeof users>
/** An account's state, for the checks of a provider sign-in. */
export type AccountState = Pick<UserRow, 'id' | 'is_active' | 'deleted_at' | 'is_email_confirmed'>
const ACCOUNT_STATE = 'u.id, u.is_active, u.deleted_at, u.is_email_confirmed'

const STATES = nameOf(oauthStates)
const IDENTITIES = nameOf(userIdentities)
const { o: USERS } = tablesOf(ACCOUNT_TYPES.user)
const { f: USER_FACTORS } = factorTablesOf(ACCOUNT_TYPES.user)
type ByUser = { userId: string }

/**
 * The statements of provider sign-ins (users only): states and identities. The account and its
 * exchange code are written by plugins/accounts (owners.createWithoutPassword, tokens.issueExchange).
 */
export const federationStatements = {
  // States abandoned more than a day ago are swept on the way; `lifetime` in seconds.
  saveState: statement<never, { id: string, hash: string, provider: string, nonce: string, verifier: string, redirectTo: string, callbackUrl: string,
    lifetime: number }>((p) => `with d as (delete from ${STATES} where expires_at < now() - interval '1 day')
    insert into ${STATES} (id, state_hash, provider, nonce, code_verifier, redirect_to, callback_url, expires_at)
    values (${p.id}, ${p.hash}, ${p.provider}, ${p.nonce}, ${p.verifier}, ${p.redirectTo}, ${p.callbackUrl}, now() + make_interval(secs => ${p.lifetime}::int))`),
  // Single use: of two callbacks with one state, exactly one gets the row.
  takeState: statement<Pick<StateRow, 'nonce' | 'code_verifier' | 'redirect_to' | 'callback_url'>, { hash: string, provider: string }>((p) => `update ${STATES}
    set used_at = now()
    where state_hash = ${p.hash} and provider = ${p.provider} and used_at is null and expires_at > now()
    returning nonce, code_verifier, redirect_to, callback_url`),
  // The identity of a subject at a provider, and its account, locked for the sign-in's changes.
  identityBySubject: statement<AccountState & { identity_id: string }, { provider: string, subject: string }>((p) => `select i.id as identity_id, ${ACCOUNT_STATE}
    from ${IDENTITIES} i join ${USERS} u on u.id = i.user_id where i.provider = ${p.provider} and i.subject = ${p.subject} for update of i, u`),
  touchIdentity: statement<never, { id: string, email: string | null, verified: boolean }>((p) => `update ${IDENTITIES}
    set last_sign_in_at = now(), email = ${p.email}, email_verified = ${p.verified} where id = ${p.id}`),
  accountByEmail: statement<AccountState, { email: string }>((p) => `select ${ACCOUNT_STATE} from ${USERS} u where u.email = ${p.email} for update`),
  linkIdentity: statement<never, ByUser & { id: string, provider: string, subject: string, email: string | null, verified: boolean }>((p) => `insert into ${IDENTITIES}
    (id, user_id, provider, subject, email, email_verified, last_sign_in_at)
    values (${p.id}, ${p.userId}, ${p.provider}, ${p.subject}, ${p.email}, ${p.verified}, now())`),
  listIdentities: statement<IdentityRow, ByUser>((p) => `select * from ${IDENTITIES} where user_id = ${p.userId} order by created_at, id`),
  // The other ways into the account, counted under the account's lock so two unlinks cannot both pass.
  waysIn: statement<{ has_password: boolean, identities: number, passkeys: number }, ByUser>((p) => `select u.password is not null as has_password,
      (select count(*)::int from ${IDENTITIES} i where i.user_id = u.id) as identities,
      (select count(*)::int from ${USER_FACTORS} f where f.user_id = u.id and f.type = 'webauthn' and f.status = 'verified') as passkeys
    from ${USERS} u where u.id = ${p.userId} for update`),
  unlink: statement<Pick<IdentityRow, 'provider' | 'subject'>, ByUser & { id: string }>((p) => `delete from ${IDENTITIES}
    where id = ${p.id} and user_id = ${p.userId} returning provider, subject`),
  // Every identity of a claimed account: how many.
  unlinkAll: statement<{ n: number }, ByUser>((p) => `with d as (delete from ${IDENTITIES} where user_id = ${p.userId} returning 1) select count(*)::int as n from d`)
}

import { statement } from '../core/db.js'
import type { oauthStates, Row, userIdentities, users } from '../../db/schema.js'

export type IdentityRow = Row<typeof userIdentities>
type StateRow = Row<typeof oauthStates>
type UserRow = Row<typeof users>
/** An account's state, for the checks of a provider sign-in. */
export type AccountState = Pick<UserRow, 'id' | 'is_active' | 'deleted_at' | 'is_email_confirmed'>
const ACCOUNT_STATE = 'u.id, u.is_active, u.deleted_at, u.is_email_confirmed'

/** The statements of provider sign-ins (users only): states, identities, exchange codes. */
export const federationStatements = {
  // $1 id, $2 state hash, $3 provider, $4 nonce, $5 verifier, $6 redirectTo, $7 callback URL, $8 lifetime in
  // seconds; states abandoned more than a day ago are swept on the way.
  saveState: statement(`with d as (delete from oauth_states where expires_at < now() - interval '1 day')
    insert into oauth_states (id, state_hash, provider, nonce, code_verifier, redirect_to, callback_url, expires_at)
    values ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8::int))`),
  // Single use: of two callbacks with one state, exactly one gets the row.
  takeState: statement<Pick<StateRow, 'nonce' | 'code_verifier' | 'redirect_to' | 'callback_url'>>(`update oauth_states set used_at = now()
    where state_hash = $1 and provider = $2 and used_at is null and expires_at > now()
    returning nonce, code_verifier, redirect_to, callback_url`),
  // The identity of a subject at a provider, and its account, locked for the sign-in's changes.
  identityBySubject: statement<AccountState & { identity_id: string }>(`select i.id as identity_id, ${ACCOUNT_STATE}
    from user_identities i join users u on u.id = i.user_id where i.provider = $1 and i.subject = $2 for update of i, u`),
  touchIdentity: statement(`update user_identities set last_sign_in_at = now(), email = $2, email_verified = $3 where id = $1`),
  accountByEmail: statement<AccountState>(`select ${ACCOUNT_STATE} from users u where u.email = $1 for update`),
  // $1 id, $2 email, $3 confirmed: an account without a password.
  createAccount: statement<AccountState>(`insert into users as u (id, email, password, is_email_confirmed) values ($1, $2, null, $3)
    returning ${ACCOUNT_STATE}`),
  // $1 id, $2 user, $3 provider, $4 subject, $5 email, $6 verified.
  linkIdentity: statement(`insert into user_identities (id, user_id, provider, subject, email, email_verified, last_sign_in_at)
    values ($1, $2, $3, $4, $5, $6, now())`),
  // The exchange code: a one-time token of the account (only its SHA-256 kept; earlier unused ones die).
  // $1 user, $2 id, $3 hash, $4 lifetime in seconds.
  issueExchange: statement(`with d as (delete from user_tokens where user_id = $1 and purpose = 'oauth_exchange' and used_at is null)
    insert into user_tokens (id, user_id, purpose, token_hash, email, expires_at)
    select $2, id, 'oauth_exchange', $3, email, now() + make_interval(secs => $4::int) from users where id = $1`),
  useExchange: statement<{ user_id: string }>(`update user_tokens set used_at = now()
    where token_hash = $1 and purpose = 'oauth_exchange' and used_at is null and expires_at > now() returning user_id`),
  listIdentities: statement<IdentityRow>(`select * from user_identities where user_id = $1 order by created_at, id`),
  // The other ways into the account, counted under the account's lock so two unlinks cannot both pass.
  waysIn: statement<{ has_password: boolean, identities: number, passkeys: number }>(`select u.password is not null as has_password,
      (select count(*)::int from user_identities i where i.user_id = u.id) as identities,
      (select count(*)::int from user_factors f where f.user_id = u.id and f.type = 'webauthn' and f.status = 'verified') as passkeys
    from users u where u.id = $1 for update`),
  unlink: statement<Pick<IdentityRow, 'provider' | 'subject'>>(`delete from user_identities where id = $1 and user_id = $2 returning provider, subject`),
  // Every identity of a claimed account: how many.
  unlinkAll: statement<{ n: number }>(`with d as (delete from user_identities where user_id = $1 returning 1) select count(*)::int as n from d`)
}

import t from 'tap'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { CLI_ACTOR } from '../../../plugins/audit/events.js'
import { build } from '../../helpers/app.js'
import { ENV, NEW_PASSWORD, PASSWORD, accountError, createTestAccount, liveSessions, ownerOf, refusal, uniqueEmail } from '../../helpers/accounts.js'
import { sha256 } from '../../helpers/tokens.js'
import { newOpaqueToken } from '../../../plugins/accounts/tokens.js'
import type { Issued } from '../../../plugins/accounts/sessions.js'

const app = await build(t, { env: ENV })
const { accountLifecycle: lifecycle, sessions } = app
const META = { client: 'web' as const, platform: 'web', userAgent: null, ip: null }

/** Issues a token of `purpose` for the owner directly, as a mailed link would carry it. */
async function tokenFor (kind: typeof ACCOUNT_TYPES.user, ownerId: string, email: string, purpose: string, expiresIn = '1 hour') {
  const { token, hash } = newOpaqueToken()
  await app.sql.unsafe(`insert into "${kind.tokenTable}" (id, "${kind.ownerColumn}", purpose, token_hash, email, expires_at)
    values (gen_random_uuid(), $1, $2, $3, $4, now() + $5::interval)`, [ownerId, purpose, hash, email, expiresIn])
  return token
}

for (const kind of Object.values(ACCOUNT_TYPES)) {
  const tokensOf = async (ownerId: string) =>
    [...await app.sql.unsafe(`select * from "${kind.tokenTable}" where "${kind.ownerColumn}" = $1 order by created_at`, [ownerId])]

  t.test(`the account lifecycle of ${kind.path}`, async (t) => {
    t.test('queueVerification issues one token for an unconfirmed account, superseding the earlier one, and none once confirmed', async (t) => {
      const account = await createTestAccount(app, kind)
      t.equal(await lifecycle.queueVerification(kind, account.id, 'en', CLI_ACTOR), true)
      t.equal(await lifecycle.queueVerification(kind, account.id, 'es', CLI_ACTOR), true)
      t.equal((await tokensOf(account.id)).length, 1, 'the first token was superseded')
      const confirmed = await createTestAccount(app, kind, { isEmailConfirmed: true })
      t.equal(await lifecycle.queueVerification(kind, confirmed.id, 'en', CLI_ACTOR), false)
      t.same(await tokensOf(confirmed.id), [])
    })

    t.test('queueVerification in a transaction that rolls back leaves no token, job or event', async (t) => {
      const account = await createTestAccount(app, kind)
      const jobsBefore = (await app.sql`select count(*)::int as n from graphile_worker.jobs`)[0].n
      await app.sql.begin(async (tx) => {
        t.equal(await lifecycle.queueVerification(kind, account.id, 'en', CLI_ACTOR, tx), true)
        throw new Error('rollback')
      }).catch(() => {})
      t.same(await tokensOf(account.id), [])
      t.equal((await app.sql`select count(*)::int as n from graphile_worker.jobs`)[0].n, jobsBefore)
      t.same([...await app.sql`select id from audit_events where account_id = ${account.id} and event = 'email.verification_sent'`], [])
    })

    t.test('linkUsable is true for a fresh token of that purpose only, and false once used, expired or malformed', async (t) => {
      const account = await createTestAccount(app, kind)
      const token = await tokenFor(kind, account.id, account.email, 'verify_email')
      const link = (value: string) => `http://localhost:8000/verify-email?token=${value}`
      t.equal(await lifecycle.linkUsable('verify_email', link(token)), true)
      t.equal(await lifecycle.linkUsable('reset_password', link(token)), false, 'another purpose')
      t.equal(await lifecycle.linkUsable('verify_email', link('not-a-token')), false)
      t.equal(await lifecycle.linkUsable('verify_email', 'http://localhost:8000/verify-email'), false)
      await lifecycle.verifyEmail(kind, token, CLI_ACTOR)
      t.equal(await lifecycle.linkUsable('verify_email', link(token)), false, 'used')
      const expired = await tokenFor(kind, account.id, account.email, 'verify_email', '-1 second')
      t.equal(await lifecycle.linkUsable('verify_email', link(expired)), false, 'expired')
    })

    t.test('verifyEmail confirms the address the token was sent to, once', async (t) => {
      const account = await createTestAccount(app, kind)
      const token = await tokenFor(kind, account.id, account.email, 'verify_email')
      t.match(await lifecycle.verifyEmail(kind, token, CLI_ACTOR), { id: account.id, isEmailConfirmed: true })
      t.equal(await refusal(lifecycle.verifyEmail(kind, token, CLI_ACTOR)), accountError(kind, 'BAD_REQUEST_INVALID_TOKEN'))
      const moved = await createTestAccount(app, kind)
      const stale = await tokenFor(kind, moved.id, uniqueEmail('old-address'), 'verify_email')
      t.equal(await refusal(lifecycle.verifyEmail(kind, stale, CLI_ACTOR)), accountError(kind, 'BAD_REQUEST_INVALID_TOKEN'), 'sent to another address')
      t.equal((await ownerOf(app, kind, moved.id))!.is_email_confirmed, false)
    })

    t.test('requestPasswordReset records the same event for an unknown address, without an account or a token', async (t) => {
      const email = uniqueEmail('nobody')
      await lifecycle.requestPasswordReset(kind, email.toUpperCase(), 'en', CLI_ACTOR)
      const [event] = await app.sql`select * from audit_events where event = 'password.reset_requested' and data->>'email' = ${email}`
      t.match(event, { account_type: kind.type, account_id: null, actor_type: 'cli' })
    })

    t.test('resetPassword sets the password, confirms the address and ends every session, once', async (t) => {
      const account = await createTestAccount(app, kind)
      await sessions.login(kind, account.email, PASSWORD, META)
      const token = await tokenFor(kind, account.id, account.email, 'reset_password')
      await lifecycle.resetPassword(kind, token, NEW_PASSWORD, CLI_ACTOR)
      const owner = await ownerOf(app, kind, account.id)
      t.match(owner, { is_email_confirmed: true, token_version: 1 })
      t.equal(await liveSessions(app, kind, account.id), 0)
      t.ok(await sessions.checkCredentials(kind, account.email, NEW_PASSWORD, META))
      t.equal(await refusal(lifecycle.resetPassword(kind, token, 'another new password', CLI_ACTOR)), accountError(kind, 'BAD_REQUEST_INVALID_TOKEN'))
      t.equal(await refusal(lifecycle.resetPassword(kind, 'f'.repeat(64), NEW_PASSWORD, CLI_ACTOR)), accountError(kind, 'BAD_REQUEST_INVALID_TOKEN'))
    })

    t.test('changePassword keeps the caller\'s family, revokes the others and kills pending reset links', async (t) => {
      const account = await createTestAccount(app, kind)
      const mine = await sessions.login(kind, account.email, PASSWORD, META) as Issued
      await sessions.login(kind, account.email, PASSWORD, META)
      const reset = await tokenFor(kind, account.id, account.email, 'reset_password')
      const [own] = await app.sql.unsafe(`select family_id from "${kind.sessionTable}" where refresh_token_hash = $1`, [sha256(mine.refreshToken)])
      const context = { ...CLI_ACTOR, actorType: kind.type, actorId: account.id, sessionId: own.family_id }
      t.equal(await refusal(lifecycle.changePassword(kind, account.id, 'not the password', NEW_PASSWORD, context)),
        accountError(kind, 'BAD_REQUEST_INVALID_CURRENT_PASSWORD'))
      await lifecycle.changePassword(kind, account.id, PASSWORD, NEW_PASSWORD, context)
      t.equal(await liveSessions(app, kind, account.id), 1)
      t.equal(await liveSessions(app, kind, account.id, own.family_id), 1, 'the caller stays signed in')
      t.same((await tokensOf(account.id)).filter((row) => row.token_hash === sha256(reset)), [], 'the reset link is gone')
      const [event] = await app.sql`select data from audit_events where event = 'password.changed' and account_id = ${account.id}`
      t.same(event.data, { revoked: 1 })
    })
  })
}

/**
 * Second-factor attempts per account (MFA_LOCKOUT_THRESHOLD, MFA_LOCKOUT_DURATION): wrong codes
 * are counted across challenges and sign-in paths, so having the password no longer buys
 * endless guesses at the code, five at a time. That a passkey still signs in while the account is
 * locked for codes is in lockout-passkey.test.ts (Chromium).
 */
import t from 'tap'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { ACCOUNT_TYPES, type AccountType } from '../../../plugins/accounts/registry.js'
import { build } from '../../helpers/app.js'
import { ENV, accountError, assertError, assertIssued, createTestAccount, sessionsOf, signIn, type TestAccount } from '../../helpers/accounts.js'
import { linkToken, smtpCatcher, type Catcher } from '../../helpers/mail.js'
import { sha256 } from '../../helpers/tokens.js'
import { startOidcProvider } from '../../helpers/oidc.js'
import { APP_URL, callbackUrlOf, exchange, providerEnv, signInAtProvider } from '../../helpers/federation.js'
import { attemptsOf, enrolTotp, forgetUsedSteps, guessCodes, mfaToken, totpCode, verifyMfa, wrongCode, type Enrolled } from '../../helpers/factors.js'
import { waitUntil } from '../../helpers/sockets.js'

const THRESHOLD = 10
const HOUR = 3600
const USER = ACCOUNT_TYPES.user
const LOCKED_SUBJECT = /guessing/i

const outcome = (res: LightMyRequestResponse) => [res.statusCode, res.json().error]

async function eventsOf (app: FastifyInstance, accountId: string, event: string) {
  return [...await app.sql`select * from audit_events where account_id = ${accountId} and event = ${event} order by id`]
}

/** The lock's end moved into the past, as if MFA_LOCKOUT_DURATION had passed. */
async function endLock (app: FastifyInstance, kind: AccountType, ownerId: string) {
  await app.sql.unsafe(`update "${kind.type}_mfa_attempts" set locked_until = now() - interval '1 second' where "${kind.ownerColumn}" = $1`, [ownerId])
}

const lockedMails = (mail: Catcher, to: string) =>
  mail.mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === to && LOCKED_SUBJECT.test(m.subject ?? ''))

function lockoutSuite (kind: AccountType): void {
  const err = (rest: string) => accountError(kind, rest)
  const WRONG = [400, err('BAD_REQUEST_INVALID_MFA_CODE')]
  const LOCKED = [429, 'TOO_MANY_REQUESTS']

  t.test(`second-factor attempts per account (${kind.type})`, async (t) => {
    const mail = await smtpCatcher(t)
    const app = await build(t, { env: { ...ENV, WORKER_ENABLED: 'true', SMTP_URL: mail.url, METRICS_PORT: '0' } })

    async function withFactor (): Promise<{ account: TestAccount, enrolled: Enrolled }> {
      const account = await createTestAccount(app, kind, { isEmailConfirmed: true })
      const { token } = await signIn(app, kind, account)
      return { account, enrolled: await enrolTotp(app, kind, token) }
    }
    const answer = (token: string, enrolled: Enrolled, code = wrongCode(enrolled.secret)) =>
      verifyMfa(app, kind, { mfaToken: token, factorId: enrolled.factorId, code })
    const guess = (account: TestAccount, enrolled: Enrolled, count: number) => guessCodes(app, kind, account, enrolled, count)

    t.test('12 wrong codes over three fresh challenges: the 11th answer is 429 with Retry-After, and the right code is refused too', async (t) => {
      const { account, enrolled } = await withFactor()
      const answers = await guess(account, enrolled, 12)
      t.same(answers.map(outcome), [...Array(THRESHOLD).fill(WRONG), LOCKED, LOCKED])
      for (const res of answers.slice(THRESHOLD)) {
        assertError(t, res, 429, 'TOO_MANY_REQUESTS')
        const after = Number(res.headers['retry-after'])
        t.ok(after > HOUR - 60 && after <= HOUR, `Retry-After ${after} s: the rest of MFA_LOCKOUT_DURATION (1h)`)
      }

      const fresh = await mfaToken(app, kind, account)
      assertError(t, await answer(fresh, enrolled, totpCode(enrolled.secret)), 429, 'TOO_MANY_REQUESTS')
      assertError(t, await verifyMfa(app, kind, { mfaToken: fresh, recoveryCode: enrolled.recoveryCodes[0] }), 429, 'TOO_MANY_REQUESTS')
      t.equal((await sessionsOf(app, kind, account.id)).filter((s) => s.aal === 'aal2').length, 0, 'no session opened')
      const [challenge] = await app.sql.unsafe(`select failed_attempts, used_at from "${kind.type}_mfa_challenges" where token_hash = $1`, [sha256(fresh)])
      t.match(challenge, { failed_attempts: 0, used_at: null }, 'a refused answer is not checked nor counted on its challenge')
      const [code] = await app.sql.unsafe(`select used_at from "${kind.type}_recovery_codes" where code_hash = $1`,
        [sha256(enrolled.recoveryCodes[0].replace(/-/g, '').toUpperCase())])
      t.same(code, { used_at: null }, 'the recovery code is not spent')
      t.match(await attemptsOf(app, kind, account.id), { failures: THRESHOLD, locked_until: Date })
      t.equal((await eventsOf(app, account.id, 'mfa.challenge_failed')).length, THRESHOLD, 'only the answers before the lock were checked')
    })

    t.test('the owner is mailed once per lock, and the answer that locked is recorded as mfa.locked', async (t) => {
      const { account, enrolled } = await withFactor()
      const after = mail.mails.length
      await guess(account, enrolled, THRESHOLD + 4)
      const message = await mail.next(account.email, { after })
      t.match(message.subject, LOCKED_SUBJECT)
      t.match(message.text, account.email)
      t.match(message.text, /1 hour/, 'the mail says how long the lock lasts')
      t.match(message.text, /password/, 'and that the password is known to someone')
      t.notMatch(message.text, /https?:\/\//, 'a notice: no link')
      const locked = await eventsOf(app, account.id, 'mfa.locked')
      t.equal(locked.length, 1)
      t.match(locked[0], { account_type: kind.type, actor_type: kind.type, actor_id: account.id,
        data: { failures: THRESHOLD, lockedSeconds: HOUR, method: 'pwd' } })

      await endLock(app, kind, account.id)
      const again = await guess(account, enrolled, THRESHOLD + 1)
      t.same(again.map(outcome), [...Array(THRESHOLD).fill(WRONG), LOCKED], 'after the lock the count starts afresh')
      await mail.next(account.email, { after: mail.mails.indexOf(message) + 1 })
      t.equal(lockedMails(mail, account.email).length, 2, 'one mail per lock')
      t.equal((await eventsOf(app, account.id, 'mfa.locked')).length, 2)
    })

    t.test('the mail is in the language of the answer that locked', async (t) => {
      const { account, enrolled } = await withFactor()
      await guess(account, enrolled, THRESHOLD - 1)
      const after = mail.mails.length
      const locking = await verifyMfa(app, kind, { mfaToken: await mfaToken(app, kind, account), factorId: enrolled.factorId, code: wrongCode(enrolled.secret) },
        { 'accept-language': 'es' })
      t.equal(locking.statusCode, 400)
      const message = await mail.next(account.email, { after })
      t.match(message.subject, /adivinar/)
      t.match(message.text, /1 hora/)
    })

    t.test('a right code before the threshold resets the count', async (t) => {
      const { account, enrolled } = await withFactor()
      t.same((await guess(account, enrolled, THRESHOLD - 1)).map(outcome), Array(THRESHOLD - 1).fill(WRONG))
      t.match(await attemptsOf(app, kind, account.id), { failures: THRESHOLD - 1, locked_until: null })
      await forgetUsedSteps(app, kind, enrolled.factorId)
      assertIssued(t, await answer(await mfaToken(app, kind, account), enrolled, totpCode(enrolled.secret)), kind, 201)
      t.equal(await attemptsOf(app, kind, account.id), undefined, 'the count is gone')
      t.same((await guess(account, enrolled, THRESHOLD + 1)).map(outcome), [...Array(THRESHOLD).fill(WRONG), LOCKED])
    })

    t.test('once the lock is over, the right code signs in and clears the count', async (t) => {
      const { account, enrolled } = await withFactor()
      await guess(account, enrolled, THRESHOLD)
      await endLock(app, kind, account.id)
      await forgetUsedSteps(app, kind, enrolled.factorId)
      assertIssued(t, await answer(await mfaToken(app, kind, account), enrolled, totpCode(enrolled.secret)), kind, 201)
      t.equal(await attemptsOf(app, kind, account.id), undefined)
    })

    t.test('concurrent wrong answers across several challenges are all counted', async (t) => {
      const { account, enrolled } = await withFactor()
      const tokens = await Promise.all([1, 2, 3, 4].map(() => mfaToken(app, kind, account)))
      const answers = await Promise.all(tokens.flatMap((token) => [answer(token, enrolled), answer(token, enrolled)]))
      t.same(answers.map(outcome), Array(8).fill(WRONG))
      t.match(await attemptsOf(app, kind, account.id), { failures: 8, locked_until: null }, 'eight answers, eight failures')
    })

    t.test('at the threshold, of concurrent wrong answers exactly one is checked and locks; the others are 429', async (t) => {
      const { account, enrolled } = await withFactor()
      await guess(account, enrolled, THRESHOLD - 1)
      const after = mail.mails.length
      const tokens = await Promise.all([1, 2, 3, 4, 5, 6].map(() => mfaToken(app, kind, account)))
      const answers = await Promise.all(tokens.flatMap((token) => [answer(token, enrolled), answer(token, enrolled)]))
      t.same(answers.map(outcome).sort(), [WRONG, ...Array(11).fill(LOCKED)].sort())
      t.match(await attemptsOf(app, kind, account.id), { failures: THRESHOLD, locked_until: Date })
      t.equal((await eventsOf(app, account.id, 'mfa.locked')).length, 1, 'locked once')
      t.equal((await eventsOf(app, account.id, 'mfa.challenge_failed')).length, THRESHOLD)
      await mail.next(account.email, { after })
      t.equal(lockedMails(mail, account.email).length, 1, 'mailed once')
    })

    t.test('a wrong answer racing right ones at the threshold: no right answer passes once it has locked', async (t) => {
      const { account, enrolled } = await withFactor()
      await guess(account, enrolled, THRESHOLD - 1)
      const tokens = await Promise.all([0, 1, 2, 3, 4].map(() => mfaToken(app, kind, account)))
      const [wrong, ...rights] = await Promise.all([
        answer(tokens[0], enrolled),
        ...[1, 2, 3, 4].map((i) => verifyMfa(app, kind, { mfaToken: tokens[i], recoveryCode: enrolled.recoveryCodes[i] }))
      ])
      t.same(outcome(wrong), WRONG)
      const statuses = new Set(rights.map((res) => res.statusCode))
      t.equal(statuses.size, 1, `the right answers are all before the wrong one (201) or all after it (429): ${[...statuses]}`)
      const row = await attemptsOf(app, kind, account.id)
      if (statuses.has(429)) t.match(row, { failures: THRESHOLD, locked_until: Date })
      else t.ok(row === undefined || row.failures === 1, 'a success reset the count, the wrong answer counted at most once after it')
    })

    t.test('latchkey_mfa_challenges_total counts a refused answer of a locked account as locked', async (t) => {
      const { account, enrolled } = await withFactor()
      const value = async () => (await app.accountMetrics!.mfaChallenges.get()).values
        .find((v) => v.labels.type === kind.type && v.labels.outcome === 'locked')?.value ?? 0
      const before = await value()
      await guess(account, enrolled, THRESHOLD + 2)
      t.equal(await value() - before, 2)
    })
  })
}

for (const kind of Object.values(ACCOUNT_TYPES)) lockoutSuite(kind)

t.test('wrong codes after a password, a sign-in link and a provider sign-in count together', async (t) => {
  const mail = await smtpCatcher(t)
  const idp = await startOidcProvider(t, { redirectUris: [callbackUrlOf('test')] })
  const app = await build(t, {
    env: { ...ENV, WORKER_ENABLED: 'true', SMTP_URL: mail.url, OIDC_PROVIDERS: 'test', ...providerEnv('test', idp), PUBLIC_APP_URL: APP_URL }
  })
  const account = await createTestAccount(app, USER, { isEmailConfirmed: true })
  const enrolled = await enrolTotp(app, USER, (await signIn(app, USER, account)).token)
  const wrong = wrongCode(enrolled.secret)

  const byPassword = () => mfaToken(app, USER, account)
  const byLink = async () => {
    const after = mail.mails.length
    await app.inject({ method: 'POST', url: '/v1/users/requestsigninlink', payload: { email: account.email } })
    const link = await waitUntil(() => mail.mails.slice(after).find((m) => m.text?.includes('/sign-in?token=')), 'the sign-in link', 10_000)
    const token = linkToken(link, '/sign-in')
    return (await app.inject({ method: 'POST', url: '/v1/users/signinwithlink', payload: { token } })).json().mfaToken as string
  }
  const byProvider = async () => {
    const { location } = await signInAtProvider(app, idp, 'test', { sub: `lockout-${Date.now()}`, email: account.email, email_verified: true })
    return (await exchange(app, location.searchParams.get('code'))).json().mfaToken as string
  }

  const answers: number[] = []
  for (const [first, count] of [[byPassword, 4], [byLink, 4], [byProvider, 3]] as const) {
    const token = await first()
    for (let i = 0; i < count; i++) answers.push((await verifyMfa(app, USER, { mfaToken: token, factorId: enrolled.factorId, code: wrong })).statusCode)
  }
  t.same(answers, [...Array(THRESHOLD).fill(400), 429])
  t.match(await eventsOf(app, account.id, 'mfa.locked'), [{ data: { method: 'oauth' } }], 'locked by the answer after the provider sign-in')
  for (const first of [byLink, byPassword]) {
    const res = await verifyMfa(app, USER, { mfaToken: await first(), factorId: enrolled.factorId, code: totpCode(enrolled.secret) })
    assertError(t, res, 429, 'TOO_MANY_REQUESTS')
  }
})

t.test('MFA_LOCKOUT_THRESHOLD=0: no count, only the challenge dies after five wrong codes', async (t) => {
  const app = await build(t, { env: { ...ENV, MFA_LOCKOUT_THRESHOLD: '0' } })
  const account = await createTestAccount(app, USER)
  const enrolled = await enrolTotp(app, USER, (await signIn(app, USER, account)).token)
  t.same((await guessCodes(app, USER, account, enrolled, 15)).map((res) => res.statusCode), Array(15).fill(400))
  t.equal(await attemptsOf(app, USER, account.id), undefined, 'nothing counted per account')
  await forgetUsedSteps(app, USER, enrolled.factorId)
  const res = await verifyMfa(app, USER, { mfaToken: await mfaToken(app, USER, account), factorId: enrolled.factorId, code: totpCode(enrolled.secret) })
  t.equal(res.statusCode, 201)
})

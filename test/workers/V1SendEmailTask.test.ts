import { mkdtempSync, rmSync } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { simpleParser, type ParsedMail } from 'mailparser'
import type { JobHelpers } from 'graphile-worker'
import type { FastifyInstance } from 'fastify'
import { V1SendEmailTask } from '../../workers/V1SendEmailTask.js'
import { ACCOUNT_TYPES, type AccountType } from '../../plugins/accounts/registry.js'
import { MAIL_MAX_ATTEMPTS } from '../../plugins/mail/mailer.js'
import { captureLogs } from '../helpers/app.js'
import { PASSWORD, createTestAccount, requestReset, resetPassword, route, signIn, uniqueEmail, type Row, type TapTest } from '../helpers/accounts.js'
import { jobRow, jobRows, removeJob, runJobNow, workerUtils } from '../helpers/jobs.js'
import { linkToken, smtpCatcher } from '../helpers/mail.js'
import { start, waitUntil } from '../helpers/sockets.js'

const user = ACCOUNT_TYPES.user
const admin = ACCOUNT_TYPES.admin
const TASK = 'V1SendEmailTask'

/** Logs captured at info (LOG_LEVEL and the logger's own level), as production writes them. */
function logged () {
  const logs = captureLogs()
  return { logs, options: { logger: { level: 'info', stream: logs.stream } }, env: { LOG_LEVEL: 'info' } }
}

async function mailJobs (app: FastifyInstance): Promise<Row[]> {
  return (await jobRows(app)).filter((job) => job.task_identifier === TASK)
}

/** Waits until attempt `n` of a job has failed (graphile-worker unlocks it and records the error). */
function attemptFailed (app: FastifyInstance, id: number | string, n: number): Promise<Row> {
  return waitUntil(async () => {
    const job = await jobRow(app, id)
    return job && job.attempts === n && job.locked_at === null && job.last_error !== null ? job : undefined
  }, `attempt ${n} of job ${id} to fail`, 10_000)
}

function jobGone (app: FastifyInstance, id: number | string): Promise<boolean> {
  return waitUntil(async () => !(await jobRow(app, id)), `job ${id} to complete`, 10_000)
}

function logText (lines: Array<Record<string, any>>): string {
  return lines.map((line) => JSON.stringify(line)).join('\n')
}

/** Asserts that no captured line holds the token, the link, or the link's page with a token. */
function assertNoLink (t: TapTest, lines: Array<Record<string, any>>, token: string) {
  const text = logText(lines)
  t.notOk(text.includes(token), 'the raw token is in no log line')
  t.notOk(/token=[0-9a-f]/.test(text), 'no link with a token is in any log line')
}

function fromOf (mail: ParsedMail) {
  return mail.from?.value[0]
}

t.test('SMTP: a refused delivery is retried and arrives; no log line holds the token, the failure line included', async (t) => {
  const catcher = await smtpCatcher(t)
  const { logs, options, env } = logged()
  const app = await start(t, { env: { ...env, WORKER_ENABLED: 'true', SMTP_URL: catcher.url }, ...options })
  const utils = await workerUtils(t, app)
  const account = await createTestAccount(app, user)

  catcher.refuse(1)
  t.equal((await requestReset(app, user, account.email)).statusCode, 200)
  const [queued] = await mailJobs(app)
  t.ok(queued, 'the reset queued one mail job')
  t.equal(queued.max_attempts, MAIL_MAX_ATTEMPTS, `at most ${MAIL_MAX_ATTEMPTS} attempts`)

  const failed = await attemptFailed(app, queued.id, 1)
  t.match(failed.last_error, /451/, 'the first attempt failed with the server\'s 451')
  t.equal(catcher.refused(), 1, 'the server refused one delivery')
  t.equal(catcher.mails.length, 0, 'nothing was delivered yet')
  t.ok(failed.run_at.getTime() > Date.now(), 'the retry waits for graphile-worker\'s backoff')

  await runJobNow(utils, queued.id)
  const mail = await catcher.next(account.email)
  const token = linkToken(mail, '/reset-password')
  await jobGone(app, queued.id)
  t.equal(catcher.refused(), 1, 'refused once only')
  t.equal(catcher.mails.length, 1, 'delivered once')
  t.equal((await resetPassword(app, user, token)).statusCode, 200, 'the mailed link is the real one')

  const failure = logs.lines.find((l) => l.component === 'worker' && l.level === 50 && /^Failed task/.test(l.msg))
  t.ok(failure, 'graphile-worker logged the failed attempt')
  t.match(failure?.msg, /451/, 'the failure line gives the reason')
  t.same(failure?.job, { id: String(queued.id), task: TASK, attempts: 1, maxAttempts: MAIL_MAX_ATTEMPTS },
    'the failure line identifies the job without its payload')
  const sent = logs.lines.find((l) => typeof l.msg === 'string' && l.msg.startsWith(`mail reset_password to ${account.email} sent`))
  t.ok(sent, 'the delivery is logged')
  t.notOk(logs.lines.some((l) => 'payload' in l || 'payload' in (l.job ?? {})), 'no line carries a payload')
  assertNoLink(t, logs.lines, token)
})

t.test('no SMTP_URL: the mail becomes an .eml file under DATA_DIR/mail, private to its owner; the log names the file, not the link', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-mail-'))
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  const { logs, options, env } = logged()
  const app = await start(t, { env: { ...env, WORKER_ENABLED: 'true', DATA_DIR: dataDir }, ...options })
  t.equal(app.config.smtpUrl, undefined, 'no SMTP server is configured')
  const account = await createTestAccount(app, user)
  const outbox = join(dataDir, 'mail')

  t.equal((await requestReset(app, user, account.email)).statusCode, 200)
  const [name] = await waitUntil(async () => {
    const files = await readdir(outbox).catch(() => [] as string[])
    return files.length ? files : undefined
  }, 'the .eml file', 10_000)
  const file = join(outbox, name)
  t.match(name, /^[0-9T-]+Z-reset_password-[0-9a-f]{8}\.eml$/, 'named by time and template')
  t.equal((await stat(outbox)).mode & 0o777, 0o700, 'the directory is 0700')
  t.equal((await stat(file)).mode & 0o777, 0o600, 'the file is 0600')

  const mail = await simpleParser(await readFile(file))
  t.equal(mail.subject, 'Reset your password')
  t.equal(mail.to && !Array.isArray(mail.to) ? mail.to.value[0].address : undefined, account.email, 'to the account\'s address')
  const token = linkToken(mail, '/reset-password')
  t.equal((await resetPassword(app, user, token)).statusCode, 200, 'the file holds the working link')

  const line = await waitUntil(() => logs.lines.find((l) => l.file === file), 'the log line of the file')
  t.match(line.msg, `mail reset_password to ${account.email} written to ${file}`, 'the log line names the file')
  assertNoLink(t, logs.lines, token)
})

t.test('mails in the request\'s language, with the lifetime, the link in both parts, from MAIL_FROM', async (t) => {
  const catcher = await smtpCatcher(t)
  const app = await start(t, { env: { WORKER_ENABLED: 'true', SMTP_URL: catcher.url } })

  async function resetMail (t: TapTest, kind: AccountType, opts: { query?: string, headers?: Record<string, string> } = {}) {
    const account = await createTestAccount(app, kind)
    const after = catcher.mails.length
    t.equal((await requestReset(app, kind, account.email, opts)).statusCode, 200)
    const mail = await catcher.next(account.email, { after })
    return { account, mail, token: linkToken(mail, '/reset-password') }
  }

  function assertParts (t: TapTest, mail: ParsedMail, expected: { lang: string, subject: string, intro: string, lifetime: string, link: string }) {
    t.equal(mail.subject, expected.subject, 'subject')
    t.match(mail.text, expected.intro, 'the text names the account')
    t.match(mail.text, expected.link, 'the text holds the link')
    t.match(mail.text, expected.lifetime, 'the text states the lifetime')
    t.type(mail.html, 'string', 'there is an HTML part')
    const html = String(mail.html)
    t.match(html, `<html lang="${expected.lang}">`, 'the HTML part is in the same language')
    t.match(html, `<title>${expected.subject}</title>`)
    t.match(html, `href="${expected.link}"`, 'the HTML part links to it')
    t.match(html, expected.lifetime, 'the HTML part states the lifetime')
  }

  t.test('a password reset in English by default: "1 hour", from Latchkey <no-reply@localhost>', async (t) => {
    const { account, mail, token } = await resetMail(t, user)
    t.same(fromOf(mail), { name: 'Latchkey', address: 'no-reply@localhost' }, 'the default MAIL_FROM')
    assertParts(t, mail, {
      lang: 'en',
      subject: 'Reset your password',
      intro: `reset the password of the account ${account.email}`,
      lifetime: 'expires in 1 hour.',
      link: `http://localhost:8000/account/reset-password?token=${token}`
    })
    t.match(mail.text, 'If you did not ask for this, ignore this mail')
  })

  for (const [how, opts] of [['?lang=es', { query: '?lang=es' }], ['Accept-Language: es', { headers: { 'accept-language': 'es' } }]] as const) {
    t.test(`a password reset in Spanish with ${how}: "1 hora"`, async (t) => {
      const { account, mail, token } = await resetMail(t, user, opts)
      t.same(fromOf(mail), { name: 'Latchkey', address: 'no-reply@localhost' })
      assertParts(t, mail, {
        lang: 'es',
        subject: 'Restablece tu contraseña',
        intro: `restablecer la contraseña de la cuenta ${account.email}`,
        lifetime: 'caduca en 1 hora.',
        link: `http://localhost:8000/account/reset-password?token=${token}`
      })
      t.match(mail.text, 'Si no lo has pedido tú, ignora este correo')
    })
  }

  t.test('an admin\'s password reset is mailed the same way', async (t) => {
    const { mail, token } = await resetMail(t, admin, { query: '?lang=es' })
    t.equal(mail.subject, 'Restablece tu contraseña')
    t.equal((await resetPassword(app, admin, token)).statusCode, 200, 'the link works for the admin')
  })

  t.test('a verification mail states 24h as "1 day" in English and "1 día" in Spanish', async (t) => {
    for (const [lang, subject, lifetime] of [['en', 'Confirm your email address', 'expires in 1 day.'],
      ['es', 'Confirma tu dirección de correo', 'caduca en 1 día.']]) {
      const account = await createTestAccount(app, user)
      const { token: access } = await signIn(app, user, account)
      const after = catcher.mails.length
      const res = await app.inject({
        method: 'POST', url: route(user, 'requestemailverification'),
        headers: { authorization: `${user.scheme} ${access}`, 'accept-language': lang }
      })
      t.equal(res.statusCode, 200)
      const mail = await catcher.next(account.email, { after })
      const token = linkToken(mail, '/verify-email')
      assertParts(t, mail, {
        lang,
        subject,
        intro: account.email,
        lifetime,
        link: `http://localhost:8000/account/verify-email?token=${token}`
      })
    }
  })
})

t.test('MAIL_FROM, PUBLIC_APP_URL and the lifetimes are those configured', async (t) => {
  const catcher = await smtpCatcher(t)
  const app = await start(t, {
    env: {
      WORKER_ENABLED: 'true',
      SMTP_URL: catcher.url,
      MAIL_FROM: 'Acme Accounts <accounts@acme.test>',
      PUBLIC_APP_URL: 'https://app.acme.test/portal/',
      PASSWORD_RESET_EXPIRES_IN: '90m',
      EMAIL_VERIFICATION_EXPIRES_IN: '2d'
    }
  })
  const account = await createTestAccount(app, user)
  t.equal((await requestReset(app, user, account.email)).statusCode, 200)
  const reset = await catcher.next(account.email)
  const token = linkToken(reset, '/reset-password')
  t.same(fromOf(reset), { name: 'Acme Accounts', address: 'accounts@acme.test' }, 'from MAIL_FROM')
  t.match(reset.text, `https://app.acme.test/portal/reset-password?token=${token}`, 'the link is under PUBLIC_APP_URL, its trailing slash trimmed')
  t.match(reset.text, 'expires in 90 minutes.', 'PASSWORD_RESET_EXPIRES_IN=90m')

  const email = uniqueEmail('verify')
  const registered = await app.inject({ method: 'POST', url: '/v1/users/register?lang=es', payload: { email, password: PASSWORD } })
  t.equal(registered.statusCode, 201)
  const verification = await catcher.next(email)
  t.match(verification.text, `https://app.acme.test/portal/verify-email?token=${linkToken(verification, '/verify-email')}`)
  t.match(verification.text, 'caduca en 2 días.', 'EMAIL_VERIFICATION_EXPIRES_IN=2d')
  t.same(fromOf(verification), { name: 'Acme Accounts', address: 'accounts@acme.test' })
})

t.test('an invalid payload fails the job without sending anything or echoing the payload into the logs', async (t) => {
  const catcher = await smtpCatcher(t)
  const { logs, options, env } = logged()
  const app = await start(t, { env: { ...env, WORKER_ENABLED: 'true', SMTP_URL: catcher.url }, ...options })
  const utils = await workerUtils(t, app)
  const helpers = { logger: { info () {}, debug () {}, warn () {}, error () {} } } as unknown as JobHelpers
  const valid = { template: 'reset_password', to: 'x@y.z', locale: 'en', params: { link: 'http://x/?token=SECRET', expiresIn: 1 } }
  const payloads: Array<[string, unknown]> = [
    ['no payload', null],
    ['an unknown template', { ...valid, template: 'nope' }],
    ['no recipient', { ...valid, to: undefined }],
    ['a link that is not http(s)', { ...valid, params: { ...valid.params, link: 'javascript:SECRET' } }],
    ['a lifetime of 0', { ...valid, params: { ...valid.params, expiresIn: 0 } }]
  ]
  for (const [what, payload] of payloads) {
    const rejected = await Promise.resolve().then(() => V1SendEmailTask(app)(payload as never, helpers)).then(() => undefined, (err) => err)
    t.match(rejected?.message, /^invalid V1SendEmailTask payload$/, `${what} is refused, and the error does not repeat it`)
  }

  const job = await utils.addJob(TASK, { template: 'nope', to: 'x@y.z', locale: 'en', params: { link: 'http://x/?token=SECRET', expiresIn: 1 } })
  t.teardown(() => removeJob(utils, app, job.id))
  const failed = await attemptFailed(app, job.id, 1)
  t.match(failed.last_error, /invalid V1SendEmailTask payload/)
  t.notMatch(failed.last_error, 'SECRET', 'the recorded error does not repeat the payload')
  const failure = await waitUntil(() => logs.lines.find((l) => l.component === 'worker' && l.level === 50 && /^Failed task/.test(l.msg)),
    'the failure line')
  t.match(failure.msg, /invalid V1SendEmailTask payload/, 'the failure is logged with its reason')
  t.same(failure.job, { id: String(job.id), task: TASK, attempts: 1, maxAttempts: job.max_attempts }, 'and the job\'s identity only')
  t.notOk(logText(logs.lines).includes('SECRET'), 'no log line holds the payload\'s link')
  t.notOk(logText(logs.lines).includes('x@y.z'), 'nor its recipient')
  t.equal(catcher.mails.length, 0, 'nothing was sent')
})

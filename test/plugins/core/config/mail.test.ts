import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { loadConfig } from '../../../../plugins/core/config.js'
import { production, refuses, tempDir } from '../../../helpers/config.js'

t.test('production refuses to start without SMTP_URL; development and test write files instead', async (t) => {
  const dataDir = tempDir(t)
  refuses(t, { ...production(dataDir), SMTP_URL: undefined }, 'SMTP_URL',
    'Invalid configuration: SMTP_URL must be set in production (mail is written to files only in development and test)')
  t.equal(loadConfig({ ...production(dataDir), SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465' }).smtpUrl, 'smtps://mailer:pw@smtp.example.com:465')
  for (const env of ['development', 'test']) {
    t.equal(loadConfig({ NODE_ENV: env, DATA_DIR: dataDir }).smtpUrl, undefined, `${env} starts without SMTP_URL`)
  }
  t.equal(loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:2525' }).smtpUrl, 'smtp://127.0.0.1:2525', 'smtp:// is accepted')
})

t.test('SMTP_URL may come from SMTP_URL_FILE, in production too', async (t) => {
  const dir = tempDir(t)
  const path = join(dir, 'smtp')
  writeFileSync(path, 'smtp://mailer:s3cret@smtp.example.com:587\n')
  const config = loadConfig({ ...production(dir), SMTP_URL: undefined, SMTP_URL_FILE: path })
  t.equal(config.smtpUrl, 'smtp://mailer:s3cret@smtp.example.com:587', 'the file\'s content without its final newline')
  refuses(t, { DATA_DIR: dir, SMTP_URL: 'smtp://a:25', SMTP_URL_FILE: path }, 'SMTP_URL', 'Invalid configuration: give SMTP_URL or SMTP_URL_FILE, not both')
})

t.test('an SMTP_URL that is not smtp:// or smtps:// is refused without repeating it (it may hold a password)', async (t) => {
  const dir = tempDir(t)
  const message = 'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL, got another value'
  for (const value of ['http://mailer:hunter2@smtp.example.com', 'mailer:hunter2@smtp.example.com:25', 'smtpx://mailer:hunter2@smtp.example.com']) {
    refuses(t, { DATA_DIR: dir, SMTP_URL: value }, 'SMTP_URL', message)
  }
  const path = join(dir, 'smtp')
  writeFileSync(path, 'http://mailer:hunter2@smtp.example.com')
  refuses(t, { DATA_DIR: dir, SMTP_URL_FILE: path }, 'SMTP_URL', message)
})

t.test('MAIL_FROM defaults, PUBLIC_APP_URL is unset by default, and loses its trailing slashes', async (t) => {
  const dir = tempDir(t)
  const defaults = loadConfig({ DATA_DIR: dir })
  t.equal(defaults.mailFrom, 'Latchkey <no-reply@localhost>')
  t.equal(defaults.publicAppUrl, undefined, 'no application: the links open the service\'s account pages')
  t.equal(loadConfig({ DATA_DIR: dir, MAIL_FROM: 'Acme <a@acme.test>' }).mailFrom, 'Acme <a@acme.test>')
  t.equal(loadConfig({ DATA_DIR: dir, PUBLIC_APP_URL: 'https://app.example.com/' }).publicAppUrl, 'https://app.example.com')
  t.equal(loadConfig({ DATA_DIR: dir, PUBLIC_APP_URL: 'https://example.com/app//' }).publicAppUrl, 'https://example.com/app')
  t.equal(loadConfig({ DATA_DIR: dir, PUBLIC_APP_URL: 'http://127.0.0.1:3000' }).publicAppUrl, 'http://127.0.0.1:3000')
  for (const bad of ['ftp://app.example.com', 'app.example.com', 'https://app.example.com/?from=mail', 'https://app.example.com/#top']) {
    refuses(t, { DATA_DIR: dir, PUBLIC_APP_URL: bad }, 'PUBLIC_APP_URL', /http\(s\):\/\//)
  }
})

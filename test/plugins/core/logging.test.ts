import { join } from 'node:path'
import t from 'tap'
import { ROOT } from '../../../paths.js'
import { redactUrl, redactUrls, serializers } from '../../../plugins/core/logging.js'
import { build, captureLogs } from '../../helpers/app.js'
import { ENV, PASSWORD, uniqueEmail } from '../../helpers/accounts.js'

t.test('redactUrl replaces the value of every secret query argument, and only those', async (t) => {
  t.equal(redactUrl('/v1/users/login'), '/v1/users/login')
  t.equal(redactUrl('/v1/users/login?email=a%40b.c&password=hunter2'), '/v1/users/login?email=a%40b.c&password=[redacted]')
  t.equal(redactUrl('/x?refreshToken=abc&currentPassword=p1&newPassword=p2&token=t&lang=es'),
    '/x?refreshToken=[redacted]&currentPassword=[redacted]&newPassword=[redacted]&token=[redacted]&lang=es')
  t.equal(redactUrl('/x?pass%77ord=hunter2&PASSWORD=x&a=1&a=2'), '/x?pass%77ord=[redacted]&PASSWORD=[redacted]&a=1&a=2',
    'encoded and upper-case names too')
  t.equal(redactUrl('/x?password&b=%zz'), '/x?password&b=%zz', 'no value, or an undecodable one, is left alone')
  t.equal(redactUrl('/v1/users/verifymfa?mfaToken=ab&factorId=f&code=123456&recoveryCode=ABCDE'),
    '/v1/users/verifymfa?mfaToken=[redacted]&factorId=f&code=[redacted]&recoveryCode=[redacted]', 'second-factor codes too')
})

t.test('redactUrls hides the password and secret arguments of every URL in a line of text', async (t) => {
  t.equal(redactUrls('cannot reach postgres://app:hunter2@db.internal:5432/x (ECONNREFUSED)'),
    'cannot reach postgres://app:[redacted]@db.internal:5432/x (ECONNREFUSED)')
  t.equal(redactUrls('smtp://u:p@ss@mail:25 and http://h/cb?token=abc&x=1'), 'smtp://u:[redacted]@mail:25 and http://h/cb?token=[redacted]&x=1',
    'an unencoded @ in the password is hidden too')
  t.equal(redactUrls('postgres://db/x and redis://cache:6379 stay'), 'postgres://db/x and redis://cache:6379 stay')
})

t.test('an error is logged without the bound parameters a driver attached to it', async (t) => {
  const err = Object.assign(new Error('invalid input syntax'), { code: '22P02', parameters: ['hunter2'], args: ['hunter2'], query: 'select $1' })
  const out = serializers.err(err)
  t.match(out, { type: 'Error', message: 'invalid input syntax', code: '22P02', query: 'select $1' })
  t.notMatch(JSON.stringify(out), 'hunter2', 'no parameter value')
})

t.test('no password or token reaches a log line, at LOG_LEVEL=trace, through every account route', async (t) => {
  const logs = captureLogs()
  const routeDirs = [join(ROOT, 'test', 'fixtures', 'routes')]
  const app = await build(t, { routeDirs, env: { ...ENV, LOG_LEVEL: 'trace' }, logger: { level: 'trace', stream: logs.stream } })
  const email = uniqueEmail('logs')
  const secrets: string[] = [PASSWORD]
  const q = (args: Record<string, string>) => new URLSearchParams(args).toString()

  const registered = await app.inject({ method: 'GET', url: `/v1/users/register?${q({ email, password: PASSWORD })}` })
  t.equal(registered.statusCode, 201, 'register with the password in the query string')
  const { token, refreshToken } = registered.json()
  secrets.push(token, refreshToken)
  const login = await app.inject({ method: 'GET', url: `/v1/users/login?${q({ email, password: PASSWORD })}` })
  t.equal(login.statusCode, 201, 'login with the password in the query string')
  secrets.push(login.json().token, login.json().refreshToken)
  const wrong = await app.inject({ method: 'POST', url: '/v1/users/login', payload: { email, password: 'wrong-hunter2-password' } })
  t.equal(wrong.statusCode, 400)
  secrets.push('wrong-hunter2-password')
  const refreshed = await app.inject({ method: 'GET', url: `/v1/users/refresh?${q({ refreshToken })}` })
  t.equal(refreshed.statusCode, 200, 'refresh with the token in the query string')
  secrets.push(refreshed.json().token, refreshed.json().refreshToken)
  const logout = await app.inject({
    method: 'GET', url: `/v1/users/logout?${q({ refreshToken: login.json().refreshToken })}`, headers: { authorization: `jwt-user ${login.json().token}` }
  })
  t.equal(logout.statusCode, 200)
  const replay = await app.inject({ method: 'GET', url: `/v1/users/refresh?${q({ refreshToken })}` })
  t.equal(replay.statusCode, 401, 'a replay (theft) is logged without the token')
  const boom = await app.inject({ method: 'POST', url: `/v1/boom/throw?${q({ password: 'boom-secret-password' })}`, payload: { token: 'boom-secret-token' } })
  t.equal(boom.statusCode, 500, 'a 500 logs its request')
  secrets.push('boom-secret-password', 'boom-secret-token')

  const text = logs.lines.map((line) => JSON.stringify(line)).join('\n')
  t.ok(logs.lines.length > 10, `${logs.lines.length} log lines were written`)
  t.match(text, '/v1/users/login?email=', 'the URLs are logged')
  t.match(text, 'password=[redacted]', 'with the secret values replaced')
  t.ok(logs.lines.some((l) => l.msg === 'request failed' && /password=\[redacted\]/.test(l.url)), 'the 500 line has the redacted URL')
  for (const secret of secrets) t.notMatch(text, secret, `${secret.slice(0, 12)}... is in no log line`)
})

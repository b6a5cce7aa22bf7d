/**
 * docs/organizations.md runs as written: its curl commands, in order, against a real app (Ana
 * and Bob with the doc's addresses, the invitation mailed to a real SMTP catcher), each answering
 * the status, the error code and the literal fields its first comment line shows; the decoded
 * `org` claim is the doc's JSON.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { ROOT } from '../../paths.js'
import { ACCOUNT_TYPES } from '../../plugins/accounts/registry.js'
import { build } from '../helpers/app.js'
import { ENV, createTestAccount, signIn } from '../helpers/accounts.js'
import { linkToken, smtpCatcher } from '../helpers/mail.js'
import { decodeJwt } from '../helpers/tokens.js'

const user = ACCOUNT_TYPES.user
const DOC = readFileSync(join(ROOT, 'docs', 'organizations.md'), 'utf8')

interface Curl { command: string, method: string, path: string, headers: Record<string, string>, body?: string, answer: string[] }

/** The curl commands of the doc's sh blocks, each with the comment lines of its documented answer. */
function curls (markdown: string): Curl[] {
  const out: Curl[] = []
  for (const [, block] of markdown.matchAll(/```sh\n([\s\S]*?)```/g)) {
    for (const line of block.replace(/\\\n\s*/g, '').split('\n')) {
      if (line.startsWith('curl ')) {
        const headers = Object.fromEntries([...line.matchAll(/-H (?:"([^"]*)"|'([^']*)')/g)].map((m) => (m[1] ?? m[2]).split(/: (.*)/).slice(0, 2)))
        out.push({
          command: line.slice(0, 90),
          method: /-X (\w+)/.exec(line)?.[1] ?? 'GET',
          path: /localhost:8000(\/[^\s"']*)/.exec(line)![1],
          headers,
          body: /-d '(.*)'$/.exec(line)?.[1],
          answer: []
        })
      } else if (line.startsWith('#') && out.length) {
        out.at(-1)!.answer.push(line.replace(/^# ?/, ''))
      }
    }
  }
  return out
}

/** The first documented answer: its status line and the lines continuing it. */
function documented (answer: string[]): { status: number, text: string } {
  const first = answer.findIndex((line) => /^\d{3}\b/.test(line))
  const rest = answer.slice(first + 1)
  const end = rest.findIndex((line) => !/^\s{2,}/.test(line))
  return { status: Number(answer[first].slice(0, 3)), text: [answer[first], ...rest.slice(0, end < 0 ? undefined : end)].join('') }
}

/** The "name":value pairs the doc shows literally (no elision, id, placeholder or secret). */
function literalPairs (text: string): string[] {
  return [...text.matchAll(/"(\w+)":("[^"]*"|-?\d+|true|false|null|\[[^\]]*\])/g)]
    .filter(([, name, value]) => !/\.\.\.|<|^"0193|^"eyJ|^"lk_/.test(value) && name !== 'status')
    .map(([pair]) => pair)
}

t.test('the worked example of docs/organizations.md runs as written', async (t) => {
  const mail = await smtpCatcher(t)
  const app = await build(t, { env: { ...ENV, WORKER_ENABLED: 'true', SMTP_URL: mail.url } })
  const ana = await createTestAccount(app, user, { email: 'ana@example.com', isEmailConfirmed: true })
  const bob = await createTestAccount(app, user, { email: 'bob@example.com', isEmailConfirmed: true })
  const bobIn = await signIn(app, user, bob)
  const vars: Record<string, string> = {
    ANA: (await signIn(app, user, ana)).token, BOB: bobIn.token, BOB_REFRESH: bobIn.refreshToken, BOB_ID: bob.id
  }
  const placeholders: Record<string, string> = {}
  const fill = (text: string) => Object.entries(placeholders).reduce((out, [from, to]) => out.replaceAll(from, to),
    text.replace(/'?\$([A-Z_]+)'?/g, (_, name: string) => vars[name] ?? t.fail(`the doc uses $${name}, which it never sets`)))

  const commands = curls(DOC)
  t.ok(commands.length >= 12, `${commands.length} curl commands`)
  let bobToken: string | undefined
  for (const curl of commands) {
    if (curl.path === '/v1/orgs/acceptinvitation') {
      placeholders['9f86d0...'] = linkToken(await mail.next('bob@example.com'), '/accept-invite')
    }
    const res = await app.inject({
      method: curl.method as 'POST',
      url: curl.path,
      headers: Object.fromEntries(Object.entries(curl.headers).map(([name, value]) => [name, fill(value)])),
      ...(curl.body !== undefined && { payload: fill(curl.body) })
    })
    const { status, text } = documented(curl.answer)
    t.equal(res.statusCode, status, `${curl.command}: ${res.body.slice(0, 300)}`)
    const error = /"error":"([^"]+)"/.exec(text)?.[1]
    if (error) t.equal(res.json().error, error, `${curl.command}: ${error}`)
    const challenge = /WWW-Authenticate: (\S+ error="\w+")/.exec(text)?.[1]
    if (challenge) t.equal(res.headers['www-authenticate'], challenge, `${curl.command}: WWW-Authenticate`)
    const body = res.body
    for (const pair of literalPairs(text)) t.ok(body.includes(pair), `${curl.command}: the answer has ${pair}`)
    if (res.statusCode >= 300) continue
    const json = res.json()
    if (curl.path === '/v1/orgs/create') vars.ORG = json.organization.id
    if (curl.path === '/v1/orgs/createapikey') placeholders['lk_dkry7gnu3cjqx6f...'] = json.key
    if (curl.path === '/v1/users/switchorg' || curl.path === '/v1/users/refresh') {
      vars.BOB = json.token
      vars.BOB_REFRESH = json.refreshToken
      bobToken ??= json.token
    }
  }

  const claims = JSON.parse(/```json\n([\s\S]*?)```/.exec(DOC)![1])
  const token = decodeJwt(bobToken!).payload
  t.same({ ...token.org, id: '' }, { ...claims.org, id: '' }, 'the org claim after switchorg is the doc\'s, its id aside')
  t.equal(token.org.id, vars.ORG)
  t.match(token, { type: claims.type, aud: claims.aud, iss: claims.iss })
})

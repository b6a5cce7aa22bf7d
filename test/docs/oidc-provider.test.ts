/**
 * docs/oidc-provider.md as a reader follows it on their machine: its discovery sample is the
 * document the provider serves, and its openid-client v6 example (docs/examples/openid-client.mjs,
 * the page's js block byte for byte) runs as written, in its own Node process, against an app
 * listening on localhost with PUBLIC_URL left to its default: discovery, a machine's
 * client_credentials token, and a device signed in while the script polls (the user's side over
 * HTTP: the device page's forms, then sign-in and consent through the interaction's routes).
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import t from 'tap'
import * as client from 'openid-client'
import { ROOT } from '../../paths.js'
import { createTestAccount, signIn } from '../helpers/accounts.js'
import { localOidcApp } from '../helpers/oidc-app.js'
import { USER, approveDeviceOverHttp } from '../helpers/oidc-flow.js'
import { newMember, newOrg } from '../helpers/orgs.js'
import { createOauthClient } from '../../plugins/oidc/clients.js'

const DOC = readFileSync(join(ROOT, 'docs', 'oidc-provider.md'), 'utf8')
const EXAMPLE = join('docs', 'examples', 'openid-client.mjs')
const DEVICE_CODE = 'urn:ietf:params:oauth:grant-type:device_code'
/** The origin of the doc's samples: `npm start`'s default. */
const DOC_ORIGIN = 'http://localhost:8000'

const blocks = (lang: string) => [...DOC.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map(([, code]) => code!)

t.test('docs/oidc-provider.md shows docs/examples/openid-client.mjs as it is', async (t) => {
  const shown = blocks('js').filter((code) => code.includes('allowInsecureRequests'))
  t.equal(shown.length, 1, 'one js block holds the local example')
  t.equal(shown[0], readFileSync(join(ROOT, EXAMPLE), 'utf8'), `the block is ${EXAMPLE}`)
})

t.test('the discovery sample is the document a local provider serves', async (t) => {
  const { origin, issuer } = await localOidcApp(t)
  const served = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json() as Record<string, unknown>
  const samples = blocks('json').filter((code) => code.includes('"issuer"'))
  t.equal(samples.length, 1, 'one json block is the discovery document')
  const sample = JSON.parse(samples[0]!.replaceAll(DOC_ORIGIN, origin)) as Record<string, unknown>
  t.same(Object.keys(sample).sort(), Object.keys(served).sort(), 'the same keys, none missing, none stale')
  for (const key of Object.keys(served)) t.same(sample[key], served[key], key)
  t.equal(served.issuer, `${origin}/oidc`, 'the issuer is http://localhost:<PORT>/oidc')
})

t.test('what the docs say openid-client v6 needs locally: http://localhost:<PORT>/oidc, and allowInsecureRequests', async (t) => {
  const { issuer } = await localOidcApp(t)
  const local = { execute: [client.allowInsecureRequests] }
  const config = await client.discovery(new URL(issuer), 'lkc_any', undefined, undefined, local)
  t.equal(config.serverMetadata().issuer, issuer, 'the issuer the docs name')
  await t.rejects(client.discovery(new URL(issuer), 'lkc_any'), { code: 'OAUTH_HTTP_REQUEST_FORBIDDEN' }, 'http refused without allowInsecureRequests')
  const numeric = new URL(issuer.replace('localhost', '127.0.0.1'))
  await t.rejects(client.discovery(numeric, 'lkc_any', undefined, undefined, local), { code: 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED' },
    '127.0.0.1 is refused: the document names http://localhost:<PORT>/oidc')
})

t.test('the openid-client example runs as written: discovery, client_credentials, and a device signed in while it polls', async (t) => {
  const { app, origin } = await localOidcApp(t)
  const org = await newOrg(app, await newMember(app))
  const machine = await createOauthClient(app.sql, {
    name: 'billing worker', type: 'confidential', redirectUris: [], grantTypes: ['client_credentials'],
    scopes: ['members:read', 'app:billing:write'], organizationId: org.id
  })
  const device = await createOauthClient(app.sql, {
    name: 'Acme TV', type: 'public', redirectUris: [], grantTypes: [DEVICE_CODE, 'refresh_token'], scopes: ['openid', 'email', 'offline_access'], organizationId: null
  })
  const account = await createTestAccount(app, USER, { isEmailConfirmed: true })
  const { token } = await signIn(app, USER, account)

  const child = spawn(process.execPath, [EXAMPLE], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, PORT: new URL(origin).port, CLIENT_ID: machine.row.id, CLIENT_SECRET: machine.clientSecret!, DEVICE_CLIENT_ID: device.row.id },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  t.teardown(() => { if (child.exitCode === null) child.kill() })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  const line = async () => {
    const next = await lines.next()
    if (next.done) throw new Error(`the example ended early (exit ${await exited}): ${stderr}`)
    return next.value
  }

  t.equal(await line(), `machine: scope members:read, organization ${org.id}, permissions members:read app:billing:write`,
    'discovery at http://localhost:<PORT>/oidc, then a client_credentials token introspected')
  const prompt = /^device: open (\S+) and enter ([A-Z]{4}-[A-Z]{4})$/.exec(await line())
  t.ok(prompt, 'the device prints where to go and the code to type')
  t.equal(prompt![1], `${origin}/oidc/device`, 'the verification page')
  // The script polls until the user approves: if they cannot, it is stopped rather than left to poll for 10 minutes.
  const page = await approveDeviceOverHttp(origin, prompt![1]!, prompt![2]!, token).catch((err: unknown) => { child.kill(); throw err })
  t.match(page, 'Device connected', 'the user approved on Latchkey\'s pages')
  t.equal(await line(), `device: signed in as ${account.email}`, 'the polling ended with tokens, the email in the ID token')
  t.equal(await exited, 0, `the script exits 0${stderr ? `: ${stderr}` : ''}`)
})

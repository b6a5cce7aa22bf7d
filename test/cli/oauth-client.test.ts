import t from 'tap'
import postgres from 'postgres'
import { cli, scratch } from '../helpers/cli.js'
import { secretHash } from '../../plugins/oidc/clients.js'

t.test('latchkey oauth-client create', async (t) => {
  const db = await scratch(t)
  const sql = postgres(db.url, { max: 1, onnotice: () => {} })
  t.teardown(() => sql.end({ timeout: 5 }))
  const env = { DATABASE_URL: db.url, DATA_DIR: db.dataDir }

  t.test('a confidential client: its client_id, and its secret printed once, stored as its hash', async (t) => {
    const res = await cli(['oauth-client', 'create', '--name', 'Billing', '--redirect-uri', 'https://billing.example.com/cb',
      '--redirect-uri', 'http://localhost:3000/cb', '--scope', 'openid', '--scope', 'email'], env)
    t.equal(res.code, 0, res.stderr)
    const [, id, secret] = /^client_id: (lkc_\S+)\nclient_secret: (lks_\S+)\n$/.exec(res.stdout) ?? []
    t.ok(id && secret, res.stdout)
    t.match(res.stderr, /shown this once/)
    const [row] = await sql`select * from oauth_clients where id = ${id}`
    t.match(row, { name: 'Billing', type: 'confidential', redirect_uris: ['https://billing.example.com/cb', 'http://localhost:3000/cb'],
      grant_types: ['authorization_code', 'refresh_token'], scopes: ['openid', 'email'], organization_id: null })
    t.equal(row.secret_hash, secretHash(secret), 'the SHA-256 of the printed secret')
    const [event] = await sql`select event, account_type, account_id, actor_type, data from audit_events where data->>'clientId' = ${id}`
    t.match(event, { event: 'oauth_client.created', account_type: 'admin', account_id: null, actor_type: 'cli' })
    t.notOk(JSON.stringify(event).includes(secret.slice(4)), 'never the secret')
  })

  t.test('a public client has no secret; a machine for an organization gets client_credentials', async (t) => {
    const pub = await cli(['oauth-client', 'create', '--name', 'SPA', '--type', 'public', '--redirect-uri', 'https://spa.example.com/cb',
      '--grant', 'authorization_code'], env)
    t.equal(pub.code, 0, pub.stderr)
    t.match(pub.stdout, /^client_id: lkc_\S+\n$/)
    t.match(pub.stderr, /no secret/)
    const [org] = await sql`insert into organizations (id, slug, name) values (gen_random_uuid(), 'acme-cli', 'Acme') returning id`
    const machine = await cli(['oauth-client', 'create', '--name', 'worker', '--scope', 'members:read', '--organization', org.id], env)
    t.equal(machine.code, 0, machine.stderr)
    const id = /client_id: (\S+)/.exec(machine.stdout)![1]
    const [row] = await sql`select grant_types, organization_id from oauth_clients where id = ${id}`
    t.same(row, { grant_types: ['client_credentials'], organization_id: org.id })
  })

  t.test('the API\'s rules: a mistake exits 2 and registers nothing', async (t) => {
    const [before] = await sql`select count(*)::int as n from oauth_clients`
    for (const [args, message] of [
      [['--name', 'x', '--redirect-uri', 'https://*.example.com/cb'], /oauth-client create: This redirect URI is not allowed: .*no wildcards/],
      [['--name', 'x', '--redirect-uri', 'http://app.example.com/cb'], /https only/],
      [['--name', 'x', '--redirect-uri', 'https://a.example.com/cb#x'], /no fragment/],
      [['--name', 'x', '--type', 'public', '--grant', 'client_credentials'], /a public client cannot use client_credentials/],
      [['--name', 'x', '--grant', 'password'], /^oauth-client create: invalid --grant /],
      [['--name', 'x', '--type', 'secret'], /^oauth-client create: invalid --type /],
      [['--name', 'x', '--scope', 'org:delete'], /This scope cannot be given to a client: org:delete/],
      [['--name', 'x', '--organization', 'acme'], /invalid --organization/],
      [['--name', 'x', '--organization', '00000000-0000-7000-8000-00000000abcd'], /no such organization/]
    ] as Array<[string[], RegExp]>) {
      const res = await cli(['oauth-client', 'create', ...args], env)
      t.equal(res.code, 2, args.join(' '))
      t.match(res.stderr, message, args.join(' '))
      t.equal(res.stdout, '', 'nothing printed on stdout')
    }
    const noName = await cli(['oauth-client', 'create'], env)
    t.equal(noName.code, 2)
    t.equal(noName.stderr, 'latchkey: oauth-client create: --name is required (latchkey --help prints the usage)\n')
    const unknown = await cli(['oauth-client', 'list'], env)
    t.equal(unknown.stderr, 'latchkey: oauth-client: unknown action list (latchkey --help prints the usage)\n')
    const [after] = await sql`select count(*)::int as n from oauth_clients`
    t.equal(after.n, before.n, 'nothing registered')
  })
})

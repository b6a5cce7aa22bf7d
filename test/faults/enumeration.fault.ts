/**
 * The routes that take an address and must not tell whether an account has it answer in the same
 * time for every kind of address (docs/behaviour.md#no-enumeration): requestsigninlink and
 * requestpasswordreset (an account, none, an inactive one, a deleted one), resendverification (an
 * unconfirmed account, a confirmed one, none). Each answer takes a few milliseconds, so a busy
 * machine's noise is as large as a difference would be: these run with the fault tests (one file
 * at a time), alternating the addresses so that drift falls on all of them alike. The same
 * status, body and headers are checked with each route's own tests.
 */
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES, type AccountType } from '../../plugins/accounts/registry.js'
import { build } from '../helpers/app.js'
import { ENV, createTestAccount, uniqueEmail, type TapTest } from '../helpers/accounts.js'

const USER = ACCOUNT_TYPES.user
const ROUNDS = 100
const MAX_RATIO = 1.5

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** POSTs `{ email }` to `url` for each address in turn, ROUNDS times after a warm-up: the median ms by address. */
async function medians (app: FastifyInstance, url: string, addresses: Record<string, string>): Promise<Record<string, number>> {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(addresses).map((name) => [name, []]))
  for (let round = -10; round < ROUNDS; round++) {
    for (const [name, email] of Object.entries(addresses)) {
      const start = process.hrtime.bigint()
      const res = await app.inject({ method: 'POST', url, payload: { email } })
      const ms = Number(process.hrtime.bigint() - start) / 1e6
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`)
      if (round >= 0) times[name].push(ms)
    }
  }
  return Object.fromEntries(Object.entries(times).map(([name, values]) => [name, median(values)]))
}

function assertSameTime (t: TapTest, found: Record<string, number>) {
  const ratio = Math.max(...Object.values(found)) / Math.min(...Object.values(found))
  t.ok(ratio <= MAX_RATIO, `medians ${JSON.stringify(found)} ms, ratio ${ratio.toFixed(2)}`)
}

/** An account, none, an inactive one and a deleted one, of `kind`. */
async function fourAddresses (app: FastifyInstance, kind: AccountType) {
  const real = await createTestAccount(app, kind)
  const inactive = await createTestAccount(app, kind, { isActive: false })
  const deleted = await createTestAccount(app, kind, { deletedAt: new Date() })
  return { real: real.email, unknown: uniqueEmail('nobody'), inactive: inactive.email, deleted: deleted.email }
}

// No worker: the real address's mails would compete with the requests being timed.
t.test('requestsigninlink', async (t) => {
  const app = await build(t, { env: ENV })
  assertSameTime(t, await medians(app, '/v1/users/requestsigninlink', await fourAddresses(app, USER)))
})

for (const kind of Object.values(ACCOUNT_TYPES)) {
  t.test(`requestpasswordreset (${kind.type})`, async (t) => {
    const app = await build(t, { env: ENV })
    assertSameTime(t, await medians(app, `/v1/${kind.path}/requestpasswordreset`, await fourAddresses(app, kind)))
  })
}

t.test('resendverification', async (t) => {
  const app = await build(t, { env: { ...ENV, REQUIRE_EMAIL_CONFIRMED: 'true' } })
  const unconfirmed = await createTestAccount(app, USER)
  const confirmed = await createTestAccount(app, USER, { isEmailConfirmed: true })
  assertSameTime(t, await medians(app, '/v1/users/resendverification',
    { unconfirmed: unconfirmed.email, confirmed: confirmed.email, unknown: uniqueEmail('nobody') }))
})

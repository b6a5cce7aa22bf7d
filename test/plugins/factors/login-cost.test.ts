import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { build } from '../../helpers/app.js'
import { ENV, createTestAccount, login, signIn } from '../../helpers/accounts.js'
import { enrolTotp } from '../../helpers/factors.js'

/** Counts the statements the app runs outside transactions (every statement of a login goes through sql.unsafe). */
function statementCounter (app: FastifyInstance) {
  const original = app.sql.unsafe
  const texts: string[] = []
  app.sql.unsafe = ((...args: Parameters<typeof original>) => {
    texts.push(String(args[0]).replace(/\s+/g, ' ').slice(0, 60))
    return original.apply(app.sql, args)
  }) as typeof original
  return { texts, restore: () => { app.sql.unsafe = original } }
}

function median (values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

const kind = ACCOUNT_TYPES.user

t.test('what a second factor costs a login', async (t) => {
  // The timing below tries many wrong passwords per address: the lockout (lockout.test.ts) would answer 429 from the 11th.
  const app = await build(t, { env: { ...ENV, LOGIN_LOCKOUT_THRESHOLD: '0' } })
  const plain = await createTestAccount(app, kind)
  const guarded = await createTestAccount(app, kind)
  await enrolTotp(app, kind, (await signIn(app, kind, guarded)).token)

  t.test('two statements either way: the password step and the session, or the password step and the challenge', async (t) => {
    for (const [account, status] of [[plain, 201], [guarded, 200]] as const) {
      const counter = statementCounter(app)
      const res = await login(app, kind, { email: account.email, password: account.password })
      counter.restore()
      t.equal(res.statusCode, status)
      t.equal(counter.texts.length, 2, counter.texts.join(' | '))
    }
  })

  t.test('a wrong password answers as fast on an account with a factor as on one without', async (t) => {
    const times: Record<string, number[]> = { plain: [], guarded: [] }
    const bodies = new Set<string>()
    for (let round = -5; round < 40; round++) {
      for (const [name, account] of Object.entries({ plain, guarded })) {
        const start = process.hrtime.bigint()
        const res = await login(app, kind, { email: account.email, password: 'not the password' })
        const ms = Number(process.hrtime.bigint() - start) / 1e6
        bodies.add(JSON.stringify([res.statusCode, res.json(), res.headers['content-length']]))
        if (round >= 0) times[name].push(ms) // warming up first: statements prepared, code compiled
      }
    }
    t.equal(bodies.size, 1, 'the same status, body and length')
    const medians = Object.fromEntries(Object.entries(times).map(([name, values]) => [name, median(values)]))
    const ratio = Math.max(...Object.values(medians)) / Math.min(...Object.values(medians))
    t.ok(ratio <= 1.5, `medians ${JSON.stringify(medians)} ms, ratio ${ratio.toFixed(2)}`)
  })
})

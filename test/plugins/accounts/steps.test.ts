import t from 'tap'
import postgres from 'postgres'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { createSignInSteps, type SignInStep } from '../../../plugins/accounts/steps.js'
import { credentialsStatement } from '../../../plugins/accounts/repository/owners.js'
import { reserveStatement } from '../../../plugins/accounts/repository/safety.js'
import { hasVerifiedTotp } from '../../../plugins/factors/tables.js'
import { cloneDatabase } from '../../helpers/app.js'

const { url, drop } = await cloneDatabase()
const sql = postgres(url, { max: 1, onnotice: () => {} })
t.teardown(async () => {
  await sql.end({ timeout: 5 })
  await drop()
})

const step = (name: string, pending: SignInStep['pending']): SignInStep =>
  ({ name, pending, open: async () => ({ mfaRequired: true, mfaToken: '', factors: [] }) })

t.test('the steps compose into one column of the first step\'s statements, valid SQL with none, one or two', async (t) => {
  for (const kind of Object.values(ACCOUNT_TYPES)) {
    const none = createSignInSteps()
    const one = createSignInSteps()
    one.register(step('mfa', hasVerifiedTotp))
    const two = createSignInSteps()
    two.register(step('mfa', hasVerifiedTotp))
    two.register(step('other', () => 'false'))
    for (const [label, steps] of [['no step', none], ['one step', one], ['two steps', two]] as const) {
      const pending = steps.pendingSql(kind)
      for (const [name, text] of [['credentials', credentialsStatement(kind, pending).text],
        ['reserve', reserveStatement(kind, pending).text]]) {
        const described = await sql.unsafe(text, [], { prepare: true }).describe().then(() => 'ok', (err: Error) => err.message)
        t.equal(described, 'ok', `${kind.type} ${name}, ${label}`)
        t.match(text, / as pending/)
      }
    }
    t.match(two.pendingSql(kind)('o.id'), /^case when exists \(.*\) then 'mfa' when false then 'other' end$/s, 'the first due step wins')
  }
})

t.test('the first due step names the column; none due is null', async (t) => {
  const steps = createSignInSteps()
  steps.register(step('first', (_kind, id) => `${id} > 1`))
  steps.register(step('second', (_kind, id) => `${id} > 0`))
  const pending = steps.pendingSql(ACCOUNT_TYPES.user)
  const rows = await sql.unsafe(`select n, ${pending('n')} as pending from (values (0), (1), (2)) v(n) order by n`)
  t.same(rows.map((r) => r.pending), [null, 'second', 'first'])
})

t.test('steps are registered before the first sign-in composes them, under names of their own', async (t) => {
  const steps = createSignInSteps()
  t.throws(() => steps.register(step('session', () => 'true')), /taken/, 'session is the answer when none is due')
  t.throws(() => steps.register(step('x\'; drop', () => 'true')), /lower-case/)
  steps.register(step('mfa', () => 'true'))
  t.throws(() => steps.register(step('mfa', () => 'true')), /taken/)
  steps.pendingSql(ACCOUNT_TYPES.user)
  t.throws(() => steps.register(step('late', () => 'true')), /after the first sign-in/)
})

import t from 'tap'
import postgres from 'postgres'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { factorRepositoryOf } from '../../../plugins/factors/repository.js'
import { hasVerifiedTotp } from '../../../plugins/factors/tables.js'
import { hashRecoveryCode, matchStep, newRecoveryCodes, secretBox, stepAt } from '../../../plugins/factors/secrets.js'
import { cloneDatabase } from '../../helpers/app.js'
import { totpCode } from '../../helpers/factors.js'

const { url, drop } = await cloneDatabase()
const sql = postgres(url, { max: 1, onnotice: () => {} })
t.teardown(async () => {
  await sql.end({ timeout: 5 })
  await drop()
})

t.test('every factor statement of every account type is valid SQL and names only its own tables', async (t) => {
  for (const kind of Object.values(ACCOUNT_TYPES)) {
    const other = Object.values(ACCOUNT_TYPES).find((k) => k !== kind)!
    const all = [...Object.entries(factorRepositoryOf(kind)).map(([name, s]) => [name, s.text]),
      ['hasVerifiedTotp', `select ${hasVerifiedTotp(kind, `"${kind.ownerTable}".id`)} from "${kind.ownerTable}"`]]
    for (const [name, text] of all) {
      const described = await sql.unsafe(text, [], { prepare: true }).describe().then(() => 'ok', (err: Error) => err.message)
      t.equal(described, 'ok', `${kind.type} ${name}`)
      t.notOk(text.includes(`"${other.type}_`) || text.includes(`"${other.ownerColumn}"`), `${kind.type} ${name}: its own tables`)
    }
  }
})

t.test('a sealed secret opens only with its key and on its own factor', async (t) => {
  const box = secretBox('r'.repeat(40))
  const sealed = box.seal('JBSWY3DPEHPK3PXP', 'factor-1')
  t.notOk(sealed.includes('JBSWY3DPEHPK3PXP'))
  t.not(box.seal('JBSWY3DPEHPK3PXP', 'factor-1'), sealed, 'a fresh IV each time')
  t.equal(box.open(sealed, 'factor-1'), 'JBSWY3DPEHPK3PXP')
  t.throws(() => box.open(sealed, 'factor-2'), 'not on another row')
  t.throws(() => secretBox('s'.repeat(40)).open(sealed, 'factor-1'), 'not with another REFRESH_TOKEN_SECRET')
})

t.test('matchStep: the current step and one either side, each only after the last used one', async (t) => {
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
  const now = Date.now()
  const step = stepAt(now)
  // Codes computed for the same instant as the check, so no step boundary can fall between them.
  const code = (offset: number) => totpCode(secret, offset, now)
  t.equal(matchStep(secret, code(0), null, now), step)
  t.equal(matchStep(secret, code(-1), null, now), step - 1)
  t.equal(matchStep(secret, code(1), null, now), step + 1)
  t.equal(matchStep(secret, code(2), null, now), null)
  t.equal(matchStep(secret, code(-2), null, now), null)
  t.equal(matchStep(secret, code(0), step, now), null, 'the used step again: a replay')
  t.equal(matchStep(secret, code(-1), String(step), now), null, 'an earlier step after a later one was used (a bigint arrives as a string)')
  t.equal(matchStep(secret, code(1), step, now), step + 1)
})

t.test('recovery codes: ten distinct codes of Crockford base32, hashed as typed in any case and with a hyphen', async (t) => {
  const codes = newRecoveryCodes()
  t.equal(new Set(codes).size, 10)
  for (const code of codes) t.match(code, /^[0-9A-HJKMNP-TV-Z]{10}$/)
  const [code] = codes
  t.equal(hashRecoveryCode(`${code.slice(0, 5)}-${code.slice(5)}`.toLowerCase()), hashRecoveryCode(code))
  t.match(hashRecoveryCode(code), /^[0-9a-f]{64}$/)
})

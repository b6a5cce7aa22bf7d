import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { AppError } from '../../../plugins/core/errors.js'
import { accountErrorCode, type AccountErrorName } from '../../../plugins/accounts/errors.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { LOCALES_DIR } from '../../../paths.js'

const NAMES: AccountErrorName[] = ['BAD_REQUEST_INVALID_LOGIN_CREDENTIALS', 'BAD_REQUEST_ACCOUNT_INACTIVE',
  'BAD_REQUEST_ACCOUNT_DELETED', 'BAD_REQUEST_ACCOUNT_DOES_NOT_EXIST', 'BAD_REQUEST_USER_ALREADY_EXISTS',
  'UNAUTHORIZED_EMAIL_NOT_CONFIRMED', 'UNAUTHORIZED_INVALID_REFRESH_TOKEN']
const locales = ['en', 'es'].map((lang) => JSON.parse(readFileSync(join(LOCALES_DIR, `${lang}.json`), 'utf8')) as Record<string, string>)

t.test('every account type adds the account errors to the catalog under its own prefix', async (t) => {
  for (const kind of Object.values(ACCOUNT_TYPES)) {
    for (const name of NAMES) {
      const { code, def } = accountErrorCode(kind, name)
      t.equal(code, `${kind.errorPrefix}_${name}`)
      t.equal(def.error, `${kind.errorPrefix}.${name}`, `${code}: the public error string`)
      t.equal(def.status, name.startsWith('UNAUTHORIZED') ? 401 : 400, `${code}: the status`)
      t.equal(new AppError(accountErrorCode(kind, name)).statusCode, def.status)
      for (const catalog of locales) t.type(catalog[def.keys[0]], 'string', `${code}: ${def.keys[0]} has a message`)
    }
  }
})

t.test('an account error is thrown through accountErrorCode, never by name', async (t) => {
  // @ts-expect-error: a domain's code by name does not compile, so no throw site can skip the import that defines it
  t.throws(() => new AppError('USER_BAD_REQUEST_INVALID_LOGIN_CREDENTIALS'), /unknown error code/)
})

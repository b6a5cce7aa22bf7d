import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { federationError } from '../../../plugins/federation/errors.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { LOCALES_DIR } from '../../../paths.js'

const locales = ['en', 'es'].map((lang) => JSON.parse(readFileSync(join(LOCALES_DIR, `${lang}.json`), 'utf8')) as Record<string, string>)

t.test('every account type has the federation errors under its own prefix, with their statuses and messages', async (t) => {
  for (const kind of Object.values(ACCOUNT_TYPES)) {
    for (const [name, status] of [['BAD_REQUEST_LAST_SIGN_IN_METHOD', 400], ['IDENTITY_NOT_FOUND', 404], ['OAUTH_PROVIDER_NOT_FOUND', 404]] as const) {
      const err = federationError(kind, name)
      t.equal(err.code, `${kind.errorPrefix}_${name}`)
      t.equal(err.def.error, `${kind.errorPrefix}.${name}`, `${kind.type} ${name}: the public error string`)
      t.equal(err.statusCode, status)
      for (const catalog of locales) t.type(catalog[err.def.keys[0]], 'string', `${kind.type} ${name}: ${err.def.keys[0]} has a message`)
    }
  }
})

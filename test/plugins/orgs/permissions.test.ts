import t from 'tap'
import { grants, missing, notAllowedInKey, notAllowedInRole, LATCHKEY_PERMISSIONS } from '../../../plugins/orgs/permissions.js'
import { newApiKey } from '../../../plugins/orgs/roles.js'
import { randomBase32 } from '../../../random.js'
import { sha256 } from '../../helpers/tokens.js'

t.test('grants: exact permissions, and app:* for every app: permission only', async (t) => {
  t.ok(grants(['members:read'], 'members:read'))
  t.notOk(grants(['members:read'], 'members:invite'))
  t.ok(grants(['app:*'], 'app:crm:write'))
  t.notOk(grants(['app:*'], 'members:read'), 'app:* is not Latchkey\'s')
  t.notOk(grants(['app:crm:read'], 'app:crm:write'))
  t.equal(missing(['app:*', 'rooms:join'], ['app:x:y', 'rooms:join', 'org:update']), 'org:update')
  t.equal(missing(['org:update'], []), undefined)
})

t.test('what a custom role and a key may hold', async (t) => {
  t.equal(notAllowedInRole([...LATCHKEY_PERMISSIONS].filter((p) => p !== 'org:transfer')), undefined, 'Latchkey\'s own but transfer')
  t.equal(notAllowedInRole(['app:*', 'app:billing:read', 'app:crm.v2:write_all']), undefined)
  for (const bad of ['org:transfer', 'app:x', 'app:x:', 'members:*', '*', 'App:x:y', 'app:x:y:z:w ']) {
    t.equal(notAllowedInRole(['rooms:join', bad]), bad, bad)
  }
  t.equal(notAllowedInKey(['org:delete']), 'org:delete')
  t.equal(notAllowedInKey(['org:transfer']), 'org:transfer')
  t.equal(notAllowedInKey(['org:update', 'app:*']), undefined)
})

t.test('keys: lk_ and the base32 of 32 random bytes; the prefix is its first 8 characters', async (t) => {
  t.equal(randomBase32(5).length, 8, '40 bits, 8 characters')
  t.equal(randomBase32(32).length, 52, '256 bits, 52 characters')
  const seen = new Set<string>()
  for (let i = 0; i < 200; i++) {
    const { key, prefix, hash } = newApiKey()
    t.match(key, /^lk_[a-z2-7]{52}$/)
    t.equal(prefix, key.slice(0, 8))
    t.equal(hash, sha256(key))
    seen.add(key)
  }
  t.equal(seen.size, 200, 'no repeats')
  // Every character of the alphabet turns up in a long draw (no bias to a few symbols).
  t.equal(new Set(randomBase32(2000)).size, 32)
})

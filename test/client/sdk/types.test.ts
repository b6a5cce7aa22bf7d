import { readFileSync } from 'node:fs'
import t from 'tap'
import { SDK_TYPES_FILE, sdkTypes } from '../../../scripts/sdk-types.js'

t.test('the SDK types are generated from the committed openapi.json', async (t) => {
  const committed = readFileSync(SDK_TYPES_FILE, 'utf8')
  t.equal(committed, await sdkTypes(), 'client/sdk/openapi.d.ts is current: run npm run openapi')
  t.match(committed, /"\/v1\/users\/refresh": \{/, 'with the paths the SDK calls')
})

import { passkeyRegister } from '../../../plugins/passkeys/actions/passkeyregister.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default passkeyRegister(ACCOUNT_TYPES.admin)

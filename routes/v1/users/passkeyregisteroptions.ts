import { passkeyRegisterOptions } from '../../../plugins/passkeys/actions/passkeyregisteroptions.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default passkeyRegisterOptions(ACCOUNT_TYPES.user)

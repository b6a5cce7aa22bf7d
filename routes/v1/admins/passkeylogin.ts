import { passkeyLogin } from '../../../plugins/passkeys/actions/passkeylogin.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default passkeyLogin(ACCOUNT_TYPES.admin)

import { passkeyLoginOptions } from '../../../plugins/passkeys/actions/passkeyloginoptions.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default passkeyLoginOptions(ACCOUNT_TYPES.admin)

import { register } from '../../../plugins/accounts/actions/register.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default register(ACCOUNT_TYPES.user)

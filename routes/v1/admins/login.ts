import { login } from '../../../plugins/accounts/actions/login.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default login(ACCOUNT_TYPES.admin)

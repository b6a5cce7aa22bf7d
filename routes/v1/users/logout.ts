import { logout } from '../../../plugins/accounts/actions/logout.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default logout(ACCOUNT_TYPES.user)

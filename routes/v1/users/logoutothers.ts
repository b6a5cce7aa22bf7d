import { logoutothers } from '../../../plugins/accounts/actions/logoutothers.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default logoutothers(ACCOUNT_TYPES.user)

import { logoutall } from '../../../plugins/accounts/actions/logoutall.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default logoutall(ACCOUNT_TYPES.admin)

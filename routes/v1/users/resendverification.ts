import { resendverification } from '../../../plugins/accounts/actions/resendverification.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default resendverification(ACCOUNT_TYPES.user)

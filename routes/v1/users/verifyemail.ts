import { verifyemail } from '../../../plugins/accounts/actions/verifyemail.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default verifyemail(ACCOUNT_TYPES.user)

import { resetpassword } from '../../../plugins/accounts/actions/resetpassword.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default resetpassword(ACCOUNT_TYPES.admin)

import { changepassword } from '../../../plugins/accounts/actions/changepassword.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default changepassword(ACCOUNT_TYPES.user)

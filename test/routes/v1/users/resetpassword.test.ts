import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { resetPasswordSuite } from '../../../plugins/accounts/actions/resetpassword.js'

resetPasswordSuite(ACCOUNT_TYPES.user)

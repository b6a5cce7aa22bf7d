import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { changePasswordSuite } from '../../../plugins/accounts/actions/changepassword.js'

changePasswordSuite(ACCOUNT_TYPES.admin)

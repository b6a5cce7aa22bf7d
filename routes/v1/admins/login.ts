import { accountAction } from '../../../plugins/account-routes.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts.js'

export default accountAction(ACCOUNT_TYPES.admin, 'login')

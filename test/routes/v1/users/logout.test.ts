import { ACCOUNT_TYPES } from '../../../../plugins/accounts.js'
import { logoutSuite } from '../account-suites.js'

logoutSuite(ACCOUNT_TYPES.user)

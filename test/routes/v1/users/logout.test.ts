import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { logoutSuite } from '../account-suites.js'

logoutSuite(ACCOUNT_TYPES.user)

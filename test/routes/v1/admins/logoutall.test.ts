import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { logoutAllSuite } from '../account-suites.js'

logoutAllSuite(ACCOUNT_TYPES.admin)

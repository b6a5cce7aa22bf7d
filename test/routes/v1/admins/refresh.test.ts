import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { refreshSuite } from '../account-suites.js'

refreshSuite(ACCOUNT_TYPES.admin)

import { ACCOUNT_TYPES } from '../../../../plugins/accounts.js'
import { refreshSuite } from '../account-suites.js'

refreshSuite(ACCOUNT_TYPES.admin)

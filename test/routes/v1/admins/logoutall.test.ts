import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { logoutAllSuite } from '../../../plugins/accounts/actions/logoutall.js'

logoutAllSuite(ACCOUNT_TYPES.admin)

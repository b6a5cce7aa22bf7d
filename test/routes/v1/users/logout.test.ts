import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { logoutSuite } from '../../../plugins/accounts/actions/logout.js'

logoutSuite(ACCOUNT_TYPES.user)

import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { logoutothersSuite } from '../../../plugins/accounts/actions/logoutothers.js'

logoutothersSuite(ACCOUNT_TYPES.admin)

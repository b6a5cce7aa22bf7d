import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { refreshSuite } from '../../../plugins/accounts/actions/refresh.js'

refreshSuite(ACCOUNT_TYPES.admin)

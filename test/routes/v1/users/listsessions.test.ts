import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { listsessionsSuite } from '../../../plugins/accounts/actions/listsessions.js'

listsessionsSuite(ACCOUNT_TYPES.user)

import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { meSuite } from '../../../plugins/accounts/actions/me.js'

meSuite(ACCOUNT_TYPES.admin)

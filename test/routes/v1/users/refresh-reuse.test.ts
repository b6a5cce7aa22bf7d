import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { refreshReuseSuite } from '../../../plugins/accounts/actions/refresh-reuse.js'

refreshReuseSuite(ACCOUNT_TYPES.user)

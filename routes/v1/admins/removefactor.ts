import { removefactor } from '../../../plugins/factors/actions/removefactor.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default removefactor(ACCOUNT_TYPES.admin)

import { refresh } from '../../../plugins/accounts/actions/refresh.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default refresh(ACCOUNT_TYPES.admin)

import { listsessions } from '../../../plugins/accounts/actions/listsessions.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default listsessions(ACCOUNT_TYPES.user)

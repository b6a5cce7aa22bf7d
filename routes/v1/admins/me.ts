import { me } from '../../../plugins/accounts/actions/me.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default me(ACCOUNT_TYPES.admin)

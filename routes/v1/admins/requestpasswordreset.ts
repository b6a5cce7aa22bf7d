import { requestpasswordreset } from '../../../plugins/accounts/actions/requestpasswordreset.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default requestpasswordreset(ACCOUNT_TYPES.admin)

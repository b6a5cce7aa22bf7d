import { requestemailverification } from '../../../plugins/accounts/actions/requestemailverification.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default requestemailverification(ACCOUNT_TYPES.user)

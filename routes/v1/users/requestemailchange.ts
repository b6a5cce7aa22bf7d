import { requestemailchange } from '../../../plugins/accounts/actions/requestemailchange.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default requestemailchange(ACCOUNT_TYPES.user)

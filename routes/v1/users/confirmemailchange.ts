import { confirmemailchange } from '../../../plugins/accounts/actions/confirmemailchange.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default confirmemailchange(ACCOUNT_TYPES.user)

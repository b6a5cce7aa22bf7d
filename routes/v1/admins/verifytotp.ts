import { verifytotp } from '../../../plugins/factors/actions/verifytotp.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default verifytotp(ACCOUNT_TYPES.admin)

import { enrolltotp } from '../../../plugins/factors/actions/enrolltotp.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default enrolltotp(ACCOUNT_TYPES.user)

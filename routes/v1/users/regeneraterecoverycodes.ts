import { regeneraterecoverycodes } from '../../../plugins/factors/actions/regeneraterecoverycodes.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default regeneraterecoverycodes(ACCOUNT_TYPES.user)

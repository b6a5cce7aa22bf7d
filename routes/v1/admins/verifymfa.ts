import { verifymfa } from '../../../plugins/factors/actions/verifymfa.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default verifymfa(ACCOUNT_TYPES.admin)

import { listfactors } from '../../../plugins/factors/actions/listfactors.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default listfactors(ACCOUNT_TYPES.user)

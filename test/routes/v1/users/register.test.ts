import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { registerSuite } from '../../../plugins/accounts/actions/register.js'

registerSuite(ACCOUNT_TYPES.user)

import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { registerSuite } from '../account-suites.js'

registerSuite(ACCOUNT_TYPES.user)

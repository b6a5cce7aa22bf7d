import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { loginSuite } from '../account-suites.js'

loginSuite(ACCOUNT_TYPES.user)

import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { loginSuite } from '../../../plugins/accounts/actions/login.js'

loginSuite(ACCOUNT_TYPES.user)

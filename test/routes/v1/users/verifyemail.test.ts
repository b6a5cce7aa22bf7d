import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { verifyEmailSuite } from '../../../plugins/accounts/actions/verifyemail.js'

verifyEmailSuite(ACCOUNT_TYPES.user)

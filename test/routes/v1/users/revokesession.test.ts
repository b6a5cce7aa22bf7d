import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { revokesessionSuite } from '../../../plugins/accounts/actions/revokesession.js'

revokesessionSuite(ACCOUNT_TYPES.user)

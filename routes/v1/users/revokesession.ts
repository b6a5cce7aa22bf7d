import { revokesession } from '../../../plugins/accounts/actions/revokesession.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'

export default revokesession(ACCOUNT_TYPES.user)

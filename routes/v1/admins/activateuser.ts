import { userAction } from '../../../plugins/admin/actions/user-action.js'

export default userAction('activate')

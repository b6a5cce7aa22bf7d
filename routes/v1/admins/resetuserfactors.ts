import { resetuserfactors } from '../../../plugins/factors/actions/resetuserfactors.js'

export default resetuserfactors

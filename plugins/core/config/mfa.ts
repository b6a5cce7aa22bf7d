import { defineConcern } from './concern.js'
import { Bool } from './forms.js'

export interface MfaConfig {
  /** Whether admin routes refuse an access token without a second factor (aal1), but those that enrol one. */
  adminMfaRequired: boolean
}

/** Second factors: what an admin must have signed in with. */
export const mfa = defineConcern({
  env: { ADMIN_MFA_REQUIRED: Bool },
  defaults: { ADMIN_MFA_REQUIRED: 'false' },
  read: (env): MfaConfig => ({ adminMfaRequired: env.ADMIN_MFA_REQUIRED === 'true' })
})

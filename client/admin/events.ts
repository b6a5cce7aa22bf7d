/**
 * The audit log's event names (the service's AUDIT_EVENTS, schemas/admin.ts; a test keeps the
 * two lists equal), for the audit log's filter.
 */
export const AUDIT_EVENTS = [
  'login.succeeded', 'login.failed', 'register', 'refresh.reuse_detected', 'refresh.reuse_allowed', 'logout', 'logoutall',
  'session.revoked', 'sessions.revoked_others', 'email.verification_sent', 'email.verified', 'password.reset_requested',
  'password.reset', 'password.changed', 'admin.user_deactivated', 'admin.user_activated', 'admin.user_deleted',
  'admin.user_restored', 'admin.user_signed_out', 'admin.user_email_confirmed', 'mfa.enrolled', 'mfa.challenge_failed',
  'mfa.verified', 'mfa.recovery_code_used', 'mfa.factor_removed', 'mfa.recovery_codes_regenerated', 'passkey.registered',
  'passkey.login', 'passkey.clone_suspected', 'admin.user_factors_reset',
  'oauth.signed_in', 'oauth.identity_linked', 'oauth.identity_unlinked', 'oauth.failed', 'signin_link.requested', 'signin_link.used',
  'login.locked', 'email.change_requested', 'email.changed', 'account.claimed', 'mfa.locked'
] as const

/** The chart's three series: sign-ins, failed sign-ins and refresh token reuse detections. */
export const CHART_SERIES = ['login.succeeded', 'login.failed', 'refresh.reuse_detected'] as const

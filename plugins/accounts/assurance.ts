/** An authentication method of RFC 8176 as access tokens name it in `amr`. */
export type Amr = 'pwd' | 'otp' | 'recovery' | 'webauthn' | 'oauth' | 'link'

/**
 * How strongly a session's holder was authenticated (`aal1`: one factor, `aal2`: two, or a
 * passkey that verified its user) and by which methods. A session keeps the assurance it was
 * opened with through every refresh (the `aal` and `amr` columns) and its access tokens carry it.
 */
export interface Assurance {
  aal: 'aal1' | 'aal2'
  amr: Amr[]
}

/** A password sign-in, and a registration. */
export const PASSWORD: Assurance = Object.freeze({ aal: 'aal1', amr: Object.freeze(['pwd']) as Amr[] })

/** The assurance stored on a session row. */
export function assuranceOf (row: { aal: string, amr: string[] }): Assurance {
  return { aal: row.aal as Assurance['aal'], amr: row.amr as Amr[] }
}

/** The assurance an access token states; one signed before tokens carried it is a password's. */
export function claimedAssurance (claims: { aal?: unknown, amr?: unknown }): Assurance {
  return {
    aal: claims.aal === 'aal2' ? 'aal2' : 'aal1',
    amr: Array.isArray(claims.amr) ? claims.amr as Amr[] : PASSWORD.amr
  }
}

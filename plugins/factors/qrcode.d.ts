// qrcode ships no types; this is the part of its API the enrolment uses.
declare module 'qrcode' {
  export function toString (text: string, options: { type: 'svg', errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H', margin?: number }): Promise<string>
}

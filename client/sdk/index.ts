/** The Latchkey browser SDK (decisions section 19); filled in by the next commits. */
export const SDK_VERSION = '0.1.0'

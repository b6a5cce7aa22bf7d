/**
 * What both pages share: htm bound to Preact, the signed-in account, the busy/error state of an
 * action, sign-outs of their own.
 */
import { h } from 'preact'
import { useCallback, useEffect, useRef, useState } from 'preact/hooks'
import htm from 'htm'
import type { AuthState } from '../sdk/index.js'

export const html = htm.bind(h)

/** True while this page signs itself out: the sign-out that follows is not an ended session. */
export let leaving = false
export async function leave (signOut: () => Promise<unknown>): Promise<void> {
  leaving = true
  try { await signOut() } finally { leaving = false }
}

/**
 * The account the SDK reports (undefined until the page knows, null signed out) and whether the
 * session ended from elsewhere (revoked, expired, signed out in another tab) rather than by this
 * page's own sign-out. `setAccount` is for the page's start (restoring a session).
 */
export function useAccount<A> (client: { onAuthChange: (listener: (state: AuthState) => void) => () => void }) {
  const [account, setAccount] = useState<A | null | undefined>(undefined)
  const [ended, setEnded] = useState(false)
  const signedIn = useRef(false)
  useEffect(() => client.onAuthChange((state: AuthState) => {
    const now = state.user as A | null
    setAccount(now)
    if (!now && signedIn.current && !leaving) setEnded(true)
    if (now) setEnded(false)
    signedIn.current = !!now
  }), [])
  return { account, setAccount, ended }
}

export const errorText = (err: unknown): string => {
  const e = err as { message?: string, code?: string, error?: string }
  return e?.message ?? e?.code ?? e?.error ?? String(err)
}

/** Runs `action`, showing its error under the form; `busy` disables the form's button meanwhile. */
export function useAction () {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const run = useCallback(async (action: () => Promise<unknown>) => {
    setBusy(true)
    setError(null)
    try { await action() } catch (err) { setError(errorText(err)) } finally { setBusy(false) }
  }, [])
  return { busy, error, run }
}

export const ErrorLine = ({ error }: { error: string | null }) => error ? html`<p class="error" role="alert">${error}</p>` : null

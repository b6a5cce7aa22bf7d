/** What both pages share: htm bound to Preact, the busy/error state of an action, sign-outs of their own. */
import { h } from 'preact'
import { useCallback, useState } from 'preact/hooks'
import htm from 'htm'

export const html = htm.bind(h)

/** True while this page signs itself out: the sign-out that follows is not an ended session. */
export let leaving = false
export async function leave (signOut: () => Promise<unknown>): Promise<void> {
  leaving = true
  try { await signOut() } finally { leaving = false }
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

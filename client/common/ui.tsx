/**
 * What both pages share (TSX, Preact's JSX runtime): the signed-in account, the busy/error state
 * of an action, sign-outs of their own, a confirmation.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks'
import type { AuthState } from '../sdk/index.js'

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
  // A new attempt to sign in answers the notice: it is not left up through the next session.
  const dismiss = useCallback(() => setEnded(false), [])
  return { account, setAccount, ended, dismiss }
}

export const errorText = (err: unknown): string => {
  const e = err as { message?: string, code?: string, error?: string }
  return e?.message ?? e?.code ?? e?.error ?? String(err)
}

/** A refusal's messages by the name of the field they are about (a 400's `fields`); empty for any other error. */
const fieldsOf = (err: unknown): Record<string, string> =>
  Object.fromEntries(((err as { fields?: Array<{ name: string, message: string }> })?.fields ?? []).map((f) => [f.name, f.message]))

/**
 * Runs `action`, showing its error under the form and, for a refusal that names fields, each
 * field's message (`fields`, by name) beside it; `busy` disables the form's button meanwhile.
 */
export function useAction () {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fields, setFields] = useState<Record<string, string>>({})
  const run = useCallback(async (action: () => Promise<unknown>) => {
    setBusy(true)
    setError(null)
    setFields({})
    try { await action() } catch (err) { setError(errorText(err)); setFields(fieldsOf(err)) } finally { setBusy(false) }
  }, [])
  return { busy, error, fields, run }
}

export const ErrorLine = ({ error }: { error: string | null }) => error ? <p class="error" role="alert">{error}</p> : null

/** What a confirmation asks: its question, what follows, and its two buttons' words. */
export interface Confirmation { title: string, body?: string, confirm: string, cancel: string }

/**
 * A confirmation before a destructive action: `ask(...)` opens a modal <dialog> (Cancel focused,
 * Escape cancels, the page behind inert) and resolves true only on the confirming button; render
 * `dialog` somewhere in the view.
 */
export function useConfirm () {
  const [asked, setAsked] = useState<(Confirmation & { resolve: (ok: boolean) => void }) | null>(null)
  const ask = useCallback((c: Confirmation) => new Promise<boolean>((resolve) => setAsked({ ...c, resolve })), [])
  const dialog = asked
    ? <ConfirmDialog {...asked} done={(ok: boolean) => { setAsked(null); asked.resolve(ok) }} />
    : null
  return { ask, dialog }
}

function ConfirmDialog ({ title, body, confirm, cancel, done }: Confirmation & { done: (ok: boolean) => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const cancelButton = useRef<HTMLButtonElement>(null)
  const settled = useRef(false)
  const finish = (ok: boolean) => {
    if (settled.current) return
    settled.current = true
    done(ok)
  }
  useEffect(() => {
    dialog.current?.showModal()
    // The safe answer is the default one: Enter or Space right away cancels.
    cancelButton.current?.focus()
    return () => { if (dialog.current?.open) dialog.current.close() }
  }, [])
  return (
    <dialog ref={dialog} class="confirm" aria-labelledby="confirm-title" aria-describedby={body ? 'confirm-body' : undefined}
      onClose={() => finish(false)}>
      <h2 id="confirm-title">{title}</h2>
      {body ? <p id="confirm-body">{body}</p> : null}
      <div class="row">
        <button type="button" class="secondary" ref={cancelButton} onClick={() => finish(false)}>{cancel}</button>
        <button type="button" class="danger" onClick={() => finish(true)}>{confirm}</button>
      </div>
    </dialog>
  )
}

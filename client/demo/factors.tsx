/**
 * The account's authenticator app (TOTP): set it up (QR code and key), turn it on with a first
 * code, then its recovery codes, shown this once.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks'
import { ErrorLine, useAction } from '../common/ui.js'
import { call, field, type Factor, type T } from './context.js'

type Enrolment = { factorId: string, secret: string, qrSvg: string }

/**
 * The QR code as an image from a data: URL (the pages' CSP allows data: images): the service's
 * SVG is never parsed into the page, so nothing in it can run or restyle the page.
 */
const qrSrc = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`

export function Authenticator ({ t }: { t: T }) {
  const { busy, error, run } = useAction()
  const [totp, setTotp] = useState<Factor | null | undefined>(undefined)
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)
  // Each step's first words take the focus: the button that led there is gone.
  const lead = useRef<HTMLElement | null>(null)
  // A callback ref: one ref for the heading or the paragraph, whichever element leads.
  const leads = useCallback((element: HTMLElement | null) => { lead.current = element }, [])
  useEffect(() => { lead.current?.focus() }, [!!enrolment, !!codes])

  const load = async () => {
    const { factors } = await call('listfactors')
    setTotp(factors.find((f) => f.type === 'totp' && f.status === 'verified') ?? null)
  }
  useEffect(() => { run(load) }, [])
  const start = () => run(async () => {
    const { factor, secret, qrSvg } = await call('enrolltotp')
    setEnrolment({ factorId: factor.id, secret, qrSvg })
  })
  const verify = (e: Event) => {
    e.preventDefault()
    const code = String(new FormData(e.target as HTMLFormElement).get('code') ?? '').trim()
    run(async () => {
      const { recoveryCodes } = await call('verifytotp', { factorId: enrolment!.factorId, code })
      setEnrolment(null)
      setCodes(recoveryCodes)
      await load()
    })
  }

  const body = codes
    ? (
      <>
        <p role="status" class="ok">{t('totpEnabled')}</p>
        <h3 tabindex={-1} ref={leads}>{t('recoveryCodes')}</h3>
        <p>{t('recoveryCodesNote')}</p>
        <ul class="codes" aria-label={t('recoveryCodes')}>{codes.map((c) => <li key={c}><code>{c}</code></li>)}</ul>
        <button type="button" onClick={() => setCodes(null)}>{t('savedCodes')}</button>
      </>
      )
    : enrolment
      ? (
        <>
          <p tabindex={-1} ref={leads}>{t('scanQr')}</p>
          <img class="qr" src={qrSrc(enrolment.qrSvg)} alt={t('qrAlt')} width="200" height="200" />
          <p>{t('secretKey')}: <code class="secret" data-testid="totp-secret">{enrolment.secret}</code></p>
          <form onSubmit={verify}>
            {field('totp-code', t('totpCode'), { name: 'code', inputmode: 'numeric', autocomplete: 'one-time-code', pattern: '[0-9]{6}', required: true })}
            <div class="row">
              <button type="submit" disabled={busy}>{t('turnOn')}</button>
              <button type="button" class="secondary" onClick={() => setEnrolment(null)}>{t('cancel')}</button>
            </div>
          </form>
        </>
        )
      : totp
        ? <p>{t('totpOn', { name: totp.name })}</p>
        : totp === null
          ? <><p>{t('totpOff')}</p><button type="button" disabled={busy} onClick={start}>{t('enrolTotp')}</button></>
          : null
  return (
    <section aria-labelledby="totp-title">
      <h2 id="totp-title">{t('authenticatorApp')}</h2>
      {body}
      <ErrorLine error={error} />
    </section>
  )
}

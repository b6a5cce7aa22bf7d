/** The signed-in admin's own account: its second factors and passkeys, and a passkey to add from this device. */
import { useEffect, useState } from 'preact/hooks'
import { ErrorLine, useAction } from '../common/ui.js'
import { formatTime } from '../common/i18n.js'
import { api, client, currentLocale, type Factor, type T } from './context.js'

export function MyAccount ({ t, email }: { t: T, email: string }) {
  const { busy, error, run } = useAction()
  const [factors, setFactors] = useState<Factor[] | null>(null)
  const [added, setAdded] = useState<string | null>(null)
  const load = async () => setFactors((await api('listfactors')).factors)
  useEffect(() => { run(load) }, [])
  const addPasskey = (e: Event) => {
    e.preventDefault()
    const name = String(new FormData(e.target as HTMLFormElement).get('name') ?? '').trim() || 'Passkey'
    run(async () => {
      await client.passkeyRegister({ name })
      setAdded(name)
      await load()
    })
  }
  return (
    <section aria-labelledby="account-title">
      <h2 tabindex={-1} id="account-title">{t('myAccount')}</h2>
      <p>{email}</p>
      <h3>{t('myFactors')}</h3>
      {factors && (factors.length === 0
        ? <p>{t('noFactors')}</p>
        : (
          <ul class="list" aria-label={t('myFactors')}>
            {factors.map((f) => (
              <li key={f.id}>
                <strong>{f.name ?? f.type}</strong> · {f.type} · {f.status} · {formatTime(currentLocale, f.createdAt)}
              </li>
            ))}
          </ul>
          ))}
      <form onSubmit={addPasskey}>
        <label for="passkey-name">{t('passkeyName')}</label>
        <input id="passkey-name" name="name" maxlength={64} placeholder="Laptop" />
        <button type="submit" disabled={busy}>{t('addPasskey')}</button>
        {added ? <p role="status" class="ok">{t('passkeyAdded', { name: added })}</p> : null}
      </form>
      <ErrorLine error={error} />
    </section>
  )
}

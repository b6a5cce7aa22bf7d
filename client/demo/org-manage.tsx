/**
 * One organization of mine, as far as my role allows: its members, an invitation by email, and
 * an API key, shown once, that a "try" button sends as `Authorization: api-key ...` itself.
 */
import { useEffect, useState } from 'preact/hooks'
import type { ApiKey, Member, Organization } from '../sdk/index.js'
import { ErrorLine, errorText, useAction } from '../common/ui.js'
import { client, field, type T } from './context.js'

/** What a key made here may do: read the members (every built-in role holds it). */
const KEY_PERMISSIONS = ['members:read']

type Called = { status: number, body: Record<string, any> }

/** An org route called as a machine would: the key, no cookie, no user token. */
async function withKey (key: string, organizationId: string): Promise<Called> {
  const res = await fetch(`${client.baseUrl}/v1/orgs/listmembers`, {
    method: 'POST',
    credentials: 'omit',
    headers: { authorization: `api-key ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ organizationId })
  })
  return { status: res.status, body: await res.json().catch(() => ({})) }
}

function ApiKeys ({ t, org }: { t: T, org: Organization }) {
  const { busy, error, run } = useAction()
  const organizationId = org.id
  const [keys, setKeys] = useState<ApiKey[]>([])
  const [created, setCreated] = useState<string | null>(null)
  const [tried, setTried] = useState<string | null>(null)
  const load = async () => setKeys(await client.orgs.listApiKeys({ organizationId }))
  useEffect(() => { run(load) }, [])
  const create = (e: Event) => {
    e.preventDefault()
    const form = e.target as HTMLFormElement
    const name = String(new FormData(form).get('name')).trim()
    run(async () => {
      const { key } = await client.orgs.createApiKey({ organizationId, name, permissions: KEY_PERMISSIONS })
      setCreated(key)
      setTried(null)
      form.reset()
      await load()
    })
  }
  const attempt = (key: string) => run(async () => {
    const { status, body } = await withKey(key, organizationId).catch((err): Called => ({ status: 0, body: { message: errorText(err) } }))
    const members = body.members as Member[] | undefined
    setTried(members
      ? t('keyAnswered', { status, result: t('memberCount', { count: members.length, emails: members.map((m) => m.email).join(', ') }) })
      : t('keyAnswered', { status, result: String(body.error ?? body.message ?? '') }))
  })
  return (
    <>
      <h3>{t('apiKeys')}</h3>
      <ul class="list" aria-label={t('apiKeys')}>
        {keys.map((k) => <li key={k.id} class="apikey"><strong>{k.name}</strong> <code>{k.prefix}…</code>{k.revokedAt ? <small> ({t('revoked')})</small> : null}</li>)}
      </ul>
      <form onSubmit={create}>
        {field('apikey-name', t('keyName'), { name: 'name', required: true, maxlength: 100, placeholder: 'ci' })}
        <small>{t('keyPermissions', { permissions: KEY_PERMISSIONS.join(', ') })}</small>
        <button type="submit" disabled={busy}>{t('createKey')}</button>
      </form>
      {created
        ? <div class="created-key">
            <p>{t('keyOnce')}</p>
            <code class="secret">{created}</code>
            <div class="row"><button type="button" disabled={busy} onClick={() => attempt(created)}>{t('tryKey')}</button></div>
          </div>
        : null}
      {tried ? <p role="status" class="key-result">{tried}</p> : null}
      <ErrorLine error={error} />
    </>
  )
}

export function ManageOrg ({ t, org }: { t: T, org: Organization }) {
  const { busy, error, run } = useAction()
  const organizationId = org.id
  const can = (permission: string) => org.permissions.includes(permission)
  const [members, setMembers] = useState<Member[]>([])
  const [invited, setInvited] = useState<string | null>(null)
  const load = async () => { if (can('members:read')) setMembers(await client.orgs.listMembers({ organizationId })) }
  useEffect(() => { run(load) }, [])
  const invite = (e: Event) => {
    e.preventDefault()
    const form = e.target as HTMLFormElement
    const data = new FormData(form)
    const email = String(data.get('email')).trim()
    run(async () => {
      await client.orgs.invite({ organizationId, email, role: String(data.get('role')) })
      setInvited(email)
      form.reset()
    })
  }
  return (
    <div class="manage" role="region" aria-labelledby="manage-title">
      <h3 id="manage-title">{t('manageOrg', { name: org.name })}</h3>
      <ul class="list" aria-label={t('members')}>
        {members.map((m) => <li key={m.userId} class="member"><span>{m.email}</span> <small>{m.role}</small></li>)}
      </ul>
      {can('members:invite')
        ? <form onSubmit={invite}>
            {field('invite-email', t('inviteEmail'), { name: 'email', type: 'email', required: true })}
            <label for="invite-role">{t('inviteRole')}</label>
            <select id="invite-role" name="role">
              <option value="member">member</option>
              <option value="admin">admin</option>
            </select>
            <button type="submit" disabled={busy}>{t('invite')}</button>
            {invited ? <p role="status">{t('invited', { email: invited })}</p> : null}
          </form>
        : null}
      <ErrorLine error={error} />
      {can('apikeys:manage') ? <ApiKeys t={t} org={org} /> : null}
    </div>
  )
}

/**
 * Organizations: create one, mine with my role, act for one (switchOrg: the access token's org
 * claim), accept an invitation opened from its mailed link, and manage one (org-manage.tsx).
 */
import { useEffect, useState } from 'preact/hooks'
import type { OrgClaim, Organization } from '../sdk/index.js'
import { ErrorLine, useAction } from '../common/ui.js'
import { client, field, type T } from './context.js'
import { ManageOrg } from './org-manage.js'

/** The API's slug rule as a pattern attribute: the browser anchors it and compiles it with the v flag, where a bare `-` in a class is an error. */
const SLUG_PATTERN = '[a-z0-9\\-]{3,48}'

/** The invitation of the mailed link (its token): accepted by the signed-in user, the invited address. */
function Invitation ({ t, token, joined }: { t: T, token: string, joined: () => Promise<void> }) {
  const { busy, error, run } = useAction()
  const [org, setOrg] = useState<Organization | null>(null)
  const accept = () => run(async () => {
    setOrg(await client.orgs.acceptInvitation({ token }))
    await joined()
  })
  return (
    <div class="invitation">
      <h3>{t('invitation')}</h3>
      {org
        ? <p role="status">{t('joined', { name: org.name, role: org.role ?? '' })}</p>
        : <><p>{t('invitationBody')}</p><button type="button" disabled={busy} onClick={accept}>{t('acceptInvitation')}</button></>}
      <ErrorLine error={error} />
    </div>
  )
}

/** Whom the session acts for, by the access token's org claim. */
const Acting = ({ t, org }: { t: T, org: OrgClaim | null }) => (
  <p role="status" class="acting">
    {org ? t('actingFor', { slug: org.slug, role: org.role }) : t('actingForNone')}
    {org ? <><br /><small>{t('claimPermissions', { permissions: org.permissions.join(', ') })}</small></> : null}
  </p>
)

export function Organizations ({ t, invitation }: { t: T, invitation: string | null }) {
  const { busy, error, run } = useAction()
  const [orgs, setOrgs] = useState<Organization[]>([])
  const [current, setCurrent] = useState<OrgClaim | null>(client.org)
  const [managed, setManaged] = useState<string | null>(null)
  const load = async () => setOrgs(await client.orgs.list())
  useEffect(() => { run(load) }, [])
  // A switch here or in another tab, or a refresh that dropped the organization.
  useEffect(() => client.onAuthChange((state) => setCurrent(state.org)), [])

  const create = (e: Event) => {
    e.preventDefault()
    const form = e.target as HTMLFormElement
    const data = new FormData(form)
    run(async () => {
      const org = await client.orgs.create({ name: String(data.get('name')).trim(), slug: String(data.get('slug')).trim() })
      form.reset()
      await load()
      setManaged(org.id)
    })
  }
  const toggle = (org: Organization) => run(async () => {
    setCurrent(await client.switchOrg(current?.id === org.id ? null : org.id))
  })
  const chosen = orgs.find((o) => o.id === managed)
  return (
    <section aria-labelledby="orgs-title">
      <h2 id="orgs-title">{t('organizations')}</h2>
      {invitation ? <Invitation t={t} token={invitation} joined={load} /> : null}
      <Acting t={t} org={current} />
      <ul class="list" aria-label={t('myOrganizations')}>
        {orgs.length === 0 ? <li class="muted">{t('noOrganizations')}</li> : null}
        {orgs.map((o) => (
          <li key={o.id} class="org" data-slug={o.slug}>
            <span>
              <strong>{o.name}</strong> <small>{o.slug}</small>
              <br /><span class="role">{t('myRole', { role: o.role ?? '' })}</span>
              {current?.id === o.id ? <> <em>({t('actingNow')})</em></> : null}
            </span>
            <span class="row">
              <button type="button" class="secondary" disabled={busy} aria-label={`${t('manage')}: ${o.name}`} onClick={() => setManaged(o.id)}>{t('manage')}</button>
              <button type="button" disabled={busy} aria-label={`${current?.id === o.id ? t('stopActing') : t('actFor')}: ${o.name}`} onClick={() => toggle(o)}>
                {current?.id === o.id ? t('stopActing') : t('actFor')}
              </button>
            </span>
          </li>
        ))}
      </ul>
      <h3>{t('createOrganization')}</h3>
      <form onSubmit={create}>
        {field('org-name', t('orgName'), { name: 'name', required: true, maxlength: 100 })}
        {field('org-slug', t('orgSlug'), { name: 'slug', required: true, pattern: SLUG_PATTERN, title: t('slugRule') })}
        <button type="submit" disabled={busy}>{t('create')}</button>
      </form>
      <ErrorLine error={error} />
      {chosen ? <ManageOrg key={chosen.id} t={t} org={chosen} /> : null}
    </section>
  )
}

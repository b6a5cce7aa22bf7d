/**
 * The profile form the demo (the account's own, updateprofile) and the console (a user's,
 * updateuser) share: the profile's fields, its metadata as JSON checked as the service checks it,
 * and the changes a submission sends: only the fields edited, since every field sent counts as
 * set by hand (the service never fills it from a provider's claims again) and is audited.
 */
import { Fragment } from 'preact'
import { useState } from 'preact/hooks'
import { LatchkeyError, type Args, type User } from '../sdk/index.js'
import { ErrorLine, useAction } from './ui.js'
import type { PROFILE_MESSAGES } from './profile-messages.js'

/** The page's translator, for the form's words (each page merges PROFILE_MESSAGES into its own). */
type Words = (key: keyof typeof PROFILE_MESSAGES.en) => string

/** The text fields in the form's order: their label's key and their input's limits (the service's, schemas/accounts.ts). */
const TEXT_FIELDS = [
  ['name', 'profileName', { maxlength: 100 }],
  ['givenName', 'profileGivenName', { maxlength: 60 }],
  ['familyName', 'profileFamilyName', { maxlength: 60 }],
  ['picture', 'profilePicture', { maxlength: 500, type: 'url', placeholder: 'https://' }],
  ['locale', 'profileLocale', { maxlength: 35, placeholder: 'en-GB' }],
  ['zoneinfo', 'profileZoneinfo', { maxlength: 64, placeholder: 'Europe/Paris' }]
] as const
type TextField = typeof TEXT_FIELDS[number][0]
type MetadataField = 'userMetadata' | 'appMetadata'

/** What the form shows: a user's or admin's account (the console's users have appMetadata too). */
type Profile = Pick<User, TextField | 'userMetadata' | 'updatedAt'> & { appMetadata?: Record<string, unknown> }
/** What a submission sends: updateuser's arguments but the user (updateprofile's are the same, without appMetadata). */
type Changes = Omit<Args<'/v1/admins/updateuser'>, 'userId'>

/** The service's limits of a metadata object (plugins/accounts/profile.ts): its JSON in UTF-8 bytes, and its levels of nesting. */
const METADATA_MAX_BYTES = 4096
const METADATA_MAX_DEPTH = 5

/** Levels of objects and arrays, the outermost one counted: `{}` is 1, `{"a":[1]}` is 2. */
const depthOf = (node: unknown): number =>
  node !== null && typeof node === 'object' ? 1 + Math.max(0, ...Object.values(node).map(depthOf)) : 0

/** A textarea's JSON as the service would take it as metadata, or why it would not (the key of the words saying so). */
function parseMetadata (text: string): { value: Record<string, unknown> } | { problem: 'invalidJson' | 'notAnObject' | 'metadataTooLarge' | 'metadataTooDeep' } {
  let value: unknown
  try { value = JSON.parse(text) } catch { return { problem: 'invalidJson' } }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { problem: 'notAnObject' }
  if (new TextEncoder().encode(JSON.stringify(value)).length > METADATA_MAX_BYTES) return { problem: 'metadataTooLarge' }
  if (depthOf(value) > METADATA_MAX_DEPTH) return { problem: 'metadataTooDeep' }
  return { value: value as Record<string, unknown> }
}

const jsonText = (value: Record<string, unknown> | undefined) => JSON.stringify(value ?? {}, null, 2)

/**
 * The fields of `form` that differ from `account` ('' clears one). Metadata that the service
 * would refuse is refused here, before anything is sent, as the service refuses (a
 * LatchkeyError naming each field); so is a form with no change.
 */
function changesOf (form: HTMLFormElement, account: Profile, metadata: MetadataField[], t: Words): Changes {
  const data = new FormData(form)
  const changes: Changes = {}
  for (const [name] of TEXT_FIELDS) {
    const value = String(data.get(name) ?? '')
    if (value !== (account[name] ?? '')) changes[name] = value
  }
  const refused: Array<{ name: string, message: string }> = []
  for (const name of metadata) {
    const text = String(data.get(name) ?? '')
    if (text === jsonText(account[name])) continue
    const parsed = parseMetadata(text)
    if ('problem' in parsed) refused.push({ name, message: t(parsed.problem) })
    else changes[name] = parsed.value
  }
  if (refused.length) throw new LatchkeyError('BAD_REQUEST_INVALID_ARGUMENTS', 400, t('profileRefused'), refused)
  if (Object.keys(changes).length === 0) throw new LatchkeyError('BAD_REQUEST_INVALID_ARGUMENTS', 400, t('profileUnchanged'))
  return changes
}

/**
 * The profile of `account` as a form (its picture shown), with a textarea per `metadata` object;
 * Save sends the changes to `save`, and the service's refusals (or the form's own) are said
 * beside their fields. `id` prefixes the elements' ids.
 */
export function ProfileForm ({ t, id, account, metadata, save }: {
  t: Words
  id: string
  account: Profile
  metadata: MetadataField[]
  save: (changes: Changes) => Promise<unknown>
}) {
  const { busy, error, fields, run } = useAction()
  const [saved, setSaved] = useState(false)
  const submit = (e: Event) => {
    e.preventDefault()
    const form = e.target as HTMLFormElement
    run(async () => {
      setSaved(false)
      await save(changesOf(form, account, metadata, t))
      setSaved(true)
    })
  }
  // A field the refusal names is marked invalid and described by its message.
  const described = (name: string) => fields[name] ? { 'aria-invalid': 'true' as const, 'aria-describedby': `${id}-${name}-error` } : {}
  const fieldError = (name: string) => fields[name] ? <small id={`${id}-${name}-error`} class="error">{fields[name]}</small> : null
  return (
    <>
      {/* Keyed by the account's version: a save shows the values as the service stored them (en-gb as en-GB). */}
      <form key={account.updatedAt} onSubmit={submit} aria-label={t('profile')}>
        {account.picture ? <img class="avatar" src={account.picture} alt={t('profilePictureAlt')} width={64} height={64} referrerpolicy="no-referrer" /> : null}
        {TEXT_FIELDS.map(([name, label, props]) => (
          <Fragment key={name}>
            <label for={`${id}-${name}`}>{t(label)}</label>
            <input id={`${id}-${name}`} name={name} defaultValue={account[name] ?? ''} autocomplete="off" {...props} {...described(name)} />
            {fieldError(name)}
          </Fragment>
        ))}
        {metadata.map((name) => (
          <Fragment key={name}>
            <label for={`${id}-${name}`}>{t(name)}</label>
            <textarea id={`${id}-${name}`} name={name} class="json" rows={4} spellcheck={false} defaultValue={jsonText(account[name])} {...described(name)} />
            {fieldError(name)}
          </Fragment>
        ))}
        <small>{t('metadataHelp')}</small>
        <button type="submit" disabled={busy}>{t('saveProfile')}</button>
      </form>
      {saved ? <p role="status" class="ok">{t('profileSaved')}</p> : null}
      <ErrorLine error={error} />
    </>
  )
}

import type { preValidationHookHandler } from 'fastify'
import type { AccountType } from './registry.js'
import { tablesOf, OWNER_FIELDS, type Owner } from './repository/shared.js'
import { statement, type Queryable } from '../core/db.js'
import { AppError } from '../core/errors.js'
import { isPlainObject } from '../core/objects.js'
import { auditInsert, type AuditContext } from '../audit/index.js'
import { uuidv7 } from '../../random.js'
import type { ProfileChanges } from '../../schemas/accounts.js'

/** The profile's fields as requests name them, and their columns. */
const PROFILE_COLUMNS = {
  name: 'name', givenName: 'given_name', familyName: 'family_name', picture: 'picture', locale: 'locale', zoneinfo: 'zoneinfo'
} as const
type ProfileField = keyof typeof PROFILE_COLUMNS
const PROFILE_FIELDS = Object.keys(PROFILE_COLUMNS) as ProfileField[]
const METADATA_COLUMNS = { userMetadata: 'user_metadata', appMetadata: 'app_metadata' } as const
type MetadataField = keyof typeof METADATA_COLUMNS

/** Metadata limits (docs/api.md#profiles-and-metadata): its JSON text in UTF-8 bytes, and the levels of nesting. */
const METADATA_MAX_BYTES = 4096
const METADATA_MAX_DEPTH = 5
const LIMITS: Record<ProfileField, number> = { name: 100, givenName: 60, familyName: 60, picture: 500, locale: 35, zoneinfo: 64 }
// NUL and the other control characters (C0 and DEL): refused in every profile field.
const CONTROL = /[\u0000-\u001f\u007f]/ // eslint-disable-line no-control-regex
const languages = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' })
const ZONES = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])

/** A checked change of the profile: the columns' new values (null clears) and the names of the fields it writes. */
export interface CheckedProfile {
  /** Column name to value: text, or a JSON object for the metadata. */
  values: Record<string, unknown>
  /** Every field written, as requests name them (the audit event's `fields`). */
  fields: string[]
}

type Failure = { name: string, key: string }

/** A BCP 47 tag of a language Intl knows, canonicalized (`en-gb` → `en-GB`); null when it is not one. */
function knownLocale (tag: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag)
    return languages.of(new Intl.Locale(canonical).language) ? canonical : null
  } catch {
    return null
  }
}

/** An IANA zone name Intl knows (aliases such as `US/Eastern` included), never an offset. */
function knownZone (zone: string): boolean {
  if (ZONES.has(zone)) return true
  try {
    return !/^[+-]/.test(zone) && new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone.length > 0
  } catch {
    return false
  }
}

/** Why a metadata object is refused (its translation key), or null: size, depth, and text PostgreSQL cannot store. */
function metadataProblem (value: unknown): string | null {
  if (!isPlainObject(value)) return 'GLOBAL[not_an_object]'
  if (Buffer.byteLength(JSON.stringify(value)) > METADATA_MAX_BYTES) return 'GLOBAL[metadata_too_large]'
  let problem: string | null = null
  const walk = (node: unknown, depth: number): void => {
    if (problem) return
    if (typeof node === 'string') {
      if (node.includes('\u0000')) problem = 'GLOBAL[nul_character]'
      return
    }
    if (node === null || typeof node !== 'object') return
    if (depth > METADATA_MAX_DEPTH) { problem = 'GLOBAL[metadata_too_deep]'; return }
    for (const [key, child] of Object.entries(node)) {
      if (key.includes('\u0000')) { problem = 'GLOBAL[nul_character]'; return }
      walk(child, depth + 1)
    }
  }
  walk(value, 1)
  return problem
}

/** The value a profile field stores: trimmed, "" cleared to null, or the reason it is refused. */
function profileValue (field: ProfileField, raw: string | null): { value: string | null } | { key: string } {
  const text = raw?.trim() ?? ''
  if (!text) return { value: null }
  if (CONTROL.test(text)) return { key: 'GLOBAL[control_character]' }
  if (text.length > LIMITS[field]) return { key: 'GLOBAL[invalid_format]' }
  switch (field) {
    case 'picture': {
      let url: URL
      try { url = new URL(text) } catch { return { key: 'GLOBAL[not_https]' } }
      return url.protocol === 'https:' && !url.username && !url.password && url.hostname ? { value: text } : { key: 'GLOBAL[not_https]' }
    }
    case 'locale': {
      const canonical = knownLocale(text)
      return canonical ? { value: canonical } : { key: 'GLOBAL[unknown_locale]' }
    }
    case 'zoneinfo':
      return knownZone(text) ? { value: text } : { key: 'GLOBAL[unknown_zone]' }
    default:
      return { value: text }
  }
}

/**
 * A change of profile and metadata as a request states it, checked whole: every refused field is
 * named in one 400 BAD_REQUEST_INVALID_ARGUMENTS, and nothing is written. `appMetadata` is for
 * admins and the CLI only (`mayWriteApp`).
 */
export function checkProfile (changes: ProfileChanges & Record<string, unknown>, mayWriteApp: boolean): CheckedProfile {
  const values: Record<string, unknown> = {}
  const fields: string[] = []
  const failures: Failure[] = []
  for (const field of PROFILE_FIELDS) {
    if (changes[field] === undefined) continue
    const checked = profileValue(field, changes[field] ?? null)
    if ('key' in checked) failures.push({ name: field, key: checked.key })
    else { values[PROFILE_COLUMNS[field]] = checked.value; fields.push(field) }
  }
  for (const field of Object.keys(METADATA_COLUMNS) as MetadataField[]) {
    if (changes[field] === undefined) continue
    if (field === 'appMetadata' && !mayWriteApp) { failures.push({ name: field, key: 'GLOBAL[admins_only]' }); continue }
    const problem = metadataProblem(changes[field])
    if (problem) failures.push({ name: field, key: problem })
    else { values[METADATA_COLUMNS[field]] = changes[field]; fields.push(field) }
  }
  if (failures.length) {
    throw new AppError('BAD_REQUEST_INVALID_ARGUMENTS', { params: { names: failures.map((f) => f.name).join(', ') }, fields: failures })
  }
  return { values, fields }
}

/**
 * A route's preValidation for requests of the account holder (register, updateprofile): one
 * carrying `appMetadata` is refused by name, where the schema alone would drop it unnoticed.
 */
export const refuseAppMetadata: preValidationHookHandler = function appMetadataRefused (request, _reply, done) {
  if ((request.query as Record<string, unknown>).appMetadata === undefined) return done()
  done(new AppError('BAD_REQUEST_INVALID_ARGUMENTS', { params: { names: 'appMetadata' }, fields: [{ name: 'appMetadata', key: 'GLOBAL[admins_only]' }] }))
}

/** What a provider, SSO or SCIM says of a person (OpenID Connect claim names); unset claims are skipped. */
export interface ProfileClaims { name?: unknown, given_name?: unknown, family_name?: unknown, picture?: unknown, locale?: unknown, zoneinfo?: unknown }
const CLAIM_OF: Record<ProfileField, keyof ProfileClaims> = {
  name: 'name', givenName: 'given_name', familyName: 'family_name', picture: 'picture', locale: 'locale', zoneinfo: 'zoneinfo'
}

/** The claims that would make valid profile values (a claim that would be refused from a request is skipped, never stored). */
function profileFromClaims (claims: ProfileClaims): Record<string, string> {
  const out: Record<string, string> = {}
  for (const field of PROFILE_FIELDS) {
    const claim = claims[CLAIM_OF[field]]
    if (typeof claim !== 'string') continue
    const checked = profileValue(field, claim.slice(0, LIMITS[field] + 1))
    if ('value' in checked && checked.value !== null) out[PROFILE_COLUMNS[field]] = checked.value
  }
  return out
}

const PROFILE_COLUMN_NAMES = Object.values(PROFILE_COLUMNS)
/** Whether a JSON object of column names (an SQL expression) names a profile field. */
const namesProfileField = (changes: string) => `${changes} ?| array[${PROFILE_COLUMN_NAMES.map((c) => `'${c}'`).join(', ')}]`

/** The assignments that empty a profile (a claimed account's): the fields, userMetadata and what was set by hand. */
export const PROFILE_CLEARED = [...PROFILE_COLUMN_NAMES.map((column) => `${column} = null`), "user_metadata = '{}'::jsonb",
  "profile_edited = '{}'::text[]", 'profile_updated_at = null'].join(', ')

/**
 * The profile columns of a new account and their values, from a checked change (`values`, a jsonb
 * parameter of column names): for the insert of a registration, which carries them in its one statement.
 */
export function profileInsert (values: string): { columns: string, values: string } {
  const v = `${values}::jsonb`
  return {
    columns: [...PROFILE_COLUMN_NAMES, 'user_metadata', 'profile_edited', 'profile_updated_at'].join(', '),
    values: [...PROFILE_COLUMN_NAMES.map((column) => `${v}->>'${column}'`), `coalesce(${v}->'user_metadata', '{}'::jsonb)`,
      `array(select k from jsonb_object_keys(${v}) k where k <> 'user_metadata' order by k)`,
      `case when ${namesProfileField(v)} then now() end`].join(', ')
  }
}
type Change = { id: string, values: Record<string, unknown>, edited: string[] }
type Audited = { eventId: string, event: string, fields: string[], actorType: string | null, actorId: string | null, sessionId: string | null,
  ip: string | null, userAgent: string | null }

/** The statements of an account type's profile: a change by hand (audited), and the filling of empty fields from claims. */
function profileStatements (kind: AccountType) {
  const { o } = tablesOf(kind)
  // Each column keeps its value unless the change (a JSON object of column names) has its key; null clears.
  const set = (changes: string) => [...PROFILE_COLUMN_NAMES, ...Object.values(METADATA_COLUMNS)].map((column) => {
    const value = column.endsWith('_metadata') ? `${changes}->'${column}'` : `${changes}->>'${column}'`
    return `${column} = case when ${changes} ? '${column}' then ${value} else ${column} end`
  }).join(', ')
  // A column a provider's claims (a JSON object of column names) fill: empty, never set by hand, and claimed.
  const fillable = (column: string, claims: string) => `${column} is null and not ('${column}' = any(profile_edited)) and ${claims} ? '${column}'`
  return {
    /** A change by the account holder or an admin: the fields it names become theirs (never filled from claims again). */
    update: statement<Owner, Change & Audited>((p) => `with a as (update ${o} set ${set(`${p.values}::jsonb`)},
        profile_edited = array(select distinct f from unnest(profile_edited || ${p.edited}::text[]) f order by f),
        profile_updated_at = case when ${namesProfileField(`${p.values}::jsonb`)} then now() else profile_updated_at end, updated_at = now()
        where id = ${p.id} and deleted_at is null returning ${OWNER_FIELDS(o)}),
      e as (${auditInsert({ id: p.eventId, event: p.event, accountType: kind.type, accountId: 'a.id', actorType: p.actorType, actorId: p.actorId,
        sessionId: p.sessionId, ip: p.ip, userAgent: p.userAgent, data: `jsonb_build_object('fields', ${p.fields}::text[])` }, 'a')})
      select * from a`),
    /** Empty fields filled from a provider's claims, unless set by hand before; no audit event (the sign-in has its own). */
    fill: statement<never, { id: string, values: Record<string, string> }>((p) => {
      const claims = `${p.values}::jsonb`
      return `update ${o} set ${PROFILE_COLUMN_NAMES.map((column) =>
        `${column} = case when ${fillable(column, claims)} then ${claims}->>'${column}' else ${column} end`).join(', ')},
        profile_updated_at = case when ${PROFILE_COLUMN_NAMES.map((column) => `(${fillable(column, claims)})`).join(' or ')} then now() else profile_updated_at end
        where id = ${p.id}`
    })
  }
}

const STATEMENTS = new Map<AccountType, ReturnType<typeof profileStatements>>()
const statementsOf = (kind: AccountType) => STATEMENTS.get(kind) ?? STATEMENTS.set(kind, profileStatements(kind)).get(kind)!

/**
 * Writes a checked change of `id`'s profile and its audit event (`user.profile_updated` by the
 * holder, `admin.user_updated` by an admin or the CLI, field names only); null when no such account.
 */
export async function updateProfile (db: Queryable, kind: AccountType, id: string, change: CheckedProfile,
  event: 'user.profile_updated' | 'admin.user_updated', context: AuditContext): Promise<Owner | null> {
  const edited = change.fields.filter((field) => field in PROFILE_COLUMNS).map((field) => PROFILE_COLUMNS[field as ProfileField])
  const [row] = await statementsOf(kind).update.run(db, { id, values: change.values, edited, eventId: uuidv7(), event, fields: change.fields, ...context })
  return row ?? null
}

/** Fills `id`'s empty profile fields from a provider's claims (sign-in by a provider, SSO, SCIM). */
export async function fillProfile (db: Queryable, kind: AccountType, id: string, claims: ProfileClaims): Promise<void> {
  const values = profileFromClaims(claims)
  if (Object.keys(values).length) await statementsOf(kind).fill.run(db, { id, values })
}

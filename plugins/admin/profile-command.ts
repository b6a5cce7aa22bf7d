import type { FastifyInstance } from 'fastify'
import { checkProfile, updateProfile, type AccountType, type CheckedProfile } from '../accounts/index.js'
import { AppError } from '../core/errors.js'
import { UsageError } from '../core/cli-args.js'
import { createI18n } from '../core/i18n.js'
import { CLI_ACTOR } from '../audit/index.js'

/** `latchkey user update`'s options: the profile's fields, and the metadata as JSON text. */
export const PROFILE_OPTIONS = {
  name: { type: 'string' }, 'given-name': { type: 'string' }, 'family-name': { type: 'string' }, picture: { type: 'string' },
  locale: { type: 'string' }, zoneinfo: { type: 'string' }, 'user-metadata': { type: 'string' }, 'app-metadata': { type: 'string' }
} as const
type ProfileOptions = Partial<Record<keyof typeof PROFILE_OPTIONS, string>>

/**
 * The change `user update`'s options ask for, checked as the API checks an admin's (updateuser): a
 * refused field, or metadata that is not JSON, is a UsageError naming each (exit 2). Null for
 * another action, which takes none of them.
 */
export function profileOptions (action: string, values: ProfileOptions & Record<string, unknown>): CheckedProfile | null {
  const given = (Object.keys(PROFILE_OPTIONS) as Array<keyof typeof PROFILE_OPTIONS>).filter((option) => values[option] !== undefined)
  if (action !== 'update') {
    if (given.length) throw new UsageError(`user ${action}: --${given[0]} applies to update only`)
    return null
  }
  const changes: Record<string, unknown> = {}
  for (const option of Object.keys(PROFILE_OPTIONS) as Array<keyof typeof PROFILE_OPTIONS>) {
    const value = values[option]
    if (value === undefined) continue
    const field = option.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())
    try {
      changes[field] = field.endsWith('Metadata') ? JSON.parse(value) : value
    } catch {
      throw new UsageError(`user update: invalid --${option}: not JSON`)
    }
  }
  if (!Object.keys(changes).length) throw new UsageError('user update: give at least one field to change (--name, --app-metadata...)')
  try {
    return checkProfile(changes, true)
  } catch (err) {
    if (!(err instanceof AppError)) throw err
    const i18n = createI18n()
    throw new UsageError(`user update: ${(err.options.fields ?? []).map((field) =>
      `invalid ${field.name}: ${'key' in field ? i18n.translate('en', field.key) : field.message}`).join('; ')}`)
  }
}

/** Writes a checked change of the account with `email`, audited as admin.user_updated by the CLI; exit 1 when there is none. */
export async function updateProfileByEmail (app: FastifyInstance, kind: AccountType, email: string, change: CheckedProfile): Promise<number> {
  const id = await app.accountAdmin.idByEmail(kind, email)
  const row = id && await updateProfile(app.sql, kind, id, change, 'admin.user_updated', CLI_ACTOR)
  if (!row) {
    console.error(`no ${kind.type} with the email ${email}`)
    return 1
  }
  console.log(`${kind.type} ${row.id} updated (${change.fields.join(', ')})`)
  return 0
}

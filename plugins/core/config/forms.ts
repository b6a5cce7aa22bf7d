import { Type } from '@sinclair/typebox'

/** `{ default: value }`, or nothing when there is no default (an Optional variable). */
const byDefault = (value?: string): { default?: string } => value === undefined ? {} : { default: value }

/**
 * The forms variables take, each with the variable's default as the environment would spell it
 * (none: the variable is Optional); the loader checks them with Ajv, then the Int ranges (min, max).
 */
export const Duration = (value?: string) =>
  Type.String({ pattern: '^[0-9]+[smhd]$', description: 'a duration like 15m: <integer><s|m|h|d>', ...byDefault(value) })
export const Bool = (value?: 'true' | 'false') =>
  Type.Union([Type.Literal('true'), Type.Literal('false')], { description: 'true or false', ...byDefault(value) })
export const Size = (value?: string) =>
  Type.String({ pattern: '^[0-9]+(b|kb|mb)$', description: 'a size like 1mb: <integer><b|kb|mb>', ...byDefault(value) })
export const Int = (min: number, max: number, value?: string) =>
  Type.String({ pattern: '^[0-9]+$', description: `an integer from ${min} to ${max}`, min, max, ...byDefault(value) })

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 }
const UNIT_BYTES: Record<string, number> = { b: 1, kb: 1024, mb: 1024 * 1024 }

/** Seconds in a `<integer><s|m|h|d>` duration. */
export function parseDuration (value: string): number {
  return Number(value.slice(0, -1)) * UNIT_SECONDS[value.slice(-1)]
}

/** Bytes in a `<integer><b|kb|mb>` size. */
export function parseSize (value: string): number {
  const [, n, unit] = /^([0-9]+)([a-z]+)$/.exec(value)!
  return Number(n) * UNIT_BYTES[unit]
}

/** The entries of a comma-separated list, trimmed, without empty ones. */
export function list (value: string | undefined): string[] {
  return (value ?? '').split(',').map((v) => v.trim()).filter(Boolean)
}

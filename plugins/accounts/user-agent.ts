import { DEVICE_TYPES, type DeviceType } from '../../schemas/accounts.js'

/** A device as people read it in a device list ("Chrome on Linux"), from its User-Agent header. */
export interface DeviceDescription {
  browser: string | null
  os: string | null
  deviceType: DeviceType | null
}

const NOTHING: DeviceDescription = { browser: null, os: null, deviceType: null }
// Headers are stored whole, but no real one is longer; a longer one is not worth the regular expressions.
const MAX_PARSED = 512

let parser: Promise<typeof import('bowser').default> | undefined

/**
 * A describer of User-Agent headers (bowser, MIT). Loaded on the first device list and only
 * used there: sign-in and refresh store the raw header and never parse it.
 */
export async function deviceDescriber (): Promise<(userAgent: string | null) => DeviceDescription> {
  const Bowser = await (parser ??= import('bowser').then((m) => m.default))
  const seen = new Map<string, DeviceDescription>()
  return (userAgent) => {
    if (!userAgent || userAgent.length > MAX_PARSED) return NOTHING
    let found = seen.get(userAgent)
    if (!found) {
      const { browser, os, platform } = Bowser.parse(userAgent)
      const type = platform.type as DeviceType | undefined
      found = {
        browser: browser.name || null,
        os: os.name || null,
        deviceType: type && DEVICE_TYPES.includes(type) ? type : null
      }
      seen.set(userAgent, found)
    }
    return found
  }
}

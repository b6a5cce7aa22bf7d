const warned = new Set<string>()

/**
 * The refresh cookie is SameSite=Strict: a page on another site than the service signs in, then
 * loses the session at the first refresh: the browser neither stores nor sends the cookie across
 * sites. Warns once per service when the sites certainly differ: another scheme, or other
 * last two labels of the host names (equal ones may still be two sites, as a.co.uk and b.co.uk).
 */
export function warnIfCrossSite (base: string) {
  const page = globalThis.location
  if (!page?.hostname || warned.has(base)) return
  let service: URL
  try { service = new URL(base) } catch { return }
  const site = (host: string) => /^[\d.]+$|^\[|:/.test(host) || !host.includes('.') ? host : host.split('.').slice(-2).join('.')
  if (page.protocol === service.protocol && site(page.hostname.toLowerCase()) === site(service.hostname.toLowerCase())) return
  warned.add(base)
  console.warn(`Latchkey: this page (${page.origin}) and the service (${service.origin}) are on different sites: ` +
    'the SameSite=Strict refresh cookie is neither stored nor sent, so the session ends at the first refresh. Serve both from one site (app.example.com and auth.example.com).')
}

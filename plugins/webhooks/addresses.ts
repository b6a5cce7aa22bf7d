import { BlockList, isIP } from 'node:net'
import { lookup } from 'node:dns/promises'

/**
 * Where a webhook may never go in production (SSRF): loopback, private, shared (CGNAT),
 * link-local, unspecified, multicast and reserved ranges, in both families. An IPv4 address
 * written as IPv6 (::ffff:10.0.0.1) is checked as the IPv4 address it is.
 */
const FORBIDDEN = new BlockList()
for (const [network, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['2001:db8::', 32]] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv6')
}
const MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i

/**
 * The networks an operator allows although private (WEBHOOK_ALLOWED_NETWORKS: `10.1.0.0/16`,
 * `fd00::/8`): its own receivers inside the network. A network that does not parse throws.
 */
export function allowedNetworks (cidrs: readonly string[]): BlockList {
  const allowed = new BlockList()
  for (const cidr of cidrs) {
    const [network, prefix] = cidr.split('/')
    const family = isIP(network)
    if (!family || !/^\d+$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128)) throw new Error(`${cidr} is not a network (address/prefix)`)
    allowed.addSubnet(network, Number(prefix), family === 4 ? 'ipv4' : 'ipv6')
  }
  return allowed
}

/** Whether a webhook may not be sent to `address` (an IP address) in production; `allowed`: the operator's exceptions. */
export function isForbiddenAddress (address: string, allowed?: BlockList): boolean {
  const mapped = MAPPED.exec(address)?.[1]
  if (mapped) return isForbiddenAddress(mapped, allowed)
  const family = isIP(address)
  if (family === 0) return true
  const type = family === 4 ? 'ipv4' : 'ipv6'
  return FORBIDDEN.check(address, type) && !allowed?.check(address, type)
}

/** A refused destination: no connection was made. */
export class ForbiddenAddressError extends Error {
  name = 'ForbiddenAddressError'
}

export interface Resolved { address: string, family: 4 | 6 }

/**
 * The address a delivery connects to: every address the host resolves to is checked (one bad
 * address refuses the host, so that no second resolution can pick it), and the connection is
 * made to the first, which was checked. `checked`: false outside production; `allowed`: the operator's exceptions.
 */
export async function resolveDestination (host: string, checked: boolean, allowed?: BlockList): Promise<Resolved> {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
  const addresses = await lookup(bare, { all: true, verbatim: true })
  if (addresses.length === 0) throw new Error(`${bare} resolves to no address`)
  if (checked) {
    const bad = addresses.find((a) => isForbiddenAddress(a.address, allowed))
    if (bad) throw new ForbiddenAddressError(`${bare} resolves to ${bad.address}, a loopback, private or link-local address`)
  }
  return { address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 }
}

import { BlockList, isIP } from 'node:net'
import { lookup } from 'node:dns/promises'

/**
 * Where a webhook may never go in production (SSRF): loopback, private, shared (CGNAT),
 * link-local, unspecified, multicast and reserved ranges, in both families.
 */
const FORBIDDEN_V4 = new BlockList()
for (const [network, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  FORBIDDEN_V4.addSubnet(network, prefix, 'ipv4')
}
/**
 * IPv6 refused whatever the address holds: unspecified, loopback, unique local, link-local, site-local
 * (deprecated), multicast, documentation, and Teredo (2001::/32) whole: a Teredo address carries two
 * IPv4 addresses (its server's, and its client's inverted), either of which may be private.
 */
const FORBIDDEN_V6 = new BlockList()
for (const [network, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
  ['2001::', 32], ['2001:db8::', 32]] as const) {
  FORBIDDEN_V6.addSubnet(network, prefix, 'ipv6')
}

/**
 * The eight 16-bit words of an IPv6 address that isIP accepts, in any spelling: `::` expanded, a
 * dotted IPv4 tail (`::ffff:127.0.0.1`) as the last two words, a zone (`fe80::1%eth0`) dropped.
 */
export function ipv6Words (address: string): number[] {
  const bare = address.split('%')[0]
  if (isIP(bare) !== 6) throw new Error(`${address} is not an IPv6 address`)
  const tail = bare.slice(bare.lastIndexOf(':') + 1)
  let text = bare
  if (isIP(tail) === 4) {
    const [a, b, c, d] = tail.split('.').map(Number)
    text = `${bare.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const groups = (part: string) => part === '' ? [] : part.split(':')
  const [head, rest] = text.split('::')
  const words = rest === undefined
    ? groups(head)
    : [...groups(head), ...Array<string>(8 - groups(head).length - groups(rest).length).fill('0'), ...groups(rest)]
  return words.map((word) => parseInt(word, 16))
}

/** Whether the first `bits` bits of two addresses' words are the same. */
function samePrefix (words: number[], network: number[], bits: number): boolean {
  for (let i = 0; bits > 0; i++, bits -= 16) {
    const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff
    if ((words[i] & mask) !== (network[i] & mask)) return false
  }
  return true
}

/** The IPv6 ranges that carry an IPv4 address, and the word at which its 32 bits begin. */
const EMBEDDING = ([
  ['::', 96, 6], // IPv4-compatible (deprecated): ::7f00:1 is 127.0.0.1
  ['::ffff:0:0', 96, 6], // IPv4-mapped, however spelt
  ['::ffff:0:0:0', 96, 6], // IPv4-translated (SIIT)
  ['64:ff9b::', 96, 6], // NAT64, the well-known prefix
  ['64:ff9b:1::', 48, 6], // NAT64, the local-use prefix: the IPv4 address last, as a /96 translator puts it
  ['2002::', 16, 1] // 6to4: 2002:7f00:1::/48 is 127.0.0.1's
] as const).map(([network, prefix, at]) => ({ network: ipv6Words(network), prefix, at }))

/** The IPv4 address an IPv6 address carries (`::ffff:7f00:1`, `2002:7f00:1::1`: 127.0.0.1), if it carries one. */
export function embeddedIPv4 (address: string): string | null {
  const words = ipv6Words(address)
  const embedding = EMBEDDING.find((e) => samePrefix(words, e.network, e.prefix))
  if (!embedding) return null
  const [high, low] = words.slice(embedding.at, embedding.at + 2)
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
}

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

/**
 * Whether a webhook may not be sent to `address` (an IP address) in production; `allowed`: the
 * operator's exceptions. An IPv6 address that carries an IPv4 address (mapped, compatible, SIIT,
 * NAT64, 6to4) is checked as that IPv4 address, which the exceptions may allow too.
 */
export function isForbiddenAddress (address: string, allowed?: BlockList): boolean {
  const family = isIP(address)
  if (family === 4) return FORBIDDEN_V4.check(address, 'ipv4') && !allowed?.check(address, 'ipv4')
  const bare = address.split('%')[0]
  if (isIP(bare) !== 6) return true
  const embedded = embeddedIPv4(bare)
  if (allowed?.check(bare, 'ipv6') || (embedded && allowed?.check(embedded, 'ipv4'))) return false
  return FORBIDDEN_V6.check(bare, 'ipv6') || (embedded !== null && FORBIDDEN_V4.check(embedded, 'ipv4'))
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

import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { BlockList, isIP } from 'node:net'

// Webhook URLs point out of our network, never into it (SSRF): https only, and no loopback, private, link-local or
// otherwise special address — checked when the endpoint is saved (literal addresses, local names) and again on every
// connection (the address DNS answers then, so a name cannot be re-pointed inside after the check). Development and
// tests allow both, as may an operator with WEBHOOKS_ALLOW_PRIVATE_URLS (ADR 053).

const SPECIAL = new BlockList()
for (const [network, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  SPECIAL.addSubnet(network, bits, 'ipv4')
for (const [network, bits] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  SPECIAL.addSubnet(network, bits, 'ipv6')

/** Whether an address is loopback, private, link-local, reserved or multicast (IPv4-mapped IPv6 judged as IPv4). */
export function isSpecialAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return isSpecialAddress(mapped[1]!)
  const version = isIP(address)
  if (version === 0) return true
  return SPECIAL.check(address, version === 6 ? 'ipv6' : 'ipv4')
}

export type UrlProblem = 'invalid' | 'not_https' | 'credentials' | 'private_address'

/** What is wrong with a webhook URL before any connection, or null. */
export function webhookUrlProblem(raw: string, allowPrivate: boolean): UrlProblem | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'invalid'
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return url.protocol === 'http:' ? 'not_https' : 'invalid'
  if (url.username || url.password) return 'credentials'
  if (!url.hostname) return 'invalid'
  if (allowPrivate) return null
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (isIP(host) !== 0) return isSpecialAddress(host) ? 'private_address' : null
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal') || !host.includes('.')) {
    return 'private_address'
  }
  return null
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/** A `lookup` for http(s).request that refuses special addresses (unless allowed): the connection goes to what was checked. */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number } | undefined, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true, family: options?.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, '')
      const usable = allowPrivate ? addresses : addresses.filter((entry) => !isSpecialAddress(entry.address))
      if (usable.length === 0) {
        const refused = Object.assign(new Error(`${hostname} resolves to a private or reserved address`), { code: 'EPRIVATEADDRESS' })
        return callback(refused, '')
      }
      if (options?.all) return callback(null, usable)
      callback(null, usable[0]!.address, usable[0]!.family)
    })
  }
}

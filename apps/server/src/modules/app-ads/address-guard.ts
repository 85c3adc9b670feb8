/**
 * Which addresses the app-ads.txt crawler may connect to (issue 27 item 3, SSRF): public unicast only.
 * Refused: unspecified, "this network", private (RFC 1918, IPv6 ULA fc00::/7), carrier-grade NAT,
 * loopback, link-local (169.254/16 with the cloud metadata address 169.254.169.254, fe80::/10),
 * benchmarking, documentation and reserved ranges, multicast and broadcast; IPv4-mapped and NAT64
 * IPv6 addresses are judged by the IPv4 address they carry. `allowLoopback` (APP_ADS_ALLOW_LOOPBACK,
 * tests only) lets 127/8 and ::1 through, nothing else.
 *
 * The check runs on the resolved addresses at connection time (`guardedLookup`, given to the HTTP
 * request as its `lookup`), so a name that resolves to a private address, or changes its answer
 * between a check and the connection (DNS rebinding), is refused; IP literals are checked before.
 */
import dns from 'node:dns';
import net from 'node:net';

const v4Refused = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const;
const v6Refused = [
  ['::', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const;

const refused = new net.BlockList();
for (const [a, p] of v4Refused) refused.addSubnet(a, p, 'ipv4');
for (const [a, p] of v6Refused) refused.addSubnet(a, p, 'ipv6');
const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The IPv4 address an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::/96) IPv6 address carries. */
function embeddedV4(v6: string): string | null {
  const lower = v6.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1] ?? null;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const hi = Number.parseInt(hex[1] ?? '0', 16);
  const lo = Number.parseInt(hex[2] ?? '0', 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** True when the crawler may connect to `address` (an IP literal); false for anything else. */
export function isCrawlable(address: string, allowLoopback: boolean): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const v4 = embeddedV4(address);
    if (v4) return isCrawlable(v4, allowLoopback);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (loopback.check(address, type)) return allowLoopback;
  if (address === '255.255.255.255') return false;
  return !refused.check(address, type);
}

/** Raised when a host resolves to (or is) an address the crawler refuses. */
export class RefusedAddressError extends Error {
  constructor(readonly address: string) {
    super(`refused address ${address}`);
  }
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for http(s).request that resolves like the system and refuses uncrawlable addresses. */
export function guardedLookup(allowLoopback: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses) => {
      if (err) return callback(err, '');
      const bad = addresses.find((a) => !isCrawlable(a.address, allowLoopback));
      if (bad) return callback(new RefusedAddressError(bad.address), '');
      const first = addresses[0];
      if (!first)
        return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      if (options.all) return callback(null, addresses);
      return callback(null, first.address, first.family);
    });
  };
}

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * What a webhook may connect to (decision 0072). In production the target is https and every address its name
 * resolves to is public; the request connects to the address checked here (the `lookup` below is the socket's), so a
 * name that resolves again to something else in between is no way in; redirects are never followed (the deliverer
 * treats a 3xx as a failure). Loopback and private networks only where the config allows them (development, tests).
 */
const reserved = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
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
] as const)
  reserved.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  reserved.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is on the public internet (no loopback, private, link-local, shared or reserved range). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !reserved.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return isPublicAddress(mapped[1]);
  return !reserved.check(address, 'ipv6');
}

export type NetPolicy = { allowPrivate: boolean; requireHttps: boolean };

/** Why a target is refused: the service answers each with its own message. */
export class TargetRefused extends Error {
  constructor(
    readonly reason: 'scheme' | 'credentials' | 'private',
    message: string,
  ) {
    super(message);
  }
}

/** The URL's own checks (scheme, credentials, a literal address): before it is stored and before each request. */
export function checkTargetUrl(raw: string, policy: NetPolicy): URL {
  const url = new URL(raw);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !policy.requireHttps))
    throw new TargetRefused('scheme', 'The endpoint must be an https address.');
  if (url.username || url.password)
    throw new TargetRefused('credentials', 'The endpoint address must not hold a user or password.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!policy.allowPrivate) {
    if (isIP(host) && !isPublicAddress(host))
      throw new TargetRefused('private', 'The endpoint is a private or loopback address.');
    if (host === 'localhost' || host.endsWith('.localhost'))
      throw new TargetRefused('private', 'The endpoint is a private or loopback address.');
  }
  return url;
}

/** The socket's name lookup: every address the name resolves to must be allowed; connects to the one checked. */
export function guardedLookup(policy: NetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const refused = policy.allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address));
      if (refused || addresses.length === 0) {
        const e = new TargetRefused(
          'private',
          `The endpoint's name resolves to ${refused?.address ?? 'nothing'}, not a public address.`,
        );
        return callback(e as NodeJS.ErrnoException, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

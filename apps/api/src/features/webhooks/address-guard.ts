import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { WEBHOOKS_MSG } from '@legiao/contracts/admin/webhooks';

// SSRF guard of the outgoing webhooks (docs/decisions/0042-webhooks.md). An endpoint may only be on
// the public Internet: loopback, private, shared (CGNAT), link-local (the clouds' metadata service
// 169.254.169.254 and fd00:ec2::254), multicast, reserved and unspecified addresses are refused when
// the endpoint is saved and at every delivery. At delivery the check is made inside the socket's own
// DNS lookup, on the very addresses it then connects to, so a name that resolves to a public address
// when saved and to 127.0.0.1 later (DNS rebinding) is refused. Redirects are never followed (the
// sender does not follow them), so a public endpoint cannot bounce a delivery inward.

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64 (can reach IPv4 private space)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (incl. fd00:ec2::254, AWS metadata)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** Whether an address is on the public Internet (an IPv4-mapped IPv6 address is judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return !blocked.check(mapped[1]!, 'ipv4');
    return !blocked.check(address, 'ipv6');
  }
  return false;
}

export class AddressRefused extends Error {
  constructor(
    readonly reason: 'privada' | 'nao-resolve',
    message: string,
  ) {
    super(message);
  }
}

const resolveAll = (host: string) =>
  new Promise<LookupAddress[]>((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))));

/**
 * At subscription: the URL's host (a name is resolved; every address it has must be public).
 * `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE, refused in production) lets a local receiver in.
 */
export async function checkEndpointUrl(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await resolveAll(host)).map((a) => a.address);
    } catch {
      throw new AddressRefused('nao-resolve', WEBHOOKS_MSG.urlNaoResolve);
    }
  }
  if (addresses.length === 0) throw new AddressRefused('nao-resolve', WEBHOOKS_MSG.urlNaoResolve);
  if (!addresses.every(isPublicAddress)) throw new AddressRefused('privada', WEBHOOKS_MSG.urlPrivada);
}

/**
 * At delivery: the lookup the socket uses. It answers only public addresses, and fails the
 * connection (before any byte is sent) when the name has any other.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
      if (err) return (callback as (e: Error) => void)(err);
      const list = addresses as LookupAddress[];
      if (!allowPrivate && (list.length === 0 || !list.every((a) => isPublicAddress(a.address)))) {
        return (callback as (e: Error) => void)(new AddressRefused('privada', `O endereço de ${hostname} aponta para a rede interna: entrega recusada.`));
      }
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, list);
      const first = list[0]!;
      return (callback as (e: null, a: string, f: number) => void)(null, first.address, first.family);
    });
  };
}

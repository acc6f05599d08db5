import ipaddr from 'ipaddr.js';

/**
 * Whether an address is on the public internet: ipaddr.js's `unicast` range and nothing else. That
 * leaves out loopback, the private networks (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (the
 * cloud metadata service at 169.254.169.254 among them), carrier-grade NAT, multicast, broadcast,
 * unspecified, reserved and documentation ranges, and the IPv6 forms that carry an IPv4 address inside
 * (mapped, NAT64, 6to4, Teredo), which are judged by the address they carry or refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

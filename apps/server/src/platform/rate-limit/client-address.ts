import net from 'node:net';

/**
 * The subject an anonymous client is counted as. IPv4 addresses count one by one; an IPv6 client
 * usually holds a whole /64 (and picks new addresses in it at will), so IPv6 counts per /64. An
 * IPv4-mapped IPv6 address (`::ffff:198.51.100.7`) is the IPv4 client it names.
 */
export function clientAddressSubject(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return `ip:${mapped[1]}`;
  if (net.isIPv6(ip)) return `ip6:${ipv6Prefix64(ip)}`;
  return `ip:${ip}`;
}

/** The first four groups of an IPv6 address, expanded (`2001:db8::1` -> `2001:db8:0:0`). */
function ipv6Prefix64(ip: string): string {
  const address = ip.split('%')[0]!.toLowerCase();
  const [head = '', tail] = address.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  // A trailing embedded IPv4 (`::1.2.3.4`) fills two groups; only the first four groups matter here.
  const tailWidth = tailGroups.reduce((width, group) => width + (group.includes('.') ? 2 : 1), 0);
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailWidth).fill('0');
  const groups = [...headGroups, ...zeros, ...tailGroups];
  // Leading zeros dropped, so `2001:0db8::` and `2001:db8::` count as one client.
  return groups
    .slice(0, 4)
    .map((group) => (group.includes('.') ? '0' : parseInt(group, 16).toString(16)))
    .join(':');
}

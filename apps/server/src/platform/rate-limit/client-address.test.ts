import { describe, expect, it } from 'vitest';
import { clientAddressSubject } from './client-address.js';

describe('the subject an anonymous client counts as', () => {
  it('should count IPv4 addresses one by one', () => {
    expect(clientAddressSubject('198.51.100.7')).toBe('ip:198.51.100.7');
    expect(clientAddressSubject('198.51.100.8')).not.toBe(clientAddressSubject('198.51.100.7'));
  });

  it('should read an IPv4-mapped IPv6 address as the IPv4 client', () => {
    expect(clientAddressSubject('::ffff:198.51.100.7')).toBe('ip:198.51.100.7');
    expect(clientAddressSubject('::FFFF:198.51.100.7')).toBe('ip:198.51.100.7');
  });

  it('should count IPv6 per /64, however the address is written', () => {
    const subject = clientAddressSubject('2001:db8:85a3:8d3::1');
    expect(subject).toBe('ip6:2001:db8:85a3:8d3');
    expect(clientAddressSubject('2001:0db8:85a3:08d3:ffff:ffff:ffff:fffe')).toBe(subject);
    expect(clientAddressSubject('2001:DB8:85A3:8D3:1::')).toBe(subject);
    expect(clientAddressSubject('2001:db8:85a3:8d3::1%eth0')).toBe(subject);
    expect(clientAddressSubject('2001:db8:85a3:8d4::1')).not.toBe(subject);
  });

  it('should expand the shortest forms', () => {
    expect(clientAddressSubject('::1')).toBe('ip6:0:0:0:0');
    expect(clientAddressSubject('2001:db8::')).toBe('ip6:2001:db8:0:0');
    expect(clientAddressSubject('fe80::1:2:3:4')).toBe('ip6:fe80:0:0:0');
  });
});

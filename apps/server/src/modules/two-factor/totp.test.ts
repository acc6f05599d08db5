import { describe, expect, it } from 'vitest';
import { matchingStep, newTotpSecret, otpauthUrl, stepOf, totpCode } from './totp.js';

/** Base32 of the ASCII seeds RFC 6238 appendix B uses for SHA-1, SHA-256 and SHA-512. */
const base32 = (ascii: string) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of Buffer.from(ascii, 'ascii')) bits += char.toString(2).padStart(8, '0');
  let out = '';
  for (let i = 0; i < bits.length; i += 5) out += alphabet[parseInt(bits.slice(i, i + 5).padEnd(5, '0'), 2)];
  return out;
};
const SEED = {
  SHA1: base32('12345678901234567890'),
  SHA256: base32('12345678901234567890123456789012'),
  SHA512: base32('1234567890123456789012345678901234567890123456789012345678901234'),
};

/** RFC 6238, appendix B: time (s) -> 8-digit codes for SHA-1, SHA-256, SHA-512. */
const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('should compute the RFC test vectors at %i s', (seconds, sha1, sha256, sha512) => {
    const at = new Date(seconds * 1000);
    expect(totpCode(SEED.SHA1, at, { digits: 8, algorithm: 'SHA1' })).toBe(sha1);
    expect(totpCode(SEED.SHA256, at, { digits: 8, algorithm: 'SHA256' })).toBe(sha256);
    expect(totpCode(SEED.SHA512, at, { digits: 8, algorithm: 'SHA512' })).toBe(sha512);
  });

  it('should accept the code of this step and its neighbours, and say which step it was', () => {
    const secret = newTotpSecret();
    const now = new Date('2026-11-25T10:00:15Z');
    const step = stepOf(now);
    expect(matchingStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchingStep(secret, totpCode(secret, new Date(now.getTime() - 30_000)), now)).toBe(step - 1);
    expect(matchingStep(secret, totpCode(secret, new Date(now.getTime() + 30_000)), now)).toBe(step + 1);
    expect(matchingStep(secret, totpCode(secret, new Date(now.getTime() - 90_000)), now)).toBeNull();
  });

  it('should make 160-bit base32 keys and the otpauth address apps scan', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const url = new URL(otpauthUrl(secret, 'ana', 'P2P Market'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/P2P Market:ana');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('P2P Market');
  });
});

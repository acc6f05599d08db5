import { Secret, TOTP } from 'otpauth';

/** RFC 6238 with the parameters every authenticator app uses: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
/** A code of the step before or after is still accepted (clock drift between phone and server). */
const WINDOW = 1;

const totpOf = (secret: string, digits = 6, algorithm: 'SHA1' | 'SHA256' | 'SHA512' = 'SHA1') =>
  new TOTP({ secret: Secret.fromBase32(secret), digits, period: PERIOD, algorithm });

/** A new authenticator key: 160 random bits (RFC 4226's recommended length), base32 as apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://` address the QR code carries: the app names the entry "issuer: username". */
export function otpauthUrl(secret: string, username: string, issuer: string): string {
  return new TOTP({
    issuer,
    label: username,
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: PERIOD,
    algorithm: 'SHA1',
  }).toString();
}

/** The 30-second step a time falls in. */
export const stepOf = (at: Date) => Math.floor(at.getTime() / 1000 / PERIOD);

/**
 * The step whose code `code` is (within one step of `now`), or null. The caller accepts it only if
 * the step is newer than the last accepted one: a code is never accepted twice.
 */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? null : stepOf(now) + delta;
}

/** The code for a time (tests, and the RFC's vectors with their 8 digits and other hashes). */
export function totpCode(
  secret: string,
  at: Date,
  options: { digits?: number; algorithm?: 'SHA1' | 'SHA256' | 'SHA512' } = {},
): string {
  return totpOf(secret, options.digits, options.algorithm).generate({ timestamp: at.getTime() });
}

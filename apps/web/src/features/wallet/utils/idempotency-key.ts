/**
 * A fresh Idempotency-Key for one withdrawal submission. `crypto.randomUUID` exists only in secure
 * contexts (HTTPS, localhost); elsewhere 16 random bytes from `getRandomValues` do the same job.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

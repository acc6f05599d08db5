import { createHash } from 'node:crypto';

/** A withdrawal request reduced to what it means, so spelling differences do not count as another request. */
export type CanonicalWithdrawal = {
  cryptoCode: string;
  amount: bigint;
  address: string | null;
  username: string | null;
};

/**
 * The hash stored with a withdrawal made under an Idempotency-Key. A retry must mean the same withdrawal:
 * the coin, the amount in base units ("0.1" and "0.10" are one amount), the address as given, the
 * recipient's username ignoring case (usernames are looked up that way). Anything else under the same key
 * is another request and is refused.
 */
export function withdrawalRequestHash(request: CanonicalWithdrawal): string {
  const canonical = JSON.stringify([
    request.cryptoCode.toUpperCase(),
    request.amount.toString(),
    request.address?.trim() ?? null,
    request.username?.trim().toLowerCase() ?? null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

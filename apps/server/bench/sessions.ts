import type { Database } from '../src/platform/db/client.js';
import { sessions } from '../src/platform/db/schema.js';
import { randomToken, sha256 } from '../src/platform/auth/tokens.js';
import { usersRepository } from '../src/modules/users/repository.js';
import { createLedger } from '../src/modules/ledger/index.js';

/**
 * A user with a live session, inserted directly: hashing hundreds of passwords with argon2 would only
 * time argon2. Answers the Cookie header and CSRF token a logged-in browser would send.
 */
export async function benchSession(
  db: Database['db'],
  name: string,
): Promise<{ userId: number; cookie: string; csrf: string }> {
  const user = await usersRepository.insert(db, {
    username: name,
    email: `${name}@example.com`,
    passwordHash: 'x',
  });
  const token = randomToken();
  const csrf = randomToken();
  const now = new Date();
  await db.insert(sessions).values({
    id: sha256(token),
    userId: user.id,
    csrfToken: csrf,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  return { userId: user.id, cookie: `sid=${token}`, csrf };
}

/** Credits 0.1 BTC to a bench user's available balance straight through the ledger (no chain). */
export async function fundBench(db: Database['db'], userId: number, key: string): Promise<void> {
  await createLedger(db).transfer({
    idempotencyKey: `bench-fund-${key}`,
    kind: 'deposit',
    cryptoCode: 'BTC',
    reference: { type: 'deposit', id: `bench-${key}` },
    legs: [
      { account: { userId: null, kind: 'world' }, amount: -10_000_000n },
      { account: { userId, kind: 'available' }, amount: 10_000_000n },
    ],
  });
}

/** The sell offer the trade-based cases open (POST /rest/v1/my-offers body): BTC for USD, 10-500. */
export const BENCH_SELL_OFFER = {
  type: 'sell',
  crypto_currency_code: 'BTC',
  fiat_currency_code: 'USD',
  payment_method: 'bank-transfer',
  margin: '0',
  range_min: '10',
  range_max: '500',
  payment_window: 180,
  offer_terms: 'Bench offer.',
  trade_details: 'Bench account',
} as const;

import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/platform/db/client.js';
import { usersRepository } from '../../src/modules/users/repository.js';
import { BENCH_SELL_OFFER, benchSession, fundBench } from '../sessions.js';

export type StaffMessagesBenchOptions = {
  /** Disputes written to at once, one sender each (a moderator's console tab per dispute). */
  disputes: number;
  durationSeconds: number;
};

type Latency = { perSecond: number; p50: number; p99: number; failed: number; firstError: string | null };
export type StaffMessagesBenchResult = {
  /** `POST /rest/v1/admin/disputes/{id}/messages`: the staff gate, the dispute's row lock, the message
   * with its record entry and its audit row in one transaction, the event to both parties. */
  staff: Latency;
  /** The same senders on the trivial logged-in POST (session and CSRF, no work). */
  control: Latency;
  setupSeconds: number;
};

type Session = { userId: number; cookie: string; csrf: string };

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** `senders` loops POST to their own path for the duration; answers per second and latency. */
async function loadFor(
  seconds: number,
  senders: { session: Session; path: string; body: () => object }[],
  base: string,
): Promise<Latency> {
  const until = performance.now() + seconds * 1000;
  const took: number[] = [];
  let failed = 0;
  let firstError: string | null = null;
  await Promise.all(
    senders.map(async ({ session, path, body }) => {
      while (performance.now() < until) {
        const started = performance.now();
        const response = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: {
            cookie: session.cookie,
            'x-csrf-token': session.csrf,
            accept: 'application/json',
            'content-type': 'application/json',
          },
          body: JSON.stringify(body()),
        });
        const text = await response.text();
        if (response.ok) took.push(performance.now() - started);
        else {
          failed += 1;
          firstError ??= `${response.status} ${text.slice(0, 200)}`;
        }
      }
    }),
  );
  took.sort((a, b) => a - b);
  return {
    perSecond: took.length / seconds,
    p50: percentile(took, 50),
    p99: percentile(took, 99),
    failed,
    firstError,
  };
}

/**
 * The staff message case (decision 0052): a moderator holds `disputes` disputes and writes to both parties
 * of each from one loop per dispute, for the duration, through the console's route; then the same loops on
 * the trivial logged-in POST. Users and sessions are inserted directly (argon2 would be all the setup
 * measured); offers, trades, disputes and the take go through the HTTP API like a browser's.
 */
export async function runStaffMessagesBench(
  database: Database,
  base: string,
  options: StaffMessagesBenchOptions,
): Promise<StaffMessagesBenchResult> {
  const setupStarted = performance.now();
  const run = Date.now().toString(36);
  const http = async (who: Session, path: string, body: object = {}) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        cookie: who.cookie,
        'x-csrf-token': who.csrf,
        accept: 'application/json',
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as { data: Record<string, unknown> };
  };

  const moderator = await benchSession(database.db, `sm_mod_${run}`);
  await usersRepository.setRole(database.db, moderator.userId, 'moderator');
  const hashes: string[] = [];
  for (let i = 0; i < options.disputes; i += 1) {
    const seller = await benchSession(database.db, `sm_s_${run}_${i}`);
    const buyer = await benchSession(database.db, `sm_b_${run}_${i}`);
    await fundBench(database.db, seller.userId, `staff-${run}-${i}`);
    const offer = await http(seller, '/rest/v1/my-offers', BENCH_SELL_OFFER);
    const started = await http(buyer, '/rest/v1/trade/start', {
      offer_hash: offer.data.idHashed,
      fiat_amount: '20',
    });
    const hash = String(started.data.id);
    await http(buyer, `/rest/v1/trade/${hash}/paid`);
    // The production wait before a dispute (30 minutes) is over for the bench's trades.
    await database.db.execute(
      sql`UPDATE trades SET dispute_available_at = now() - interval '1 minute' WHERE hash = ${hash}`,
    );
    await http(buyer, `/rest/v1/trade/${hash}/dispute`, {
      dispute_reason_id: 2,
      dispute_reason_text: 'Bench dispute.',
    });
    await http(moderator, `/rest/v1/admin/disputes/${hash}/assign`, {});
    hashes.push(hash);
  }
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  let n = 0;
  const staff = await loadFor(
    options.durationSeconds,
    hashes.map((hash) => ({
      session: moderator,
      path: `/rest/v1/admin/disputes/${hash}/messages`,
      body: () => ({ text: `bench ${run} staff note ${(n += 1)}` }),
    })),
    base,
  );
  const control = await loadFor(
    options.durationSeconds,
    hashes.map(() => ({ session: moderator, path: '/bench/trivial', body: () => ({}) })),
    base,
  );
  return { staff, control, setupSeconds };
}

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { createTestDatabase } from '../../../test/db.js';
import { purgeStaleRows } from '../housekeeping/index.js';
import { loadConfig } from '../config.js';
import { createRateLimiter, type RateRule } from './limiter.js';
import { rateLimitCounters } from './tables.js';

/** The fixed-window counter itself, on the database, with a clock the test moves. */
describe('rate limiter', () => {
  let database: Database;
  let clock = Date.parse('2026-11-24T12:00:00Z');
  const now = () => new Date(clock);
  const rule = (limit: number, name = 'test'): RateRule => ({
    name,
    limit,
    windowMs: 60_000,
    message: (seconds) => `wait ${seconds} s`,
  });
  const refusal = async (promise: Promise<void>) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    return error as { message: string; headers: Record<string, string> };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('should let N hits through in a window and refuse the next with the seconds left', async () => {
    const limiter = createRateLimiter(database.db, now);
    for (let i = 0; i < 3; i++) await limiter.hit(rule(3), 'user:1');
    clock += 20_500;
    const error = await refusal(limiter.hit(rule(3), 'user:1'));
    expect(error.headers).toEqual({ 'retry-after': '40' });
    expect(error.message).toBe('wait 40 s');
  });

  it('should count subjects and rules apart', async () => {
    const limiter = createRateLimiter(database.db, now);
    await limiter.hit(rule(1), 'user:2');
    await limiter.hit(rule(1), 'user:3');
    await limiter.hit(rule(1, 'other'), 'user:2');
    await refusal(limiter.hit(rule(1), 'user:2'));
  });

  it('should start a new window once the old one has ended', async () => {
    const limiter = createRateLimiter(database.db, now);
    await limiter.hit(rule(1), 'user:4');
    await refusal(limiter.hit(rule(1), 'user:4'));
    clock += 59_999;
    await refusal(limiter.hit(rule(1), 'user:4'));
    clock += 1;
    await limiter.hit(rule(1), 'user:4');
    await refusal(limiter.hit(rule(1), 'user:4'));
  });

  it('should answer a known refusal from memory until its window ends, without a database write', async () => {
    const limiter = createRateLimiter(database.db, now);
    await limiter.hit(rule(1), 'user:5');
    await refusal(limiter.hit(rule(1), 'user:5'));
    const counter = async () =>
      (await database.db.select().from(rateLimitCounters)).find((row) => row.key === 'test:user:5')?.hits;
    expect(await counter()).toBe(2);
    await refusal(limiter.hit(rule(1), 'user:5'));
    expect(await counter()).toBe(2);
  });

  it('should reserve slots in batches for large limits and still stop at the limit', async () => {
    const limiter = createRateLimiter(database.db, now);
    const stored = async () =>
      (await database.db.select().from(rateLimitCounters)).find((row) => row.key === 'batch:user:7')?.hits;
    // 60 a window: 15 slots per database write.
    for (let i = 0; i < 16; i++) await limiter.hit(rule(60, 'batch'), 'user:7');
    expect(await stored()).toBe(30);
    for (let i = 16; i < 60; i++) await limiter.hit(rule(60, 'batch'), 'user:7');
    expect(await stored()).toBe(60);
    await refusal(limiter.hit(rule(60, 'batch'), 'user:7'));
  });

  it('should serve a client’s simultaneous hits from one reservation, refusing none of them', async () => {
    const limiter = createRateLimiter(database.db, now);
    // A page that fires 20 searches at once: one write reserves 30 slots, the others wait for it.
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => limiter.hit(rule(120, 'burst'), 'ip:198.51.100.1')),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const rows = await database.db.select().from(rateLimitCounters);
    expect(rows.find((row) => row.key === 'burst:ip:198.51.100.1')?.hits).toBe(30);
  });

  it('should never hand out more than the limit between two instances, however hits alternate', async () => {
    const instances = [createRateLimiter(database.db, now), createRateLimiter(database.db, now)];
    let served = 0;
    for (let i = 0; i < 100; i++) {
      try {
        await instances[i % 2]!.hit(rule(40, 'split'), 'user:8');
        served += 1;
      } catch {
        // refused
      }
    }
    // Each instance may hold on to a slot or so it reserved but did not spend: never more than 40.
    expect(served).toBeLessThanOrEqual(40);
    expect(served).toBeGreaterThanOrEqual(38);
  });

  it('should switch a rule with limit 0 off', async () => {
    const limiter = createRateLimiter(database.db, now);
    for (let i = 0; i < 5; i++) await limiter.hit(rule(0, 'off'), 'user:6');
    const rows = await database.db.execute(sql`SELECT 1 FROM rate_limit_counters WHERE key LIKE 'off:%'`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(0);
  });

  it('should let housekeeping delete counters whose window has ended, and only those', async () => {
    const limiter = createRateLimiter(database.db, now);
    await limiter.hit(rule(5, 'purge'), 'user:old');
    clock += 30_000;
    await limiter.hit(rule(5, 'purge'), 'user:new');
    clock += 31_000;
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    await purgeStaleRows(database.db, config, now());
    const keys = (await database.db.select().from(rateLimitCounters)).map((row) => row.key);
    expect(keys).toContain('purge:user:new');
    expect(keys).not.toContain('purge:user:old');
  });
});

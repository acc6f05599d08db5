import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestApp, TestClient, type TestApp } from '../../../test/helpers.js';
import { onPostgres } from '../../../test/db.js';
import { createRateLimiter, type RateRule } from './limiter.js';

/**
 * Several server instances on one PostgreSQL database (only a real server runs them side by side):
 * they count against the same numbers, and simultaneous hits take the last slots exactly once.
 */
describe.skipIf(!onPostgres())('rate limits across instances (PostgreSQL)', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let n = 0;

  const register = (client: TestClient, ip: string) => {
    n += 1;
    return client.post(
      '/rest/v1/auth/register',
      { username: `rr_limit${n}`, email: `rr_limit${n}@example.com`, password: 'Str0ng-pass!' },
      { headers: { 'x-forwarded-for': ip } },
    );
  };

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true', RATE_LIMIT_REGISTER_PER_HOUR: '4' });
    // A second instance of the application on the same database, as behind a load balancer.
    second = await buildApp({ config: t.config, database: t.database, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('should share one count between two instances', async () => {
    const answers = [];
    for (const app of [t.app, second, t.app, second, t.app, second]) {
      answers.push((await register(new TestClient(app), '198.51.100.40')).statusCode);
    }
    expect(answers).toEqual([201, 201, 201, 201, 429, 429]);
  });

  it('should let exactly the limit through when hits arrive at once on both instances', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        register(new TestClient(i % 2 === 0 ? t.app : second), '198.51.100.41').then((r) => r.statusCode),
      ),
    );
    expect(answers.filter((status) => status === 201)).toHaveLength(4);
    expect(answers.filter((status) => status === 429)).toHaveLength(8);
  });

  it('should count simultaneous hits exactly on the counter itself', async () => {
    // Under 8 a window, every hit is its own reservation: the count is exact.
    const rule: RateRule = { name: 'race', limit: 7, windowMs: 60_000, message: () => 'wait' };
    const limiters = [createRateLimiter(t.database.db), createRateLimiter(t.database.db)];
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => limiters[i % 2]!.hit(rule, 'user:race')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(33);
  });

  it('should never hand out more than a large limit when reservations race', async () => {
    // 200 a window: 50 slots per reservation, reserved by many hits at once on both instances.
    const rule: RateRule = { name: 'race-large', limit: 200, windowMs: 60_000, message: () => 'wait' };
    const limiters = [createRateLimiter(t.database.db), createRateLimiter(t.database.db)];
    const results = await Promise.allSettled(
      Array.from({ length: 600 }, (_, i) => limiters[i % 2]!.hit(rule, 'user:race-large')),
    );
    const served = results.filter((r) => r.status === 'fulfilled').length;
    expect(served).toBeLessThanOrEqual(200);
    // Slots reserved by one instance and unspent when the hits ended are the only ones lost.
    expect(served).toBeGreaterThanOrEqual(180);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../test/db.js';
import { verificationOf } from '../../../test/fixtures/market.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { tradeScenario } from '../../../test/trade-scenario.js';

/**
 * Reviews racing each other (PostgreSQL: PGlite runs one transaction at a time): a decision is taken
 * under the request's row lock, so of simultaneous approvals and denials exactly one decides.
 */
describe.skipIf(!onPostgres())('identity verification reviews under concurrency (PostgreSQL)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('should let exactly one of ten simultaneous decisions on a request through', async () => {
    const s = tradeScenario(t);
    const reviewers = [await s.staffMember('krace_a', 'supermod'), await s.staffMember('krace_b', 'admin')];
    for (let round = 0; round < 3; round += 1) {
      const trader = await s.party('krt');
      const { requestId } = await verificationOf(trader, true);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => {
          const reviewer = reviewers[i % 2]!.c;
          return i % 3 === 0
            ? reviewer.post(`/rest/v1/admin/verifications/${requestId}/deny`, { reason: 'Unreadable photo.' })
            : reviewer.post(`/rest/v1/admin/verifications/${requestId}/approve`);
        }),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(9);
      const { rows } = (await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM audit_log WHERE target_type = 'verification'
          AND target_id = ${String(requestId)} AND action IN ('verification.approve', 'verification.deny')`,
      )) as unknown as { rows: { n: number }[] };
      expect(rows[0]!.n).toBe(1);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { onPostgres } from '../../../test/db.js';

/**
 * Simultaneous reports of one user (only a real PostgreSQL server runs them at the same time): the
 * daily limit and the one-report-per-offer rule each hold exactly.
 */
describe.skipIf(!onPostgres())('offer reports under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let owner: TestClient;
  const hashes: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ REPORTS_MAX_PER_DAY: '2' });
    owner = t.client();
    await owner.register('rr_owner');
    for (let i = 0; i < 6; i += 1) {
      const response = await owner.post('/rest/v1/my-offers', {
        type: 'buy',
        crypto_currency_code: 'BTC',
        fiat_currency_code: 'USD',
        payment_method: 'bank-transfer',
        margin: '1',
        range_min: '10',
        range_max: '500',
      });
      hashes.push(response.json().data.idHashed as string);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('should let exactly one of simultaneous reports of the same offer through', async () => {
    const reporter = t.client();
    await reporter.register('rr_same');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        reporter.post(`/rest/v1/offers/${hashes[0]}/report`, { reason: 'obvious_scam' }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
  });

  it('should never let simultaneous reports pass the daily limit', async () => {
    const reporter = t.client();
    await reporter.register('rr_many');
    const answers = await Promise.all(
      hashes.map((hash) => reporter.post(`/rest/v1/offers/${hash}/report`, { reason: 'negotiation' })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 429)).toHaveLength(4);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../test/db.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { kycLevelsEnv } from '../../../test/kyc-levels.js';
import { tradeScenario } from '../../../test/trade-scenario.js';
import { fiatPerUnit } from '../rates/index.js';

/**
 * The send-out window under concurrency (PostgreSQL: PGlite runs one transaction at a time): each
 * withdrawal adds up the window under the sender's row lock, so simultaneous ones are counted one after
 * the other and the limit holds exactly.
 */
describe.skipIf(!onPostgres())('KYC send-out limit under concurrency (PostgreSQL)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kycLevelsEnv({ withdrawalUsd: 100 }));
  });
  afterAll(() => t.close());

  it('should let exactly as many of 20 simultaneous send-outs through as the limit covers', async () => {
    const s = tradeScenario(t);
    const sender = await s.party('krs');
    const receiver = await s.party('krr');
    await s.fund(sender.name, '1');
    const btcUsd = Number(fiatPerUnit(await t.app.rates.view(), 'BTC', 'USD'));
    // Just under 10 USD each: ten fit under 100 USD, the eleventh does not.
    const amount = (9.5 / btcUsd).toFixed(8);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        sender.c.post('/rest/v2/wallet/withdraw', {
          crypto_currency_code: 'BTC',
          amount,
          username: receiver.name,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 422)).toHaveLength(10);
    for (const refused of answers.filter((answer) => answer.statusCode === 422)) {
      expect(refused.json().errors[0].details[0].code).toBe('WITHDRAWAL_LIMIT');
    }
    const { rows } = (await t.database.db.execute(
      sql`SELECT coalesce(sum(amount_usd), 0)::float AS usd FROM withdrawals WHERE user_id = ${sender.id}`,
    )) as unknown as { rows: { usd: number }[] };
    expect(rows[0]!.usd).toBeLessThanOrEqual(100);
  });
});

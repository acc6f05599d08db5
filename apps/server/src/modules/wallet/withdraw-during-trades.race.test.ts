import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { kycLevelsEnv } from '../../../test/kyc-levels.js';
import { onPostgres } from '../../../test/db.js';
import { tradeScenario } from '../../../test/trade-scenario.js';
import { checkLedger, createLedger } from '../ledger/index.js';

/** These tests are about the wallet, not the KYC levels' send-out limits (their own tests are). */
const NO_WITHDRAWAL_LIMIT = kycLevelsEnv({ withdrawalUsd: null });

/**
 * Withdrawals are no longer refused while trades run (issue 10, item 1), so a withdrawal of the whole
 * available balance and a trade start on the same seller now meet at the ledger's account lock: exactly
 * one of them gets the money, the other fails with its own clean refusal, and nothing overdraws.
 */
describe.skipIf(!onPostgres())('a withdrawal racing a trade start (PostgreSQL)', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  beforeAll(async () => {
    t = await createTestApp({ ...NO_WITHDRAWAL_LIMIT });
    s = tradeScenario(t);
  });
  afterAll(async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
    await t.close();
  });

  it('should let exactly one of them take the balance, round after round', async () => {
    const ledger = createLedger(t.database.db);
    const friend = await s.party('friend');
    for (let round = 0; round < 6; round += 1) {
      const seller = await s.party('seller');
      await s.fund(seller.name, '0.001');
      const offer = await s.sellOffer(seller);
      const buyer = await s.party('buyer');
      const [withdrawal, start] = await Promise.all([
        seller.c.post('/rest/v2/wallet/withdraw', {
          crypto_currency_code: 'BTC',
          amount: '0.001',
          username: friend.name,
        }),
        buyer.c.post('/rest/v1/trade/start', { offer_hash: offer, fiat_amount: '10' }),
      ]);
      const outcome = `${withdrawal.statusCode}/${start.statusCode}`;
      expect(['201/422', '422/201'], `${outcome} ${withdrawal.body} ${start.body}`).toContain(outcome);
      if (withdrawal.statusCode === 422) {
        expect(withdrawal.json().errors[0].details[0]).toMatchObject({
          field: 'amount',
          code: 'insufficient_funds',
        });
      } else {
        expect(start.json().errors[0].code).toBe('LowBalance');
      }
      const balance = (await ledger.balancesOf(seller.id)).get('BTC')!;
      expect(balance.available).toBeGreaterThanOrEqual(0n);
      expect(balance.available + balance.escrow).toBeLessThanOrEqual(100_000n);
    }
  });
});

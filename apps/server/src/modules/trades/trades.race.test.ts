import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount, tradeSchema, type Trade } from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { onPostgres } from '../../../test/db.js';
import { kycLevelsEnv } from '../../../test/kyc-levels.js';
import { runAdminCommand } from '../../cli/commands.js';
import { checkLedger, createLedger, type Ledger } from '../ledger/index.js';
import { tradesRepository } from './repository.js';

type Party = { c: TestClient; id: number; name: string };

/**
 * Races only a real PostgreSQL server can show (PGlite runs one transaction at a time): concurrent
 * requests on one trade through the whole HTTP stack. Each race ends in exactly one outcome, the money
 * matches that outcome, and the ledger reconciles.
 */
describe.skipIf(!onPostgres())('trades under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let ledger: Ledger;
  let seller: Party;
  let buyer: Party;
  let offer: string;
  let n = 0;

  const party = async (prefix: string): Promise<Party> => {
    n += 1;
    const c = t.client();
    const name = `${prefix}${n}`;
    const { id } = await c.register(name);
    return { c, id, name };
  };
  const units = (amount: string) => {
    const parsed = parseAmount(amount, 8);
    return parsed.ok ? parsed.units : 0n;
  };
  const btc = async (userId: number) =>
    (await ledger.balancesOf(userId)).get('BTC') ?? { available: 0n, escrow: 0n, bond: 0n };
  const start = async (client: TestClient, hash: string, amount: string): Promise<Trade> => {
    const response = await client.post('/rest/v1/trade/start', { offer_hash: hash, fiat_amount: amount });
    expect(response.statusCode, response.body).toBe(201);
    return tradeSchema.parse(response.json().data);
  };
  const statusOf = async (hash: string) => (await buyer.c.get(`/rest/v1/trade/${hash}`)).json().data.status;
  const createOffer = async (extra: Record<string, unknown> = {}) => {
    const response = await seller.c.post('/rest/v1/my-offers', {
      type: 'sell',
      crypto_currency_code: 'BTC',
      fiat_currency_code: 'USD',
      payment_method: 'bank-transfer',
      margin: '0',
      range_min: '10',
      range_max: '500',
      payment_window: 60,
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.idHashed as string;
  };

  beforeAll(async () => {
    // Limits out of the way: these tests are about concurrency, not the start rules.
    t = await createTestApp({
      ...kycLevelsEnv({ maxActiveTrades: 1000, dailyTradeUsd: 100_000_000, lifetimeTradeUsd: null }),
    });
    ledger = createLedger(t.database.db);
    seller = await party('rseller');
    buyer = await party('rbuyer');
    await runAdminCommand({ db: t.database.db, config: t.config }, [
      'wallet:deposit',
      '--user',
      seller.name,
      '--crypto',
      'BTC',
      '--amount',
      '20',
    ]);
    offer = await createOffer();
  });
  afterAll(async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
    await t.close();
  });

  it('should end release racing cancel in exactly one outcome, with the money to match', async () => {
    const trades = await Promise.all(Array.from({ length: 12 }, () => start(buyer.c, offer, '50')));
    for (const trade of trades) await buyer.c.post(`/rest/v1/trade/${trade.id}/paid`);
    const buyerBefore = await btc(buyer.id);
    const sellerBefore = await btc(seller.id);
    const results = await Promise.all(
      trades.map((trade) =>
        Promise.all([
          seller.c.post(`/rest/v1/trade/${trade.id}/release`),
          buyer.c.post(`/rest/v1/trade/${trade.id}/cancel`),
        ]),
      ),
    );
    let released = 0n;
    let refunded = 0n;
    for (const [i, [release, cancel]] of results.entries()) {
      const trade = trades[i]!;
      expect([release.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
      const status = await statusOf(trade.id);
      expect(status).toBe(release.statusCode === 200 ? 'released' : 'cancelled_buyer');
      if (status === 'released') released += units(trade.buyerReceives);
      else refunded += units(trade.escrowAmount);
    }
    expect((await btc(buyer.id)).available - buyerBefore.available).toBe(released);
    expect((await btc(seller.id)).available - sellerBefore.available).toBe(refunded);
    expect((await btc(seller.id)).escrow).toBe(0n);
  });

  it('should release once when two releases race', async () => {
    const trades = await Promise.all(Array.from({ length: 10 }, () => start(buyer.c, offer, '40')));
    const before = await btc(buyer.id);
    const results = await Promise.all(
      trades.map((trade) =>
        Promise.all([
          seller.c.post(`/rest/v1/trade/${trade.id}/release`),
          seller.c.post(`/rest/v1/trade/${trade.id}/release`),
        ]),
      ),
    );
    for (const [a, b] of results) expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const expected = trades.reduce((sum, trade) => sum + units(trade.buyerReceives), 0n);
    expect((await btc(buyer.id)).available - before.available).toBe(expected);
  });

  it('should end expiry racing mark-paid in exactly one outcome', async () => {
    const trades = await Promise.all(Array.from({ length: 12 }, () => start(buyer.c, offer, '30')));
    const sellerBefore = await btc(seller.id);
    // The sweeper judges "due" two hours ahead while the buyer's request still sees an open window.
    const later = new Date(Date.now() + 2 * 3_600_000);
    const [expired, ...paid] = await Promise.all([
      t.app.trades.expireDue({ asOf: later, batch: 3 }),
      ...trades.map((trade) => buyer.c.post(`/rest/v1/trade/${trade.id}/paid`)),
    ]);
    let refunded = 0n;
    let expiredCount = 0;
    for (const [i, response] of paid.entries()) {
      const trade = trades[i]!;
      const status = await statusOf(trade.id);
      if (response.statusCode === 200) expect(status).toBe('paid');
      else {
        expect(response.statusCode).toBe(409);
        expect(status).toBe('cancelled_system');
        expiredCount += 1;
        refunded += units(trade.escrowAmount);
      }
    }
    expect(expiredCount).toBe(expired);
    expect((await btc(seller.id)).available - sellerBefore.available).toBe(refunded);
    for (const trade of trades) {
      if ((await statusOf(trade.id)) === 'paid') await seller.c.post(`/rest/v1/trade/${trade.id}/release`);
    }
  });

  it('should let a chat post through while the expiry job holds its trade, and then expire it', async () => {
    const trade = await start(buyer.c, offer, '25');
    const row = await tradesRepository.findByHash(t.database.db, trade.id);
    const later = new Date(Date.now() + 2 * 3_600_000);
    const posted = await t.database.db.transaction(async (tx) => {
      const due = await tradesRepository.lockDueForExpiry(tx, later, 1, row!.id);
      expect(due.map((d) => d.hash)).toEqual([trade.id]);
      // The post's insert checks its trade under a key-share lock: the job's lock must not block it,
      // since the job will next wait for the record chain the post holds (a deadlock with FOR UPDATE).
      return Promise.race([
        buyer.c.post(`/rest/v1/trade/${trade.id}/messages`, { text: 'still here' }),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 3_000)),
      ]);
    });
    expect(posted?.statusCode, posted?.body).toBe(201);
    expect(await t.app.trades.expireDue({ asOf: later, tradeId: row!.id })).toBe(1);
    expect(await statusOf(trade.id)).toBe('cancelled_system');
  });

  it('should expire each due trade once when several sweepers run at once', async () => {
    const trades = await Promise.all(Array.from({ length: 20 }, () => start(buyer.c, offer, '20')));
    const sellerBefore = await btc(seller.id);
    await t.database.db.execute(
      sql`UPDATE trades SET expires_at = now() - interval '1 minute' WHERE status = 'active_funded'`,
    );
    const counts = await Promise.all(Array.from({ length: 4 }, () => t.app.trades.expireDue({ batch: 4 })));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(trades.length);
    for (const trade of trades) expect(await statusOf(trade.id)).toBe('cancelled_system');
    const refunded = trades.reduce((sum, trade) => sum + units(trade.escrowAmount), 0n);
    expect((await btc(seller.id)).available - sellerBefore.available).toBe(refunded);
  });

  it('should consume an offer cap exactly when starts race', async () => {
    const capped = await createOffer({ offer_cap: { amount: '500', active: true } });
    const takers = await Promise.all(Array.from({ length: 10 }, () => party('rtaker')));
    const responses = await Promise.all(
      takers.map((taker) => taker.c.post('/rest/v1/trade/start', { offer_hash: capped, fiat_amount: '100' })),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    for (const r of responses.filter((x) => x.statusCode !== 201)) {
      expect(r.json().errors[0].code).toBe('OFFER_CAP_REACHED');
    }
    for (const [i, r] of responses.entries()) {
      if (r.statusCode === 201) await takers[i]!.c.post(`/rest/v1/trade/${r.json().data.id}/cancel`);
    }
  });
});

describe.skipIf(!onPostgres())('per-taker limits under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Default limits: at most 2 active trades while the ID is not verified.
    t = await createTestApp();
  });
  afterAll(async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
    await t.close();
  });

  it('should let one taker hold exactly the allowed active trades when starts race', async () => {
    const seller = t.client();
    await seller.register('lseller');
    await runAdminCommand({ db: t.database.db, config: t.config }, [
      'wallet:deposit',
      '--user',
      'lseller',
      '--crypto',
      'BTC',
      '--amount',
      '1',
    ]);
    const offers: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await seller.post('/rest/v1/my-offers', {
        type: 'sell',
        crypto_currency_code: 'BTC',
        fiat_currency_code: 'USD',
        payment_method: 'bank-transfer',
        margin: '0',
        range_min: '10',
        range_max: '500',
      });
      offers.push(response.json().data.idHashed as string);
    }
    const taker = t.client();
    await taker.register('ltaker');
    // Different offers, so only the taker's own row lock orders these starts.
    const responses = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        taker.post('/rest/v1/trade/start', { offer_hash: offers[i % 3], fiat_amount: '20' }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(2);
    for (const r of responses.filter((x) => x.statusCode !== 201)) {
      expect(r.json().errors[0].code).toBe('max_2_active_trades_id_not_verified');
    }
    const active = (await taker.get('/rest/v1/trade/active')).json().data.trades;
    expect(active).toHaveLength(2);
  });
});

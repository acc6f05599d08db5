import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currentUserSchema,
  formatDecimal,
  kycLevelCheckSchema,
  kycLevelsInfoSchema,
  kycLimitationsSchema,
  multiply,
  parseDecimal,
  rescale,
  type KycRequirement,
} from '@app/contract';
import { usersChanged } from '../../platform/db/changes.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { kycLevelsEnv } from '../../../test/kyc-levels.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';
import { fiatPerUnit } from '../rates/index.js';

/**
 * KYC levels through the HTTP stack (decision 0037): where a trader stands and what their level allows,
 * the limits applied by the trade start, the wallet and the offers, and what a verification raises.
 * Verifications are written straight into `user_kyc` here (the flows have their own tests).
 */
describe('KYC levels and limits', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  let seller: Party;
  let offer: string;

  const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
  /** Proves requirements for a user the way the verification flows and the e-mail/phone checks do. */
  async function prove(userId: number, ...requirements: KycRequirement[]) {
    if (requirements.includes('email')) {
      await exec(sql`UPDATE users SET is_email_verified = true WHERE id = ${userId}`);
    }
    if (requirements.includes('phone')) {
      await exec(sql`UPDATE users SET phone = ${`+4420${String(userId).padStart(8, '0')}`},
        phone_verified_at = now() WHERE id = ${userId}`);
    }
    const at = (r: KycRequirement) => (requirements.includes(r) ? sql`now()` : sql`NULL`);
    await exec(sql`INSERT INTO user_kyc (user_id, id_document_at, selfie_at, address_at, video_at, company_at)
      VALUES (${userId}, ${at('id_document')}, ${at('selfie')}, ${at('address')}, ${at('video')}, ${at('company')})
      ON CONFLICT (user_id) DO UPDATE SET id_document_at = excluded.id_document_at,
        selfie_at = excluded.selfie_at, address_at = excluded.address_at, video_at = excluded.video_at,
        company_at = excluded.company_at`);
  }
  const info = async (party: Party) => {
    const response = await party.c.get('/rest/v1/limits/levels-info');
    expect(response.statusCode, response.body).toBe(200);
    return kycLevelsInfoSchema.parse(response.json().data);
  };
  const limitations = async (party: Party, area = 'dashboard') => {
    const response = await party.c.get(`/rest/v1/limits/${area}-level-limitations`);
    expect(response.statusCode, response.body).toBe(200);
    return kycLimitationsSchema.parse(response.json().data);
  };
  const me = async (party: Party) =>
    currentUserSchema.parse((await party.c.get('/rest/v1/users/current_user')).json().data);

  beforeAll(async () => {
    // Small limits, so each can be reached with small trades: L0 1,000 a trade, 1,500 in all.
    t = await createTestApp(
      kycLevelsEnv(
        { perTradeUsd: 100, dailyTradeUsd: 1_000, lifetimeTradeUsd: 150, withdrawalUsd: 0 },
        {
          below: 'L2',
        },
      ),
    );
    s = tradeScenario(t);
    seller = await s.party('kycs');
    await s.fund(seller.name, '1');
    offer = await s.sellOffer(seller);
  });
  afterAll(() => t.close());

  it('should place a new trader at L0 and raise them as they prove more', async () => {
    const trader = await s.party('kycl');
    const first = await info(trader);
    expect(first).toMatchObject({ current: 'L0', next: 'L1' });
    expect(first.levels.map((level) => level.id)).toEqual(['L0', 'L1', 'L1+', 'L2', 'L2+POA', 'L3', 'L4']);
    expect(first.requirements.every((r) => !r.met)).toBe(true);
    await prove(trader.id, 'email');
    expect((await info(trader)).current).toBe('L1');
    await prove(trader.id, 'email', 'phone');
    expect((await info(trader)).current).toBe('L1+');
    await prove(trader.id, 'email', 'phone', 'id_document');
    expect((await info(trader)).current).toBe('L1+');
    await prove(trader.id, 'email', 'phone', 'id_document', 'selfie');
    const l2 = await info(trader);
    expect(l2).toMatchObject({ current: 'L2', next: 'L2+POA' });
    expect(l2.requirements.filter((r) => r.met).map((r) => r.requirement)).toEqual([
      'email',
      'phone',
      'id_document',
      'selfie',
    ]);
    const user = await me(trader);
    expect(user).toMatchObject({ isIdVerified: true, isAddressVerified: false, isCompanyVerified: false });
    expect(user.kycLevelCheck).toMatchObject({ level: 2, levelId: 'L2' });
  });

  it('should show the limits of an area with what was used of them', async () => {
    const trader = await s.party('kycu');
    const trade = await s.start(trader, offer, '60');
    const dashboard = await limitations(trader);
    expect(dashboard).toMatchObject({ area: 'dashboard', level: 'L0', accountLevel: 0 });
    expect(dashboard.trade).toMatchObject({
      perTradeUsd: '100.00',
      maxActiveTrades: 2,
      activeTrades: 1,
      daily: { limitUsd: '1000.00', usedUsd: '60.00', leftUsd: '940.00' },
      lifetime: { limitUsd: '150.00', usedUsd: '60.00', leftUsd: '90.00' },
    });
    expect(dashboard.wallet).toMatchObject({ withdrawal: { limitUsd: '0.00', leftUsd: '0.00' }, days: 1 });
    expect((await limitations(trader, 'wallet')).trade).toBeNull();
    expect((await limitations(trader, 'trade')).wallet).toBeNull();
    // The spec's area names in any case; anything else is a 422, never a 500.
    expect((await trader.c.get('/rest/v1/limits/Dashboard-level-limitations')).statusCode).toBe(200);
    for (const bad of ['moon-level-limitations', 'dashboard', '%00-level-limitations', 'x'.repeat(5000)]) {
      expect((await trader.c.get(`/rest/v1/limits/${bad}`)).statusCode, bad).toBe(422);
    }
    const snake = await trader.c.get('/rest/v1/limits/dashboard-level-limitations?case=snake');
    expect(snake.json().data.trade.max_active_trades).toBe(2);
    expect(dashboard.tradeInFiat).toBeNull();
    expect((await trader.c.post(`/rest/v1/trade/${trade.id}/cancel`)).statusCode).toBe(200);
  });

  it('should give the trade limits in a currency at the current rate, rounded down to cents', async () => {
    const trader = await s.party('kycf');
    await s.start(trader, offer, '60');
    const read = async (query: string) => {
      const response = await trader.c.get(`/rest/v1/limits/trade-level-limitations${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return kycLimitationsSchema.parse(response.json().data);
    };
    expect((await read('?fiatCurrencyCode=usd')).tradeInFiat).toEqual({
      fiatCurrencyCode: 'USD',
      perTrade: '100.00',
      dailyLimit: '1000.00',
      dailyLeft: '940.00',
      lifetimeLeft: '90.00',
    });
    // In euros: the same limits at the rates module's USD/EUR, never rounded up.
    const eurPerUsd = (await t.app.rates.view()).usdFiat.get('EUR')!;
    const eur = (await read('?fiatCurrencyCode=EUR')).tradeInFiat!;
    const expected = (usd: string) =>
      formatDecimal(rescale(multiply(parseDecimal(usd), parseDecimal(eurPerUsd)), 2, 'down'));
    expect(eur).toEqual({
      fiatCurrencyCode: 'EUR',
      perTrade: expected('100'),
      dailyLimit: expected('1000'),
      dailyLeft: expected('940'),
      lifetimeLeft: expected('90'),
    });
    // The wallet area has no trade limits to convert; a currency without a rate is the field's 422.
    expect(
      kycLimitationsSchema.parse(
        (await trader.c.get('/rest/v1/limits/wallet-level-limitations?fiatCurrencyCode=EUR')).json().data,
      ).tradeInFiat,
    ).toBeNull();
    for (const bad of ['ZZZ', '%00', 'E'.repeat(5000)]) {
      const response = await trader.c.get(`/rest/v1/limits/trade-level-limitations?fiatCurrencyCode=${bad}`);
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().errors[0].details[0].field).toBe('fiatCurrencyCode');
    }
    const snake = await trader.c.get(
      '/rest/v1/limits/trade-level-limitations?fiatCurrencyCode=EUR&case=snake',
    );
    expect(snake.json().data.trade_in_fiat.daily_left).toBe(eur.dailyLeft);
    // Twenty at once read the same.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        trader.c.get('/rest/v1/limits/trade-level-limitations?fiatCurrencyCode=EUR'),
      ),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a.json().data.tradeInFiat))).size).toBe(1);
    expect(
      (await t.client().get('/rest/v1/limits/trade-level-limitations?fiatCurrencyCode=EUR')).statusCode,
    ).toBe(401);
  });

  it('should answer the unused trading volume in the trader’s currency or the one asked', async () => {
    const trader = await s.party('kycc');
    const usd = kycLevelCheckSchema.parse((await trader.c.get('/rest/v1/users/kyc-check')).json().data);
    expect(usd).toEqual({
      level: 0,
      levelId: 'L0',
      unusedTradingVolumeInFiatCurrency: '150.00',
      fiatCurrencyCode: 'USD',
    });
    const eur = kycLevelCheckSchema.parse(
      (await trader.c.get('/rest/v1/users/kyc-check?fiatCurrencyCode=eur')).json().data,
    );
    expect(eur.fiatCurrencyCode).toBe('EUR');
    expect(Number(eur.unusedTradingVolumeInFiatCurrency)).toBeGreaterThan(100);
    expect(Number(eur.unusedTradingVolumeInFiatCurrency)).toBeLessThan(200);
    const unknown = await trader.c.get('/rest/v1/users/kyc-check?fiatCurrencyCode=ZZZ');
    expect(unknown.statusCode).toBe(422);
    expect((await trader.c.get('/rest/v1/users/kyc-check?fiatCurrencyCode=%0A')).statusCode).toBe(422);
    // Above the levels with a lifetime limit there is nothing to count down.
    await prove(trader.id, 'email', 'phone', 'id_document', 'selfie', 'address');
    const unlimited = kycLevelCheckSchema.parse((await trader.c.get('/rest/v1/users/kyc-check')).json().data);
    expect(unlimited).toMatchObject({ levelId: 'L2+POA', unusedTradingVolumeInFiatCurrency: null });
  });

  it('should keep the calls to logged-in traders', async () => {
    const visitor = t.client();
    for (const path of [
      '/rest/v1/limits/levels-info',
      '/rest/v1/limits/dashboard-level-limitations',
      '/rest/v1/users/kyc-check',
    ]) {
      expect((await visitor.get(path)).statusCode, path).toBe(401);
    }
  });

  it('should refuse a trade above the level’s limits, and allow it once the trader is verified', async () => {
    const trader = await s.party('kyct');
    const start = (amount: string) =>
      trader.c.post('/rest/v1/trade/start', { offer_hash: offer, fiat_amount: amount });
    const tooBig = await start('101');
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors[0]).toMatchObject({ code: 'max_per_trade_limit' });
    expect(tooBig.json().errors[0].message).toContain('(L0)');
    const first = await start('100');
    expect(first.statusCode, first.body).toBe(201);
    // 100 used of 150: another 60 is over the level's lifetime volume, and the banner is not up yet.
    expect((await me(trader)).kycIdRequired).toBe(false);
    const over = await start('60');
    expect(over.statusCode).toBe(422);
    expect(over.json().errors[0].code).toBe('KycTradeLimit');
    await trader.c.post(`/rest/v1/trade/${first.json().data.id}/paid`);
    expect((await seller.c.post(`/rest/v1/trade/${first.json().data.id}/release`)).statusCode).toBe(200);
    const fifty = await start('50');
    expect(fifty.statusCode, fifty.body).toBe(201);
    await trader.c.post(`/rest/v1/trade/${fifty.json().data.id}/cancel`);
    // Verified (L2): the default limits apply again.
    await prove(trader.id, 'email', 'phone', 'id_document', 'selfie');
    const after = await start('400');
    expect(after.statusCode, after.body).toBe(201);
    await trader.c.post(`/rest/v1/trade/${after.json().data.id}/cancel`);
  });

  it('should raise the banner once the level’s volume is used up', async () => {
    const trader = await s.party('kycb');
    const trade = await s.start(trader, offer, '100');
    await s.markPaid(trader, trade.id);
    expect((await seller.c.post(`/rest/v1/trade/${trade.id}/release`)).statusCode).toBe(200);
    const second = await s.start(trader, offer, '50');
    await s.markPaid(trader, second.id);
    expect((await seller.c.post(`/rest/v1/trade/${second.id}/release`)).statusCode).toBe(200);
    const user = await me(trader);
    expect(user.kycIdRequired).toBe(true);
    expect(user.kycLevelCheck.unusedTradingVolumeInFiatCurrency).toBe('0.00');
  });

  it('should refuse sending crypto out below an ID, and let it out once verified', async () => {
    const trader = await s.party('kycw');
    await s.fund(trader.name, '0.01');
    const send = () =>
      trader.c.post('/rest/v2/wallet/withdraw', {
        crypto_currency_code: 'BTC',
        amount: '0.001',
        username: seller.name,
      });
    const refused = await send();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('ID_REQUIRED');
    const conditions = await trader.c.get('/rest/v2/wallet/withdraw-conditions?crypto_currency_code=BTC');
    expect(conditions.json().data.blockReason).toBe('ID_REQUIRED');
    await prove(trader.id, 'email', 'phone', 'id_document', 'selfie');
    const sent = await send();
    expect(sent.statusCode, sent.body).toBe(201);
  });
});

describe('KYC levels: blocked actions and the send-out window', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;

  beforeAll(async () => {
    // L0 may do nothing but look; L1 (a verified e-mail) may trade; everyone sends out 100 USD a day.
    t = await createTestApp(
      kycLevelsEnv(
        { withdrawalUsd: 100 },
        {
          blockedBelow: 'L1',
          blockedActions: [
            'create-offer',
            'activate-offer',
            'start-trade-buy',
            'start-trade-sell',
            'use-wallet',
            'view-trade',
          ],
        },
      ),
    );
    s = tradeScenario(t);
  });
  afterAll(() => t.close());

  it('should refuse each blocked action with KYC_ACTION_BLOCKED and the level that allows it', async () => {
    const owner = await s.party('kbo');
    const created = await owner.c.post('/rest/v1/my-offers', {
      type: 'sell',
      crypto_currency_code: 'BTC',
      fiat_currency_code: 'USD',
      payment_method: 'bank-transfer',
      margin: '0',
      range_min: '10',
      range_max: '500',
      payment_window: 60,
    });
    expect(created.statusCode).toBe(403);
    expect(created.json().errors[0]).toMatchObject({ code: 'KYC_ACTION_BLOCKED' });
    expect(created.json().errors[0].message).toContain('L1');
    await t.database.db.execute(sql`UPDATE users SET is_email_verified = true WHERE id = ${owner.id}`);
    await s.fund(owner.name, '0.1');
    const offer = await s.sellOffer(owner);
    const taker = await s.party('kbt');
    const start = await taker.c.post('/rest/v1/trade/start', { offer_hash: offer, fiat_amount: '20' });
    expect(start.statusCode).toBe(403);
    expect(start.json().errors[0].code).toBe('KYC_ACTION_BLOCKED');
    // Verified to L1, the taker starts one; back at L0 (the e-mail taken back) they may not even look at it.
    await t.database.db.execute(sql`UPDATE users SET is_email_verified = true WHERE id = ${taker.id}`);
    const trade = await s.start(taker, offer, '20');
    expect((await taker.c.get(`/rest/v1/trade/${trade.id}`)).statusCode).toBe(200);
    await t.database.db.execute(sql`UPDATE users SET is_email_verified = false WHERE id = ${taker.id}`);
    // Written in the table, so announced as the product's writes are (the trade page is kept per party).
    usersChanged(t.database.db, [taker.id]);
    const look = await taker.c.get(`/rest/v1/trade/${trade.id}`);
    expect(look.statusCode).toBe(403);
    expect(look.json().errors[0].code).toBe('KYC_ACTION_BLOCKED');
    expect((await owner.c.get(`/rest/v1/trade/${trade.id}`)).statusCode).toBe(200);
    const send = await taker.c.post('/rest/v2/wallet/withdraw', {
      crypto_currency_code: 'BTC',
      amount: '0.001',
      username: owner.name,
    });
    expect(send.statusCode).toBe(403);
    expect(send.json().errors[0].code).toBe('ID_REQUIRED');
  });

  it('should add up the send-outs of the window and refuse the one that would pass the limit', async () => {
    const sender = await s.party('kbs');
    const receiver = await s.party('kbr');
    await t.database.db.execute(sql`UPDATE users SET is_email_verified = true WHERE id = ${sender.id}`);
    await s.fund(sender.name, '0.01');
    // About 40 USD each at the current BTC price: two pass, the third would pass 100 USD.
    const btcUsd = Number(fiatPerUnit(await t.app.rates.view(), 'BTC', 'USD'));
    expect(btcUsd).toBeGreaterThan(0);
    const unit = (40 / btcUsd).toFixed(8);
    const send = () =>
      sender.c.post('/rest/v2/wallet/withdraw', {
        crypto_currency_code: 'BTC',
        amount: unit,
        username: receiver.name,
      });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);
    const third = await send();
    expect(third.statusCode).toBe(422);
    expect(third.json().errors[0].details[0]).toMatchObject({ field: 'amount', code: 'WITHDRAWAL_LIMIT' });
  });
});

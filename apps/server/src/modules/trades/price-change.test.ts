import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  divide,
  errorEnvelopeSchema,
  formatBaseUnits,
  parseDecimal,
  tradePriceChangedErrorSchema,
  tradeSchema,
  TRADE_PRICE_TOLERANCE_PERCENT,
} from '@app/contract';
import { createTestApp, sellOfferBody, type TestApp, type TestClient } from '../../../test/helpers.js';
import { runAdminCommand } from '../../cli/commands.js';
import { checkLedger, createLedger, type Ledger } from '../ledger/index.js';

/**
 * The price-change rule at trade start, through the whole HTTP stack: the taker sends the price they
 * confirmed (`expected_price`); beyond TRADE_PRICE_TOLERANCE_PERCENT the start answers 409
 * `price_changed` with the new price and crypto amount and creates nothing (no trade, no escrow);
 * within it, or confirming the new price, the trade starts at the server's price.
 */
describe('the price-change rule at trade start', () => {
  let t: TestApp;
  let ledger: Ledger;
  let seller: { c: TestClient; id: number };
  let buyer: TestClient;
  let offer: string;

  const tradeCount = async () =>
    Number(
      ((await t.database.db.execute(sql`SELECT count(*)::int AS n FROM trades`)) as { rows: { n: number }[] })
        .rows[0]!.n,
    );
  const sellerBtc = async () => (await ledger.balancesOf(seller.id)).get('BTC');
  const shownPrice = async () =>
    (await buyer.get(`/rest/v1/offers/${offer}`)).json().data.offer.fiatPricePerCrypto as string;
  /** The market moves: BTC/USD times `factor`, as a rates tick would store it. */
  const moveMarket = async (factor: string) => {
    await t.database.db.execute(
      sql`UPDATE current_rates SET rate = rate * ${factor}::numeric WHERE base = 'BTC' AND quote = 'USD'`,
    );
    await t.database.db.execute(sql`UPDATE rates_state SET version = version + 1`);
    await t.app.rates.reload();
  };
  const start = (body: Record<string, unknown>) =>
    buyer.post('/rest/v1/trade/start', { offer_hash: offer, fiat_amount: '100', ...body });

  beforeAll(async () => {
    t = await createTestApp();
    ledger = createLedger(t.database.db);
    const owner = t.client();
    const { id } = await owner.register('pricecseller');
    seller = { c: owner, id };
    const deposit = await runAdminCommand({ db: t.database.db, config: t.config }, [
      'wallet:deposit',
      '--user',
      'pricecseller',
      '--crypto',
      'BTC',
      '--amount',
      '1',
    ]);
    expect(deposit.exitCode).toBe(0);
    const created = await owner.post('/rest/v1/my-offers', sellOfferBody({ margin: '0' }));
    expect(created.statusCode, created.body).toBe(201);
    offer = created.json().data.idHashed as string;
    buyer = t.client();
    await buyer.register('pricecbuyer');
  });
  afterAll(async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
    await t.close();
  });

  it('should refuse with 409 price_changed beyond the tolerance, with the new price, creating nothing', async () => {
    const confirmed = await shownPrice();
    // +0.6 %: beyond 0.5 %.
    await moveMarket('1.006');
    const now = await shownPrice();
    const trades = await tradeCount();
    const balances = await sellerBtc();

    const response = await start({ expected_price: confirmed });
    expect(response.statusCode, response.body).toBe(409);
    // The envelope every error has, and the refusal's own part beside it.
    expect(errorEnvelopeSchema.safeParse(response.json()).success).toBe(true);
    const refusal = tradePriceChangedErrorSchema.parse(response.json().errors[0]);
    const crypto = formatBaseUnits(divide(parseDecimal('100'), parseDecimal(now), 8, 'down').units, 8);
    expect(refusal.priceChange).toEqual({
      expectedPrice: confirmed,
      price: now,
      fiatAmount: '100.00',
      fiatCurrencyCode: 'USD',
      cryptoAmount: crypto,
      cryptoCurrencyCode: 'BTC',
      tolerancePercent: TRADE_PRICE_TOLERANCE_PERCENT,
    });
    expect(refusal.message).toContain('Nothing was started');
    // Nothing created, nothing moved in the ledger.
    expect(await tradeCount()).toBe(trades);
    expect(await sellerBtc()).toEqual(balances);

    // Falling prices are shown too (the amount buys more): -0.6 % from what the taker now confirms.
    await moveMarket(String(1 / 1.006 / 1.006));
    const fallen = await start({ expected_price: now });
    expect(fallen.statusCode, fallen.body).toBe(409);
    expect(fallen.json().errors[0].code).toBe('price_changed');
    expect(await tradeCount()).toBe(trades);

    // Confirming again with the new price starts the trade at it.
    const again = await start({ expected_price: fallen.json().errors[0].priceChange.price });
    expect(again.statusCode, again.body).toBe(201);
    const trade = tradeSchema.parse(again.json().data);
    expect(trade.fiatPricePerCrypto).toBe(fallen.json().errors[0].priceChange.price);
    expect(trade.cryptoAmount.amount).toBe(fallen.json().errors[0].priceChange.cryptoAmount);
    expect(await tradeCount()).toBe(trades + 1);
    const cancel = await buyer.post(`/rest/v1/trade/${trade.id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
  });

  it('should start at the current price when it moved within the tolerance, and without the field', async () => {
    const confirmed = await shownPrice();
    // +0.4 %: within 0.5 %.
    await moveMarket('1.004');
    const now = await shownPrice();
    expect(now).not.toBe(confirmed);
    const within = await start({ expected_price: confirmed });
    expect(within.statusCode, within.body).toBe(201);
    const trade = tradeSchema.parse(within.json().data);
    // The trade takes the server's price, not the one sent.
    expect(trade.fiatPricePerCrypto).toBe(now);
    expect((await buyer.post(`/rest/v1/trade/${trade.id}/cancel`)).statusCode).toBe(200);

    // API clients that send no expected price keep today's behaviour, however far the price moved.
    await moveMarket('1.05');
    const plain = await start({});
    expect(plain.statusCode, plain.body).toBe(201);
    expect((await buyer.post(`/rest/v1/trade/${plain.json().data.id}/cancel`)).statusCode).toBe(200);
  });

  it('should answer 422 with a field detail for an expected price that is not a positive decimal', async () => {
    const trades = await tradeCount();
    const response = await start({ expected_price: 'about 96k' });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors[0].details[0].field).toBe('expected_price');
    expect(await tradeCount()).toBe(trades);
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestApp, sellOfferBody, TestClient, type TestApp } from '../../../test/helpers.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';

/**
 * CHAIN_XMR=off (decision 0055, "A coin switched off"): the operator restarts without Monero. The same
 * database is served by a second app with the setting; XMR must be gone from everything a trader meets,
 * offers made before must not list or start, and what already happened in XMR still reads.
 */
describe('a coin switched off (CHAIN_XMR=off)', () => {
  let t: TestApp;
  let off: FastifyInstance;
  let seller: Party;
  let buyer: Party;
  let xmrId: number;
  let offerHash: string;
  let tradeHash: string;
  /** The same person on the restarted server: sessions live in the database, a new login is simplest. */
  const onOff = async (party: Party) => {
    const c = new TestClient(off);
    expect((await c.login(party.name)).statusCode).toBe(200);
    return c;
  };
  const cryptoCodes = async (c: { get: TestClient['get'] }) =>
    (
      (await c.get('/rest/v2/wallet/crypto-currencies')).json().data.cryptoCurrencies as { code: string }[]
    ).map((x) => x.code);

  beforeAll(async () => {
    t = await createTestApp();
    const s = tradeScenario(t);
    seller = await s.party('xmr_seller');
    buyer = await s.party('xmr_buyer');
    await s.fund(seller.name, '50', 'XMR');
    const coins = (await t.client().get('/rest/v2/wallet/crypto-currencies')).json().data
      .cryptoCurrencies as { code: string; id: number }[];
    xmrId = coins.find((c) => c.code === 'XMR')!.id;
    offerHash = await s.sellOffer(seller, { crypto_currency_code: 'XMR' });
    // A second XMR offer's trade, started while Monero was on: it must still read and cancel afterwards.
    const other = await s.sellOffer(seller, { crypto_currency_code: 'XMR', margin: '1' });
    tradeHash = (await s.start(buyer, other, '20')).id;
    const saved = await buyer.c.post(`/rest/v1/favorites/offers/${offerHash}`);
    expect(saved.statusCode, saved.body).toBe(200);

    off = await buildApp({
      config: {
        ...t.config,
        chain: { ...t.config.chain, networks: { ...t.config.chain.networks!, XMR: 'off' } },
      },
      database: t.database,
      logger: false,
    });
    await off.ready();
  }, 60_000);

  afterAll(async () => {
    await off?.close();
    await t?.close();
  });

  it('should have listed the XMR offer while Monero was on', async () => {
    const search = await t.client().get(`/rest/v1/offers?type=buy&crypto_currency_id=${xmrId}&limit=20`);
    expect(search.statusCode, search.body).toBe(200);
    expect(JSON.stringify(search.json())).toContain(offerHash);
    expect(await cryptoCodes(t.client())).toContain('XMR');
  });

  it('should leave XMR out of the crypto list, the rates and the fee page', async () => {
    const anonymous = new TestClient(off);
    const codes = await cryptoCodes(anonymous);
    expect(codes).not.toContain('XMR');
    expect(codes).toEqual(expect.arrayContaining(['BTC', 'LTC', 'ETH', 'USDT', 'USDC']));
    const rates = await anonymous.get('/rest/v2/crypto-fiat-rates');
    expect(rates.statusCode).toBe(200);
    expect(rates.body).not.toMatch(/xmr/i);
    const coinRates = await anonymous.get('/rest/v2/wallet/crypto-currencies/rates');
    expect(coinRates.statusCode).toBe(200);
    expect(coinRates.body).not.toMatch(/xmr/i);
  });

  it('should refuse a new XMR offer with a field error', async () => {
    const c = await onOff(seller);
    const response = await c.post('/rest/v1/my-offers', {
      type: 'sell',
      crypto_currency_code: 'XMR',
      fiat_currency_code: 'USD',
      payment_method: 'bank-transfer',
      margin: '0',
      range_min: '10',
      range_max: '500',
      payment_window: 60,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors[0].details).toEqual([
      expect.objectContaining({ field: 'crypto_currency_code', code: 'unknown_crypto_currency' }),
    ]);
  });

  it('should not list the XMR offers made before in any search', async () => {
    const anonymous = new TestClient(off);
    const byCoin = await anonymous.get(`/rest/v1/offers?type=buy&crypto_currency_id=${xmrId}&limit=20`);
    expect(byCoin.statusCode, byCoin.body).toBe(422);
    expect(byCoin.json().errors[0].details[0]).toMatchObject({ field: 'crypto_currency_id' });
    const plain = await anonymous.get('/rest/v1/offers?type=buy&limit=20');
    expect(plain.statusCode).toBe(200);
    expect(plain.body).not.toContain(offerHash);
    const profile = await anonymous.get(
      `/rest/v1/users/${seller.name}/active-offers?crypto_currency_code=XMR`,
    );
    expect(profile.statusCode).toBe(422);
    expect(profile.body).not.toContain(offerHash);
    expect((await anonymous.get(`/rest/v1/offers/${offerHash}`)).statusCode).toBe(404);
  });

  it("should keep the XMR offers in their owner's list, where they can be switched off", async () => {
    const c = await onOff(seller);
    const list = await c.get('/rest/v1/my-offers/list');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).toContain(offerHash);
    const editor = await c.get(`/rest/v1/my-offers/${offerHash}`);
    expect(editor.statusCode, editor.body).toBe(200);
    const edit = await c.put(
      `/rest/v1/my-offers/${offerHash}`,
      sellOfferBody({ crypto_currency_code: 'XMR', margin: '2' }),
    );
    expect(edit.statusCode, edit.body).toBe(422);
    expect(edit.json().errors[0].details).toEqual([
      expect.objectContaining({ field: 'crypto_currency_code', code: 'unknown_crypto_currency' }),
    ]);
    const status = await c.put(`/rest/v1/my-offers/${offerHash}/status`, { new_status: 'inactive' });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().data.isActive).toBe(false);
    // Back on, for the start refused below: still unreachable.
    const on = await c.put(`/rest/v1/my-offers/${offerHash}/status`, { new_status: 'active' });
    expect(on.statusCode, on.body).toBe(200);
  });

  it("should still answer a buyer's favourites that hold an XMR offer (the page behind it is gone)", async () => {
    const c = await onOff(buyer);
    const favourites = await c.get('/rest/v1/favorites/offers');
    expect(favourites.statusCode, favourites.body).toBe(200);
    expect(favourites.body).toContain(offerHash);
  });

  it('should refuse to start a trade on an XMR offer made before', async () => {
    const c = await onOff(buyer);
    const response = await c.post('/rest/v1/trade/start', { offer_hash: offerHash, fiat_amount: '20' });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().errors[0].code).toBe('OFFER_NOT_AVAILABLE');
  });

  it('should show no XMR balance row and give no XMR deposit address', async () => {
    const c = await onOff(seller);
    const balances = await c.get('/rest/v2/wallet/balances');
    expect(balances.statusCode).toBe(200);
    expect(balances.body).not.toContain('XMR');
    expect(balances.body).toContain('BTC');
    const address = await c.get('/rest/v2/wallet/deposit-address?crypto_currency_code=XMR');
    expect(address.statusCode).toBe(422);
    expect(address.json().errors[0].details[0]).toMatchObject({ code: 'unknown_crypto_currency' });
  });

  it('should still show and cancel an XMR trade started while Monero was on', async () => {
    const c = await onOff(buyer);
    const trade = await c.get(`/rest/v1/trade/${tradeHash}`);
    expect(trade.statusCode, trade.body).toBe(200);
    // Presented with Monero's own 12 decimals and id, exactly as while it was on.
    const before = (await buyer.c.get(`/rest/v1/trade/${tradeHash}`)).json().data;
    expect(trade.json().data).toMatchObject({
      id: tradeHash,
      cryptoCurrencyCode: 'XMR',
      cryptoCurrencyId: xmrId,
      cryptoAmount: { decimals: 12, amount: before.cryptoAmount.amount },
      escrowAmount: before.escrowAmount,
    });
    const cancelled = await c.post(`/rest/v1/trade/${tradeHash}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });
});

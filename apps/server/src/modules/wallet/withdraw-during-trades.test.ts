import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { TEST_NETWORK_ADDRESSES } from '../../../test/addresses.js';
import { kycLevelsEnv } from '../../../test/kyc-levels.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';
import { checkLedger } from '../ledger/index.js';

/** These tests are about the wallet, not the KYC levels' send-out limits (their own tests are). */
const NO_WITHDRAWAL_LIMIT = kycLevelsEnv({ withdrawalUsd: null });

type Balance = { cryptoCurrencyCode: string; balance: string; escrowAmount: string };

/**
 * Issue 10, item 1: a running trade locks its escrow, not the rest of the wallet. A stranger who starts a
 * 10 USD trade and marks it paid without paying (paid trades never expire; a dispute freezes the escrow)
 * must not freeze the seller's whole balance.
 */
describe('withdrawals while trades run', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  let seller: Party;
  let friend: Party;
  let offer: string;

  const btc = async (client: TestClient) => {
    const response = await client.get('/rest/v2/wallet/balances');
    expect(response.statusCode).toBe(200);
    return (response.json().data as Balance[]).find((b) => b.cryptoCurrencyCode === 'BTC')!;
  };
  const send = (client: TestClient, amount: string, to: string) =>
    client.post('/rest/v2/wallet/withdraw', { crypto_currency_code: 'BTC', amount, username: to });
  const conditions = async (client: TestClient) =>
    (await client.get('/rest/v2/wallet/withdraw-conditions?crypto_currency_code=BTC')).json().data;

  beforeAll(async () => {
    t = await createTestApp({
      ...NO_WITHDRAWAL_LIMIT,
      TRADE_DISPUTE_AFTER_PAID_MINUTES: '0',
      WALLET_NETWORK_FEES: 'BTC:0.0001',
    });
    s = tradeScenario(t);
    seller = await s.party('seller');
    friend = await s.party('friend');
    await s.fund(seller.name, '0.5');
    offer = await s.sellOffer(seller);
  });
  afterAll(async () => {
    await t.close();
  });

  it('should let a seller with a paid, then disputed 10 USD trade send everything but the escrow', async () => {
    const buyer = await s.party('buyer');
    const trade = await s.start(buyer, offer, '10');
    await s.markPaid(buyer, trade.id);

    const paid = await btc(seller.c);
    expect(paid.escrowAmount).toBe(trade.escrowAmount);
    // Information only: the form stays open, and its maximum leaves the escrow alone.
    expect(await conditions(seller.c)).toMatchObject({ have_active_trades: true, withdraw_enabled: true });

    const half = (Number(paid.balance) / 2).toFixed(8);
    const first = await send(seller.c, half, friend.name);
    expect(first.statusCode, first.body).toBe(201);

    await s.openDispute(buyer, trade.id);
    const disputed = await btc(seller.c);
    const rest = await send(seller.c, disputed.balance, friend.name);
    expect(rest.statusCode, rest.body).toBe(201);

    const after = await btc(seller.c);
    expect(after).toMatchObject({ balance: '0.00000000', escrowAmount: trade.escrowAmount });
    // The escrowed part cannot leave: not one base unit more, to a user or to an address.
    const more = await send(seller.c, '0.00000001', friend.name);
    expect(more.statusCode).toBe(422);
    expect(more.json().errors[0].details[0]).toMatchObject({ field: 'amount', code: 'insufficient_funds' });
    const out = await seller.c.post('/rest/v2/wallet/withdraw', {
      crypto_currency_code: 'BTC',
      amount: trade.escrowAmount,
      address: TEST_NETWORK_ADDRESSES.BTC,
    });
    expect(out.statusCode).toBe(422);
    expect(out.json().errors[0].details[0]).toMatchObject({ field: 'amount', code: 'insufficient_funds' });
    expect((await conditions(seller.c)).maxAmount).toBe('0.00000000');

    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
  });

  it('should let the buyer of a running trade send their own balance', async () => {
    await s.fund(seller.name, '0.01');
    const buyer = await s.party('buyer');
    await s.fund(buyer.name, '0.01');
    await s.start(buyer, offer, '10');
    const response = await send(buyer.c, '0.01', friend.name);
    expect(response.statusCode, response.body).toBe(201);
  });
});

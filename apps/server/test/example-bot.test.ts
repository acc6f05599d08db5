import type { AddressInfo } from 'node:net';
import { createMarketClient } from '@app/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepricingBot, type BotConfig } from '../../../examples/repricing-bot/bot.js';
import { createTestApp, type TestApp } from './helpers.js';
import { tradeScenario, type Party } from './trade-scenario.js';

/**
 * The example bot (examples/repricing-bot) against the real server over HTTP: the typed client, API keys
 * and their scopes, the market search, the margin quick edit and the release, as a vendor's bot uses them.
 */
describe('example repricing bot', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  let baseUrl: string;
  let owner: Party;
  let rival: Party;
  let botOffer: string;
  const lines: string[] = [];

  const keyFor = async (party: Party, scopes: string[]) => {
    const response = await party.c.post('/rest/v1/api-keys', { name: 'repricing bot', scopes });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.secret as string;
  };
  const botWith = (apiKey: string, bounds: Partial<BotConfig> = {}) =>
    createRepricingBot(
      {
        baseUrl,
        apiKey,
        offerHash: botOffer,
        marginMin: -5,
        marginMax: 5,
        marginStep: 0.01,
        intervalSeconds: 60,
        ...bounds,
      },
      { log: (line) => lines.push(line) },
    );
  /** The market a buyer of BTC for USD by bank transfer sees, best first, as anyone's client reads it. */
  const topOfMarket = async (apiKey: string) => {
    const { data } = await createMarketClient({ baseUrl, apiKey }).GET('/rest/v1/offers', {
      params: { query: { type: 'buy', currency: 'USD', 'payment-method': 'bank-transfer' } },
    });
    return data?.data.offers.map((o) => ({ hash: o.hash, margin: o.margin })) ?? [];
  };
  const btcBalance = async (party: Party) => {
    const rows = (await party.c.get('/rest/v2/wallet/balances')).json().data as {
      cryptoCurrencyCode: string;
      balance: string;
    }[];
    return Number(rows.find((r) => r.cryptoCurrencyCode === 'BTC')?.balance ?? '0');
  };

  beforeAll(async () => {
    t = await createTestApp();
    s = tradeScenario(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // Two vendors selling BTC for USD by bank transfer: the rival is cheaper.
    owner = await s.party('botowner');
    rival = await s.party('rival');
    await s.fund(owner.name, '0.05');
    await s.fund(rival.name, '0.05');
    botOffer = await s.sellOffer(owner, { margin: '3' });
    await s.sellOffer(rival, { margin: '1.5' });
  });
  afterAll(() => t.close());

  it('should reprice its offer just under the best competitor, to the top of the market search', async () => {
    const key = await keyFor(owner, ['read', 'trade', 'offers']);
    expect((await topOfMarket(key))[0]?.hash).not.toBe(botOffer);

    const result = await botWith(key).repriceOnce();

    expect(result).toMatchObject({ margin: '1.4900', changed: true, competitor: { username: rival.name } });
    expect((await topOfMarket(key))[0]).toEqual({ hash: botOffer, margin: '1.4900' });
    expect(lines.at(-1)).toContain(`margin 3% -> 1.49% (best competitor ${rival.name} at 1.5%)`);
    // A second pass finds nothing to change.
    expect(await botWith(key).repriceOnce()).toMatchObject({ margin: '1.4900', changed: false });
  });

  it('should stop at its floor rather than follow a competitor below it', async () => {
    const key = await keyFor(owner, ['read', 'offers']);
    const cheap = await s.sellOffer(rival, { margin: '-4' });

    const result = await botWith(key, { marginMin: -2 }).repriceOnce();

    expect(result).toMatchObject({
      margin: '-2.0000',
      changed: true,
      competitor: { hash: cheap, margin: -4 },
    });
    expect(lines.at(-1)).toContain('(held at the floor)');
    expect((await topOfMarket(key)).map((o) => o.hash).slice(0, 2)).toEqual([cheap, botOffer]);
  });

  it('should release a paid trade when told, so the buyer receives the crypto', async () => {
    const bot = botWith(await keyFor(owner, ['read', 'trade', 'offers']));
    const buyer = await s.party('buyer');
    const before = await btcBalance(buyer);
    const trade = await s.start(buyer, botOffer, '10');
    await s.markPaid(buyer, trade.id);

    expect(await bot.reportPaidTrades()).toEqual([trade.id]);
    expect(lines.at(-1)).toContain(`release ${trade.id}`);
    await bot.command(`release ${trade.id}`);

    const after = (await buyer.c.get(`/rest/v1/trade/${trade.id}`)).json().data;
    expect(after.status).toBe('released');
    expect(await btcBalance(buyer)).toBeCloseTo(before + Number(trade.buyerReceives), 8);
    expect(Number(trade.buyerReceives)).toBeGreaterThan(0);
    // Told twice, it finds nothing left to release.
    expect(await bot.releaseWhenTold(trade.id)).toBe(false);
  });

  it('should be refused the repricing with a read-only key (403 API_KEY_SCOPE), leaving the offer as it was', async () => {
    const readOnly = await keyFor(owner, ['read']);
    const marginOf = async () => (await topOfMarket(readOnly)).find((o) => o.hash === botOffer)?.margin;
    const margin = await marginOf();

    // Its floor now lets it follow the -4 % competitor, so it reads the market and tries to write.
    await expect(botWith(readOnly).repriceOnce()).rejects.toMatchObject({
      status: 403,
      code: 'API_KEY_SCOPE',
    });

    expect(await marginOf()).toBe(margin);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  divide,
  formatBaseUnits,
  parseAmount,
  parseDecimal,
  tradeHistoryPageSchema,
  tradeMessagesPageSchema,
  tradeMessageSchema,
  tradeSchema,
  activeTradesSchema,
  type Trade,
} from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { kycLevelsEnv } from '../../../test/kyc-levels.js';
import { runAdminCommand } from '../../cli/commands.js';
import type { BusEvent } from '../../platform/events/bus.js';
import { contactsRepository } from '../contacts/index.js';
import { checkLedger, createLedger, type Ledger } from '../ledger/index.js';
import { usersRepository } from '../users/repository.js';
import { tradesRepository } from './repository.js';

type Party = { c: TestClient; id: number; name: string };

/**
 * The trades API through the whole HTTP stack: every start rule with its code, the lifecycle with the
 * ledger checked after each step, expiry, disputes, the chat and its block rules, history, and who may
 * see what. Limits are set low here so each rule can be reached with small amounts.
 */
describe('trades', () => {
  let t: TestApp;
  let ledger: Ledger;
  let n = 0;
  const events: BusEvent[] = [];

  const admin = (...argv: string[]) => runAdminCommand({ db: t.database.db, config: t.config }, argv);
  const fund = async (name: string, amount: string, crypto = 'BTC') =>
    expect(
      (await admin('wallet:deposit', '--user', name, '--crypto', crypto, '--amount', amount)).exitCode,
    ).toBe(0);
  const party = async (prefix: string): Promise<Party> => {
    n += 1;
    const c = t.client();
    const name = `${prefix}${n}`;
    const { id } = await c.register(name);
    return { c, id, name };
  };
  const offerBody = (extra: Record<string, unknown> = {}) => ({
    type: 'sell',
    crypto_currency_code: 'BTC',
    fiat_currency_code: 'USD',
    payment_method: 'bank-transfer',
    margin: '0',
    range_min: '10',
    range_max: '500',
    payment_window: 60,
    offer_terms: 'Pay from your own account. Rules: https://example.com/rules',
    trade_details: 'IBAN DE00 1234 5678',
    ...extra,
  });
  const createOffer = async (owner: Party, extra: Record<string, unknown> = {}) => {
    const response = await owner.c.post('/rest/v1/my-offers', offerBody(extra));
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.idHashed as string;
  };
  const start = (client: TestClient, offerHash: string, fiatAmount: string) =>
    client.post('/rest/v1/trade/start', { offer_hash: offerHash, fiat_amount: fiatAmount });
  const startOk = async (client: TestClient, offerHash: string, fiatAmount: string): Promise<Trade> => {
    const response = await start(client, offerHash, fiatAmount);
    expect(response.statusCode, response.body).toBe(201);
    return tradeSchema.parse(response.json().data);
  };
  const refused = async (response: Awaited<ReturnType<TestClient['post']>>, status: number, code: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().errors[0].code).toBe(code);
    return response.json().errors[0] as { code: string; details?: { field: string; code: string }[] };
  };
  const get = async (client: TestClient, hash: string): Promise<Trade> => {
    const response = await client.get(`/rest/v1/trade/${hash}`);
    expect(response.statusCode, response.body).toBe(200);
    return tradeSchema.parse(response.json().data);
  };
  const act = (client: TestClient, hash: string, action: 'paid' | 'release' | 'cancel') =>
    client.post(`/rest/v1/trade/${hash}/${action}`);
  const btc = async (userId: number) =>
    (await ledger.balancesOf(userId)).get('BTC') ?? { available: 0n, escrow: 0n, bond: 0n };
  const fees = async () => (await ledger.accountState('BTC', { userId: null, kind: 'fees' })).balance;
  const units = (amount: string) => {
    const parsed = parseAmount(amount, 8);
    return parsed.ok ? parsed.units : 0n;
  };
  const ledgerOk = async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
  };
  const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);

  let seller: Party;
  let offer: string;

  beforeAll(async () => {
    t = await createTestApp({
      TRADE_FEE_PERCENT: '1',
      ...kycLevelsEnv({ perTradeUsd: 450, dailyTradeUsd: 1000, lifetimeTradeUsd: 3000 }),
      TRADE_CHAT_GRACE_HOURS: '24',
    });
    ledger = createLedger(t.database.db);
    t.app.events.subscribe((event) => events.push(event));
    seller = await party('seller');
    await fund(seller.name, '5');
    offer = await createOffer(seller);
  });
  afterAll(async () => {
    await ledgerOk();
    await t.close();
  });

  describe('start', () => {
    it('should fix the price, derive the crypto rounding down, and lock amount + fee in escrow', async () => {
      const buyer = await party('buyer');
      const page = (await buyer.c.get(`/rest/v1/offers/${offer}`)).json().data;
      const before = await btc(seller.id);
      const trade = await startOk(buyer.c, offer, '123.45');
      expect(trade.tradeHash).toMatch(/^[0-9A-Za-z]{16}$/);
      expect(trade).toMatchObject({
        status: 'active_funded',
        role: 'buyer',
        isVendor: false,
        offerType: 'sell',
        fiatAmount: '123.45',
        fiatPricePerCrypto: page.offer.fiatPricePerCrypto,
        currency: { code: 'USD', precision: 2 },
        fee: { percent: '1.0000', payer: 'seller' },
        paymentMethod: { slug: 'bank-transfer' },
        paymentWindowMinutes: 60,
        flow: { type: 'default', step: 'beforeMarkAsPaid' },
        availableActions: ['mark_paid', 'cancel'],
        chat: { canPost: true, blockReason: null },
      });
      const expected = divide(
        parseDecimal('123.45'),
        parseDecimal(trade.fiatPricePerCrypto),
        8,
        'down',
      ).units;
      expect(units(trade.cryptoAmount.amount)).toBe(expected);
      const fee = units(trade.fee.amount);
      expect(fee).toBe((expected * 1n) / 100n);
      expect(units(trade.buyerReceives)).toBe(expected);
      expect(units(trade.escrowAmount)).toBe(expected + fee);
      // Expiry: the window starts now, in seconds.
      const window = trade.expiresAt!.timestamp - trade.startedAt.timestamp;
      expect(window).toBeGreaterThanOrEqual(3599);
      expect(window).toBeLessThanOrEqual(3600);
      const after = await btc(seller.id);
      expect(before.available - after.available).toBe(expected + fee);
      expect(after.escrow - before.escrow).toBe(expected + fee);
      await ledgerOk();
      // The seller sees it as the vendor, and the chat opens with a system message.
      const asSeller = await get(seller.c, trade.id);
      expect(asSeller).toMatchObject({ role: 'seller', isVendor: true, availableActions: ['release'] });
      expect(asSeller.paymentDetails).toBe('IBAN DE00 1234 5678');
      const chat = tradeMessagesPageSchema.parse(
        (await buyer.c.get(`/rest/v1/trade/${trade.id}/messages`)).json().data,
      );
      expect(chat.messages[0]).toMatchObject({ kind: 'system', system: { event: 'trade_started' } });
      expect(events).toContainEqual(
        expect.objectContaining({
          type: 'trade.started',
          tradeHash: trade.id,
          userIds: [buyer.id, seller.id],
        }),
      );
      await act(buyer.c, trade.id, 'cancel');
    });

    it('should refuse amounts outside the limits (TradeLimit) and with too many decimals', async () => {
      const buyer = await party('buyer');
      const below = await refused(await start(buyer.c, offer, '9.99'), 422, 'TradeLimit');
      expect(below.details).toContainEqual(
        expect.objectContaining({ field: 'fiat_amount', code: 'TradeLimit' }),
      );
      await refused(await start(buyer.c, offer, '500.01'), 422, 'TradeLimit');
      const decimals = await refused(await start(buyer.c, offer, '10.001'), 422, 'ERROR_INPUT_VALIDATION');
      expect(decimals.details).toContainEqual(
        expect.objectContaining({ field: 'fiat_amount', code: 'too_many_decimals' }),
      );
      await refused(
        await buyer.c.post('/rest/v1/trade/start', { offer_hash: offer }),
        422,
        'ERROR_INPUT_VALIDATION',
      );
      const predefined = await createOffer(seller, {
        range_min: undefined,
        range_max: undefined,
        predefined_amount: ['20', '50'],
      });
      await refused(await start(buyer.c, predefined, '30'), 422, 'TradeLimit');
      const ok = await startOk(buyer.c, predefined, '50');
      expect(ok.fiatAmount).toBe('50.00');
      await act(buyer.c, ok.id, 'cancel');
    });

    it('should refuse trading with oneself, a missing offer, an inactive offer and a closed one', async () => {
      await refused(await start(seller.c, offer, '20'), 409, 'TRADE_WITH_YOURSELF');
      const buyer = await party('buyer');
      await refused(await start(buyer.c, 'NoSuchOffer1', '20'), 404, 'NOT_FOUND');
      const inactive = await createOffer(seller);
      await seller.c.put(`/rest/v1/my-offers/${inactive}/status`, { new_status: false });
      await refused(await start(buyer.c, inactive, '20'), 409, 'OFFER_NOT_AVAILABLE');
      const today = ((new Date().getUTCDay() + 6) % 7) + 1;
      const closed = await createOffer(seller, {
        timezone: 'UTC',
        opening_hours: [{ day: (today % 7) + 1, start_time: '00:00', end_time: '24:00' }],
      });
      await refused(await start(buyer.c, closed, '20'), 409, 'OFFER_CLOSED_NOW');
    });

    it('should hide the offer from blocked users either way and from the untrusted (404)', async () => {
      const buyer = await party('buyer');
      await contactsRepository.set(t.database.db, seller.id, buyer.id, 'blocked');
      await refused(await start(buyer.c, offer, '20'), 404, 'NOT_FOUND');
      await contactsRepository.remove(t.database.db, seller.id, buyer.id);
      await contactsRepository.set(t.database.db, buyer.id, seller.id, 'blocked');
      await refused(await start(buyer.c, offer, '20'), 404, 'NOT_FOUND');
      await contactsRepository.remove(t.database.db, buyer.id, seller.id);
      const trustedOnly = await createOffer(seller, { is_trusted_only: true });
      await refused(await start(buyer.c, trustedOnly, '20'), 404, 'NOT_FOUND');
      await contactsRepository.set(t.database.db, seller.id, buyer.id, 'trusted');
      const trade = await startOk(buyer.c, trustedOnly, '20');
      await act(buyer.c, trade.id, 'cancel');
    });

    it("should enforce the offer's requirements and country list", async () => {
      const buyer = await party('buyer');
      const idOffer = await createOffer(seller, { requirements: [{ type: 'VerifyIAndShowFullName' }] });
      const id = await refused(await start(buyer.c, idOffer, '20'), 403, 'OFFER_REQUIREMENTS_NOT_MET');
      expect(id.details?.map((d) => d.code)).toEqual(['VerifyId', 'ShowFullName']);
      const pastOffer = await createOffer(seller, { requirements: [{ type: 'RemainingTrades', value: 3 }] });
      const past = await refused(await start(buyer.c, pastOffer, '20'), 403, 'OFFER_REQUIREMENTS_NOT_MET');
      expect(past.details?.map((d) => d.code)).toEqual(['RemainingTrades']);
      const germany = await createOffer(seller, { country_list_mode: 'allow', countries: ['DE'] });
      await refused(await start(buyer.c, germany, '20'), 403, 'OFFER_COUNTRY_NOT_ALLOWED');
      await exec(sql`UPDATE users SET country_iso = 'DE' WHERE id = ${buyer.id}`);
      const trade = await startOk(buyer.c, germany, '20');
      await act(buyer.c, trade.id, 'cancel');
    });

    it('should refuse a new buyer above the new-buyer limit, and not after a completed trade', async () => {
      const buyer = await party('buyer');
      const limited = await createOffer(seller, { new_buyer_limit: '50' });
      await refused(await start(buyer.c, limited, '60'), 422, 'NewBuyerTradeLimit');
      const first = await startOk(buyer.c, limited, '50');
      expect((await act(buyer.c, first.id, 'paid')).statusCode).toBe(200);
      expect((await act(seller.c, first.id, 'release')).statusCode).toBe(200);
      const second = await startOk(buyer.c, limited, '60');
      await act(buyer.c, second.id, 'cancel');
    });

    it('should apply the per-trade maximum and the active-trade limit while the ID is not verified', async () => {
      const buyer = await party('buyer');
      await refused(await start(buyer.c, offer, '451'), 422, 'max_per_trade_limit');
      const a = await startOk(buyer.c, offer, '10');
      const b = await startOk(buyer.c, offer, '10');
      await refused(await start(buyer.c, offer, '10'), 409, 'max_2_active_trades_id_not_verified');
      await act(buyer.c, a.id, 'cancel');
      const c = await startOk(buyer.c, offer, '10');
      await act(buyer.c, b.id, 'cancel');
      await act(buyer.c, c.id, 'cancel');
    });

    it('should stop at the daily compliance limit and the KYC lifetime volume', async () => {
      const buyer = await party('buyer');
      for (const amount of ['400', '400']) {
        const trade = await startOk(buyer.c, offer, amount);
        await act(buyer.c, trade.id, 'paid');
        await act(seller.c, trade.id, 'release');
      }
      // Cancelled trades do not count; 800 USD used of the 1,000.
      const cancelled = await startOk(buyer.c, offer, '150');
      await act(buyer.c, cancelled.id, 'cancel');
      await refused(await start(buyer.c, offer, '201'), 422, 'reached_daily_compliance_limit');
      // Two days later the daily window is empty, but 2 x 1,500 USD counts against the 3,000 lifetime.
      await exec(
        sql`UPDATE trades SET started_at = started_at - interval '2 days' WHERE buyer_id = ${buyer.id}`,
      );
      await exec(
        sql`UPDATE trades SET fiat_amount_usd = 1500 WHERE buyer_id = ${buyer.id} AND status = 'released'`,
      );
      // Released trades' totals are kept on release (user_trade_stats, migration 0028): history written
      // at these amounts would have added them there too, for both parties.
      await exec(sql`UPDATE user_trade_stats SET released_usd = released_usd + 2 * (1500 - 400)
        WHERE user_id IN (${buyer.id}, ${seller.id})`);
      await refused(await start(buyer.c, offer, '20'), 422, 'KycTradeLimit');
    });

    it("should refuse when the seller's balance is short (LowBalance), for both offer types", async () => {
      const poor = await party('poor');
      const page = (await poor.c.get(`/rest/v1/offers/${offer}`)).json().data;
      // Enough for about 60 USD of crypto.
      const amount = divide(parseDecimal('60'), parseDecimal(page.offer.fiatPricePerCrypto), 8, 'down');
      await fund(
        poor.name,
        `${amount.units / 100_000_000n}.${String(amount.units % 100_000_000n).padStart(8, '0')}`,
      );
      const poorOffer = await createOffer(poor);
      const buyer = await party('buyer');
      await refused(await start(buyer.c, poorOffer, '100'), 422, 'LowBalance');
      const ok = await startOk(buyer.c, poorOffer, '30');
      await act(buyer.c, ok.id, 'cancel');
      // A buy offer: the taker sells, from their own balance.
      const buyOffer = await createOffer(seller, { type: 'buy' });
      const emptyTaker = await party('taker');
      await refused(await start(emptyTaker.c, buyOffer, '20'), 422, 'LowBalance');
    });

    it('should consume the offer cap, and give it back when a trade is cancelled', async () => {
      const capped = await createOffer(seller, { offer_cap: { amount: '150', active: true } });
      const buyer = await party('buyer');
      const first = await startOk(buyer.c, capped, '100');
      const other = await party('buyer');
      const over = await refused(await start(other.c, capped, '100'), 409, 'OFFER_CAP_REACHED');
      expect(over.details?.[0]).toMatchObject({ field: 'fiat_amount' });
      const fits = await startOk(other.c, capped, '50');
      await act(buyer.c, first.id, 'cancel');
      const again = await startOk(buyer.c, capped, '100');
      await act(buyer.c, again.id, 'cancel');
      await act(other.c, fits.id, 'cancel');
    });

    it('should refuse a taker whose account state forbids trading', async () => {
      const held = await party('held');
      await usersRepository.setAccountState(t.database.db, held.id, 'on_hold');
      await refused(await start(held.c, offer, '20'), 403, 'ACCOUNT_STATE_FORBIDS_ACTION');
    });

    it('should need a login', async () => {
      expect((await start(t.client(), offer, '20')).statusCode).toBe(401);
      expect((await t.client().get('/rest/v1/trade/active')).statusCode).toBe(401);
    });
  });

  describe('lifecycle', () => {
    it('should go paid -> released with the money exact after every step', async () => {
      const buyer = await party('buyer');
      const seller0 = await btc(seller.id);
      const fees0 = await fees();
      const trade = await startOk(buyer.c, offer, '200');
      const escrow = units(trade.escrowAmount);
      const amount = units(trade.buyerReceives);
      const fee = units(trade.fee.amount);
      expect((await btc(seller.id)).available).toBe(seller0.available - escrow);
      await ledgerOk();

      // Wrong actor: the seller cannot mark paid, the buyer cannot release.
      await refused(await act(seller.c, trade.id, 'paid'), 403, 'TRADE_FORBIDDEN_ACTION');
      await refused(await act(buyer.c, trade.id, 'release'), 403, 'TRADE_FORBIDDEN_ACTION');

      const paidResponse = await act(buyer.c, trade.id, 'paid');
      expect(paidResponse.statusCode, paidResponse.body).toBe(200);
      const paid = tradeSchema.parse(paidResponse.json().data);
      expect(paid).toMatchObject({ status: 'paid', expiresAt: null, flow: { step: 'done' } });
      expect(paid.paidAt).not.toBeNull();
      expect(paid.dispute).toMatchObject({ available: false, isOpen: false });
      await refused(await act(buyer.c, trade.id, 'paid'), 409, 'TRADE_INVALID_STATUS');
      expect((await btc(seller.id)).escrow).toBe(seller0.escrow + escrow);
      await ledgerOk();

      const released = tradeSchema.parse((await act(seller.c, trade.id, 'release')).json().data);
      expect(released).toMatchObject({ status: 'released', tradeCompleted: true, availableActions: [] });
      expect((await btc(buyer.id)).available).toBe(amount);
      expect((await btc(seller.id)).available).toBe(seller0.available - escrow);
      expect((await btc(seller.id)).escrow).toBe(seller0.escrow);
      expect((await fees()) - fees0).toBe(fee);
      await ledgerOk();

      await refused(await act(seller.c, trade.id, 'release'), 409, 'TRADE_INVALID_STATUS');
      await refused(await act(buyer.c, trade.id, 'cancel'), 409, 'TRADE_INVALID_STATUS');
      expect((await btc(buyer.id)).available).toBe(amount);

      const statuses = events
        .filter((e) => e.type === 'trade.status' && e.tradeHash === trade.id)
        .map((e) => (e.data as { status: string }).status);
      expect(statuses).toEqual(['paid', 'released']);
      const messages = tradeMessagesPageSchema.parse(
        (await seller.c.get(`/rest/v1/trade/${trade.id}/messages`)).json().data,
      ).messages;
      expect(messages.map((m) => m.system?.status)).toEqual(['active_funded', 'paid', 'released']);
    });

    it('should show each party the released trades, partners and BTC their trades add up to', async () => {
      // The view reads them from user_trade_stats (kept by a trigger, migration 0026): they must equal
      // what counting the trades themselves gives, released and cancelled trades alike.
      const buyer = await party('buyer');
      for (const [amount, end] of [
        ['20', 'release'],
        ['30', 'release'],
        ['25', 'cancel'],
      ] as const) {
        const trade = await startOk(buyer.c, offer, amount);
        if (end === 'release') expect((await act(buyer.c, trade.id, 'paid')).statusCode).toBe(200);
        expect((await act(end === 'release' ? seller.c : buyer.c, trade.id, end)).statusCode).toBe(200);
      }
      const last = await startOk(buyer.c, offer, '10');
      const counted = async (userId: number) => {
        const { rows } = (await exec(sql`SELECT count(*)::int AS trades,
            count(DISTINCT CASE WHEN buyer_id = ${userId} THEN seller_id ELSE buyer_id END)::int AS partners,
            coalesce(sum(crypto_amount) FILTER (WHERE crypto_code = 'BTC'), 0)::text AS btc
          FROM trades WHERE (buyer_id = ${userId} OR seller_id = ${userId})
            AND status IN ('released', 'dispute_won_buyer')`)) as unknown as {
          rows: { trades: number; partners: number; btc: string }[];
        };
        const row = rows[0]!;
        return {
          totalTrades: row.trades,
          totalPartners: row.partners,
          btcTraded: formatBaseUnits(BigInt(row.btc), 8),
        };
      };
      const view = await get(buyer.c, last.id);
      expect(view.buyer).toMatchObject({ totalTrades: 2, totalPartners: 1 });
      expect(view.buyer).toMatchObject(await counted(buyer.id));
      expect(view.seller).toMatchObject(await counted(seller.id));
      expect(view.seller.totalTrades).toBeGreaterThanOrEqual(2);
    });

    it('should add up a taker’s limits from the running and released trades as a count over the history does', async () => {
      // A start reads the lifetime volume from user_trade_stats (kept on release, migration 0028) and the
      // running and recent trades through their own indexes: the figures must equal a count of every trade.
      const taker = await party('buyer');
      for (const [amount, end] of [
        ['20', 'release'],
        ['35', 'cancel'],
        ['15', 'paid'],
        ['10', null],
      ] as const) {
        const trade = await startOk(taker.c, offer, amount);
        if (end === 'release' || end === 'paid') {
          expect((await act(taker.c, trade.id, 'paid')).statusCode).toBe(200);
        }
        if (end === 'release') expect((await act(seller.c, trade.id, 'release')).statusCode).toBe(200);
        if (end === 'cancel') expect((await act(taker.c, trade.id, 'cancel')).statusCode).toBe(200);
      }
      const counted = async (userId: number, since: Date) => {
        const { rows } = (await exec(sql`SELECT
            count(*) FILTER (WHERE status IN ('active_funded', 'paid', 'dispute_open'))::int AS active,
            coalesce(sum(fiat_amount_usd) FILTER (WHERE status IN ('active_funded', 'paid', 'dispute_open',
              'released', 'dispute_won_buyer') AND started_at >= ${since.toISOString()}::timestamptz), 0)::text AS day,
            coalesce(sum(fiat_amount_usd) FILTER (WHERE status IN ('active_funded', 'paid', 'dispute_open',
              'released', 'dispute_won_buyer')), 0)::text AS lifetime
          FROM trades WHERE buyer_id = ${userId} OR seller_id = ${userId}`)) as unknown as {
          rows: { active: number; day: string; lifetime: string }[];
        };
        return rows[0]!;
      };
      const same = (a: { active: number; day: string; lifetime: string }, b: typeof a) => {
        expect(a.active).toBe(b.active);
        expect(Number(a.day)).toBe(Number(b.day));
        expect(Number(a.lifetime)).toBe(Number(b.lifetime));
      };
      for (const since of [new Date(Date.now() - 3_600_000), new Date(Date.now() + 3_600_000)]) {
        for (const userId of [taker.id, seller.id]) {
          same(
            await tradesRepository.takerVolumes(t.database.db, userId, since),
            await counted(userId, since),
          );
        }
      }
      const hourAgo = new Date(Date.now() - 3_600_000);
      const mine = await tradesRepository.takerVolumes(t.database.db, taker.id, hourAgo);
      expect(mine.active).toBe(2);
      // While the whole lifetime fits under the threshold, the day is not added up: the lifetime stands in
      // for it (a window that starts later than every trade shows the difference).
      const later = new Date(Date.now() + 3_600_000);
      const under = await tradesRepository.takerVolumes(t.database.db, taker.id, later, '1000000');
      expect(under).toEqual({ ...mine, day: mine.lifetime });
      const over = await tradesRepository.takerVolumes(t.database.db, taker.id, later, '0');
      expect(Number(over.day)).toBe(0);
    });

    it('should let the buyer cancel before and after paying, refunding the seller in full', async () => {
      const buyer = await party('buyer');
      const before = await btc(seller.id);
      const a = await startOk(buyer.c, offer, '40');
      const cancelled = tradeSchema.parse((await act(buyer.c, a.id, 'cancel')).json().data);
      expect(cancelled).toMatchObject({ status: 'cancelled_buyer', isCancelled: true });
      expect(cancelled.cancelledAt).not.toBeNull();
      const b = await startOk(buyer.c, offer, '40');
      await act(buyer.c, b.id, 'paid');
      expect((await act(buyer.c, b.id, 'cancel')).json().data.status).toBe('cancelled_buyer');
      expect(await btc(seller.id)).toEqual(before);
      expect((await btc(buyer.id)).available).toBe(0n);
      await ledgerOk();
    });

    it('should let the seller cancel only when a vendor-buyer never opened the trade in time', async () => {
      const vendorBuyer = await party('vendor');
      const buyOffer = await createOffer(vendorBuyer, { type: 'buy' });
      const taker = await party('taker');
      await fund(taker.name, '0.1');
      const trade = await startOk(taker.c, buyOffer, '20');
      expect(trade).toMatchObject({ role: 'seller', isVendor: false, fee: { payer: 'buyer' } });
      // The vendor (buyer) pays the fee: they receive the amount minus the fee; the taker locks the amount.
      expect(units(trade.buyerReceives)).toBe(units(trade.cryptoAmount.amount) - units(trade.fee.amount));
      expect(units(trade.escrowAmount)).toBe(units(trade.cryptoAmount.amount));
      await refused(await act(taker.c, trade.id, 'cancel'), 409, 'SELLER_CANCEL_NOT_AVAILABLE');
      // The seller's page learns when the cancel becomes possible (its clock offers it then); nobody else.
      expect(trade.cancelAvailableAt?.timestamp).toBe(trade.startedAt.timestamp + 5 * 60);
      await exec(sql`UPDATE trades SET started_at = now() - interval '10 minutes' WHERE hash = ${trade.id}`);
      expect((await get(taker.c, trade.id)).availableActions).toEqual(['release', 'cancel']);
      const cancelled = await act(taker.c, trade.id, 'cancel');
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().data.status).toBe('cancelled_seller');
      expect((await btc(taker.id)).available).toBe(units('0.1'));
      // Once the vendor-buyer has opened the trade, the seller may not cancel.
      const second = await startOk(taker.c, buyOffer, '20');
      await exec(sql`UPDATE trades SET started_at = now() - interval '10 minutes' WHERE hash = ${second.id}`);
      expect((await get(vendorBuyer.c, second.id)).cancelAvailableAt).toBeNull();
      await refused(await act(taker.c, second.id, 'cancel'), 409, 'SELLER_CANCEL_NOT_AVAILABLE');
      expect((await get(taker.c, second.id)).cancelAvailableAt).toBeNull();
      expect((await act(vendorBuyer.c, second.id, 'paid')).statusCode).toBe(200);
      expect((await act(taker.c, second.id, 'release')).statusCode).toBe(200);
      expect((await btc(vendorBuyer.id)).available).toBe(units(second.buyerReceives));
      await ledgerOk();
    });

    it('should expire unpaid trades past their window with a refund, and never paid ones', async () => {
      const buyer = await party('buyer');
      const before = await btc(seller.id);
      const unpaid = await startOk(buyer.c, offer, '30');
      const paid = await startOk(buyer.c, offer, '30');
      await act(buyer.c, paid.id, 'paid');
      await exec(
        sql`UPDATE trades SET expires_at = now() - interval '1 minute' WHERE hash IN (${unpaid.id}, ${paid.id})`,
      );
      expect(await t.app.trades.expireDue()).toBeGreaterThanOrEqual(1);
      expect((await get(buyer.c, unpaid.id)).status).toBe('cancelled_system');
      expect((await get(buyer.c, paid.id)).status).toBe('paid');
      expect(await t.app.trades.expireDue()).toBe(0);
      await act(seller.c, paid.id, 'release');
      const after = await btc(seller.id);
      expect(after.escrow).toBe(before.escrow);
      expect(before.available - after.available).toBe(units(paid.escrowAmount));
      const messages = tradeMessagesPageSchema.parse(
        (await buyer.c.get(`/rest/v1/trade/${unpaid.id}/messages`)).json().data,
      ).messages;
      expect(messages.at(-1)).toMatchObject({ kind: 'system', system: { status: 'cancelled_system' } });
      await ledgerOk();
    });

    it('should refuse marking paid after the window, expiring the trade on the spot', async () => {
      const buyer = await party('buyer');
      const trade = await startOk(buyer.c, offer, '30');
      await exec(sql`UPDATE trades SET expires_at = now() - interval '1 second' WHERE hash = ${trade.id}`);
      await refused(await act(buyer.c, trade.id, 'paid'), 409, 'TRADE_INVALID_STATUS');
      expect((await get(buyer.c, trade.id)).status).toBe('cancelled_system');
      await ledgerOk();
    });

    it('should open a dispute only when available, freeze the escrow, and let a moderator decide', async () => {
      const buyer = await party('buyer');
      const trade = await startOk(buyer.c, offer, '60');
      const reasons = (await buyer.c.get('/rest/v1/dispute/reasons?role=buyer')).json().data;
      expect(reasons.map((r: { slug: string }) => r.slug)).toEqual([
        'buyer_unresponsive_vendor',
        'buyer_payment_issue',
        'buyer_other',
      ]);
      const body = { dispute_reason_id: 2, dispute_reason_text: 'Paid at 10:02 from my account.' };
      await refused(
        await buyer.c.post(`/rest/v1/trade/${trade.id}/dispute`, body),
        409,
        'TRADE_INVALID_STATUS',
      );
      await act(buyer.c, trade.id, 'paid');
      await refused(
        await buyer.c.post(`/rest/v1/trade/${trade.id}/dispute`, body),
        409,
        'DISPUTE_NOT_AVAILABLE_YET',
      );
      await exec(
        sql`UPDATE trades SET dispute_available_at = now() - interval '1 minute' WHERE hash = ${trade.id}`,
      );
      expect((await get(buyer.c, trade.id)).dispute.available).toBe(true);
      const wrongReason = await buyer.c.post(`/rest/v1/trade/${trade.id}/dispute`, { dispute_reason_id: 4 });
      expect((await refused(wrongReason, 422, 'ERROR_INPUT_VALIDATION')).details?.[0]?.field).toBe(
        'dispute_reason_id',
      );
      const noText = await buyer.c.post(`/rest/v1/trade/${trade.id}/dispute`, { dispute_reason_id: 3 });
      expect((await refused(noText, 422, 'ERROR_INPUT_VALIDATION')).details?.[0]?.field).toBe(
        'dispute_reason_text',
      );
      const opened = await buyer.c.post(`/rest/v1/trade/${trade.id}/dispute`, body);
      expect(opened.statusCode, opened.body).toBe(200);
      expect(tradeSchema.parse(opened.json().data)).toMatchObject({
        status: 'dispute_open',
        dispute: { isOpen: true, reasonId: 2, reasonText: body.dispute_reason_text, openedBy: 'buyer' },
        availableActions: [],
      });
      // Frozen: neither the buyer's cancel nor the expiry job moves it.
      await refused(await act(buyer.c, trade.id, 'cancel'), 409, 'TRADE_INVALID_STATUS');
      await exec(sql`UPDATE trades SET expires_at = now() - interval '1 minute' WHERE hash = ${trade.id}`);
      await t.app.trades.expireDue();
      expect((await get(seller.c, trade.id)).availableActions).toEqual(['release']);
      // A moderator sees it and settles it for the seller: the escrow goes back.
      const moderator = await party('mod');
      await usersRepository.setRole(t.database.db, moderator.id, 'moderator');
      expect((await get(moderator.c, trade.id)).role).toBe('moderator');
      // Every staff role sees any trade as its moderator (supermod included); a bystander gets the 404.
      const supermod = await party('supermod');
      await usersRepository.setRole(t.database.db, supermod.id, 'supermod');
      expect((await get(supermod.c, trade.id)).role).toBe('moderator');
      const bystander = await party('bystander');
      expect((await bystander.c.get(`/rest/v1/trade/${trade.id}`)).statusCode).toBe(404);
      const before = await btc(seller.id);
      await t.app.trades.resolveDispute(
        { id: moderator.id, role: 'moderator' },
        trade.id,
        'seller',
        'The buyer sent no proof of payment.',
      );
      expect((await get(buyer.c, trade.id)).status).toBe('dispute_won_seller');
      expect((await btc(seller.id)).available - before.available).toBe(units(trade.escrowAmount));
      expect((await btc(buyer.id)).available).toBe(0n);
      await ledgerOk();
    });

    it('should let the seller release a disputed trade', async () => {
      const buyer = await party('buyer');
      const trade = await startOk(buyer.c, offer, '25');
      await act(buyer.c, trade.id, 'paid');
      await exec(sql`UPDATE trades SET dispute_available_at = now() WHERE hash = ${trade.id}`);
      const opened = await seller.c.post(`/rest/v1/trade/${trade.id}/dispute`, { dispute_reason_id: 5 });
      expect(opened.json().data.dispute.openedBy).toBe('seller');
      expect((await act(seller.c, trade.id, 'release')).json().data.status).toBe('released');
      expect((await btc(buyer.id)).available).toBe(units(trade.buyerReceives));
      await ledgerOk();
    });

    it('should hold back mark-paid until required uploads are in, and the payment details until the ID is', async () => {
      const tagged = await createOffer(seller, { tags: ['receipt-required', 'photo-id-required'] });
      const buyer = await party('buyer');
      const trade = await startOk(buyer.c, tagged, '20');
      expect(trade.flow.step).toBe('beforeRevealPaymentDetails');
      expect(trade.paymentDetails).toBeNull();
      expect(trade.availableActions).toEqual(['cancel']);
      const [photoId] = trade.flow.state.beforeRevealPaymentDetails;
      const [receipt] = trade.flow.state.beforeMarkAsPaid;
      expect(photoId).toMatchObject({ type: 'photo_id', status: 'pending', optional: false });
      expect(receipt).toMatchObject({ type: 'receipt', status: 'pending', optional: false });
      await refused(await act(buyer.c, trade.id, 'paid'), 409, 'TRADE_REQUIREMENTS_PENDING');
      const review = (id: number, status: string) =>
        seller.c.post(`/rest/v1/trade/${trade.id}/requirement`, { requirement_id: id, status });
      const notUploaded = await review(photoId!.id, 'approved');
      expect((await refused(notUploaded, 422, 'ERROR_INPUT_VALIDATION')).details?.[0]?.code).toBe(
        'not_uploaded',
      );
      const internalId = (await t.app.trades.participantsOf(trade.id, buyer.id))!.tradeId;
      await t.app.trades.setRequirementUploaded(undefined, {
        tradeId: internalId,
        requirementId: photoId!.id,
        status: 'uploaded',
      });
      const revealed = await get(buyer.c, trade.id);
      expect(revealed.flow.step).toBe('beforeMarkAsPaid');
      expect(revealed.paymentDetails).toBe('IBAN DE00 1234 5678');
      await refused(
        await buyer.c.post(`/rest/v1/trade/${trade.id}/requirement`, {
          requirement_id: photoId!.id,
          status: 'approved',
        }),
        403,
        'TRADE_FORBIDDEN_ACTION',
      );
      await t.app.trades.setRequirementUploaded(undefined, {
        tradeId: internalId,
        requirementId: receipt!.id,
        status: 'uploaded',
      });
      expect((await review(receipt!.id, 'rejected')).json().data.flow.state.beforeMarkAsPaid[0].status).toBe(
        'rejected',
      );
      await refused(await act(buyer.c, trade.id, 'paid'), 409, 'TRADE_REQUIREMENTS_PENDING');
      await t.app.trades.setRequirementUploaded(undefined, {
        tradeId: internalId,
        requirementId: receipt!.id,
        status: 'uploaded',
      });
      expect((await review(receipt!.id, 'approved')).statusCode).toBe(200);
      expect((await act(buyer.c, trade.id, 'paid')).json().data.status).toBe('paid');
      await act(buyer.c, trade.id, 'cancel');
    });

    it('should fall back from an automated flow, and record policy links from the terms only', async () => {
      const auto = await createOffer(seller, { flow_type: 'bt-auto' });
      const buyer = await party('buyer');
      const trade = await startOk(buyer.c, auto, '20');
      expect(trade.flow.type).toBe('bt-auto');
      const fallback = await buyer.c.post(`/rest/v1/trade/${trade.id}/fallback`);
      expect(fallback.statusCode, fallback.body).toBe(200);
      expect(fallback.json().data.flow.type).toBe('default');
      const read = await buyer.c.post(`/rest/v1/trade/${trade.id}/policy-read`, {
        url: 'https://example.com/rules',
      });
      expect(read.json().data).toEqual({ url: 'https://example.com/rules' });
      const foreign = await buyer.c.post(`/rest/v1/trade/${trade.id}/policy-read`, {
        url: 'https://evil.test/x',
      });
      expect((await refused(foreign, 422, 'ERROR_INPUT_VALIDATION')).details?.[0]?.code).toBe(
        'url_not_in_terms',
      );
      await act(buyer.c, trade.id, 'cancel');
      await refused(await buyer.c.post(`/rest/v1/trade/${trade.id}/fallback`), 409, 'TRADE_INVALID_STATUS');
    });

    it('should lock only the escrow while a trade runs: both parties may send the rest (issue 10)', async () => {
      const buyer = await party('buyer');
      await fund(buyer.name, '0.01');
      const trade = await startOk(buyer.c, offer, '20');
      const withdraw = (from: Party, to: Party) =>
        from.c.post('/rest/v2/wallet/withdraw', {
          crypto_currency_code: 'BTC',
          amount: '0.001',
          username: to.name,
        });
      expect((await withdraw(buyer, seller)).statusCode).toBe(201);
      const escrow = (await btc(seller.id)).escrow;
      expect((await withdraw(seller, buyer)).statusCode).toBe(201);
      expect((await btc(seller.id)).escrow).toBe(escrow);
      await act(buyer.c, trade.id, 'cancel');
      await ledgerOk();
    });
  });

  describe('visibility', () => {
    it('should answer 404 to strangers on the trade, its chat and its actions', async () => {
      const buyer = await party('buyer');
      const trade = await startOk(buyer.c, offer, '20');
      const stranger = await party('stranger');
      for (const response of [
        await stranger.c.get(`/rest/v1/trade/${trade.id}`),
        await stranger.c.get(`/rest/v2/trade/${trade.id}`),
        await stranger.c.get(`/rest/v2/trade/${trade.id}/offer?timestamp=1700000000`),
        await stranger.c.get(`/rest/v1/trade/${trade.id}/messages`),
        await stranger.c.post(`/rest/v1/trade/${trade.id}/messages`, { text: 'hi' }),
        await act(stranger.c, trade.id, 'cancel'),
        await act(stranger.c, trade.id, 'paid'),
      ]) {
        await refused(response, 404, 'NOT_FOUND');
      }
      expect(await t.app.trades.participantsOf(trade.id, stranger.id)).toBeNull();
      expect(await t.app.trades.participantsOf(trade.id, buyer.id)).toMatchObject({
        buyerId: buyer.id,
        sellerId: seller.id,
        status: 'active_funded',
        role: 'buyer',
        chat: { canPost: true, blockReason: null },
      });
      await refused(await buyer.c.get('/rest/v1/trade/NoSuchTrade0000'), 404, 'NOT_FOUND');
      await act(buyer.c, trade.id, 'cancel');
    });

    it('should serve the v2 calls and the trade offer at the locked price', async () => {
      const buyer = await party('buyer');
      const trade = await startOk(buyer.c, offer, '20');
      expect(tradeSchema.parse((await buyer.c.get(`/rest/v2/trade/${trade.id}`)).json().data).id).toBe(
        trade.id,
      );
      const response = await buyer.c.get(`/rest/v2/trade/${trade.id}/offer?timestamp=1700000000`);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json().data).toMatchObject({
        hash: offer,
        cryptoCurrency: { code: 'BTC' },
        fiatCurrency: { code: 'USD', rate: { btc: trade.fiatPricePerCrypto } },
      });
      await act(buyer.c, trade.id, 'cancel');
    });

    it('should flag parties acting from the same IP address', async () => {
      const buyer = await party('buyer');
      const trade = await startOk(buyer.c, offer, '20');
      expect(trade.isOpponentsSameIp).toBe(false);
      expect((await get(seller.c, trade.id)).isOpponentsSameIp).toBe(true);
      await act(buyer.c, trade.id, 'cancel');
    });
  });

  describe('chat', () => {
    it('should post trimmed messages and page them newest first, before and after a cursor', async () => {
      const buyer = await party('buyer');
      const trade = await startOk(buyer.c, offer, '20');
      const posted = await buyer.c.post(`/rest/v1/trade/${trade.id}/messages`, {
        text: '  Sent it, ref 42  ',
      });
      expect(posted.statusCode, posted.body).toBe(201);
      const message = tradeMessageSchema.parse(posted.json().data);
      expect(message).toMatchObject({
        kind: 'user',
        text: 'Sent it, ref 42',
        author: { username: buyer.name, role: 'buyer' },
      });
      expect(events).toContainEqual(
        expect.objectContaining({ type: 'trade.message', tradeHash: trade.id, data: message }),
      );
      for (let i = 0; i < 5; i += 1) {
        await seller.c.post(`/rest/v1/trade/${trade.id}/messages`, { text: `seller ${i}` });
      }
      const page = (query: string) =>
        buyer.c
          .get(`/rest/v1/trade/${trade.id}/messages?${query}`)
          .then((r) => tradeMessagesPageSchema.parse(r.json().data));
      const newest = await page('limit=3');
      expect(newest.messages.map((m) => m.text)).toEqual(['seller 2', 'seller 3', 'seller 4']);
      expect(newest.hasMore).toBe(true);
      const older = await page(`limit=3&before=${newest.messages[0]!.id}`);
      expect(older.messages.map((m) => m.text)).toEqual(['Sent it, ref 42', 'seller 0', 'seller 1']);
      expect(older.hasMore).toBe(true);
      const caughtUp = await page(`after=${message.id}`);
      expect(caughtUp.messages.map((m) => m.text)).toEqual([
        'seller 0',
        'seller 1',
        'seller 2',
        'seller 3',
        'seller 4',
      ]);
      expect(caughtUp.hasMore).toBe(false);
      await refused(
        await buyer.c.post(`/rest/v1/trade/${trade.id}/messages`, { text: '   ' }),
        422,
        'ERROR_INPUT_VALIDATION',
      );
      await refused(
        await buyer.c.post(`/rest/v1/trade/${trade.id}/messages`, { text: 'x'.repeat(2001) }),
        422,
        'ERROR_INPUT_VALIDATION',
      );
      await refused(
        await buyer.c.get(`/rest/v1/trade/${trade.id}/messages?after=1&before=9`),
        422,
        'ERROR_INPUT_VALIDATION',
      );
      await act(buyer.c, trade.id, 'cancel');
    });

    it('should block the chat between blocked users, for moderators before a dispute, and after the grace', async () => {
      const buyer = await party('buyer');
      const trade = await startOk(buyer.c, offer, '20');
      await contactsRepository.set(t.database.db, buyer.id, seller.id, 'blocked');
      const blocked = await refused(
        await seller.c.post(`/rest/v1/trade/${trade.id}/messages`, { text: 'hello' }),
        400,
        'ChatBlocked',
      );
      expect(blocked.code).toBe('ChatBlocked');
      expect((await get(buyer.c, trade.id)).chat).toEqual({
        canPost: false,
        blockReason: 'ChatBlocked',
        closesAt: null,
      });
      await contactsRepository.remove(t.database.db, buyer.id, seller.id);
      const moderator = await party('mod');
      await usersRepository.setRole(t.database.db, moderator.id, 'moderator');
      await refused(
        await moderator.c.post(`/rest/v1/trade/${trade.id}/messages`, { text: 'hello' }),
        400,
        'ChatNotAvailableYet',
      );
      expect((await moderator.c.get(`/rest/v1/trade/${trade.id}/messages`)).statusCode).toBe(200);
      await act(buyer.c, trade.id, 'cancel');
      // Within the grace the parties may still write, and the view says until when; after it the chat is closed.
      expect((await buyer.c.post(`/rest/v1/trade/${trade.id}/messages`, { text: 'sorry' })).statusCode).toBe(
        201,
      );
      const cancelled = await get(buyer.c, trade.id);
      expect(cancelled.chat.canPost).toBe(true);
      expect(cancelled.chat.closesAt?.timestamp).toBe(cancelled.cancelledAt!.timestamp + 24 * 3600);
      await exec(
        sql`UPDATE trades SET completed_at = now() - interval '25 hours', cancelled_at = now() - interval '25 hours' WHERE hash = ${trade.id}`,
      );
      await refused(
        await buyer.c.post(`/rest/v1/trade/${trade.id}/messages`, { text: 'still there?' }),
        400,
        'ChatBlockedAfterTradeIsCanceled',
      );
      const done = await startOk(buyer.c, offer, '20');
      await act(buyer.c, done.id, 'paid');
      await act(seller.c, done.id, 'release');
      await exec(sql`UPDATE trades SET completed_at = now() - interval '25 hours' WHERE hash = ${done.id}`);
      await refused(
        await seller.c.post(`/rest/v1/trade/${done.id}/messages`, { text: 'thanks' }),
        400,
        'ChatNotAvailableAfterTradeCompleted',
      );
    });

    it('should let other modules append messages and publish them', async () => {
      const buyer = await party('buyer');
      const trade = await startOk(buyer.c, offer, '20');
      const { tradeId } = (await t.app.trades.participantsOf(trade.id, buyer.id))!;
      const message = await t.app.trades.appendMessage(undefined, {
        tradeId,
        authorId: buyer.id,
        kind: 'attachment',
        text: 'receipt.pdf',
        attachmentId: 77,
      });
      expect(message).toMatchObject({
        kind: 'attachment',
        attachmentId: 77,
        author: { username: buyer.name },
      });
      expect(events.at(-1)).toMatchObject({ type: 'trade.message', data: message });
      await act(buyer.c, trade.id, 'cancel');
    });
  });

  describe('history', () => {
    it('should list my trades in both roles, newest first, by outcome, with active ones apart', async () => {
      const me = await party('hist');
      await fund(me.name, '0.5');
      const buyOffer = await createOffer(seller, { type: 'buy' });
      const released = await startOk(me.c, offer, '20');
      await act(me.c, released.id, 'paid');
      await act(seller.c, released.id, 'release');
      const cancelled = await startOk(me.c, offer, '21');
      await act(me.c, cancelled.id, 'cancel');
      const expired = await startOk(me.c, offer, '22');
      await exec(sql`UPDATE trades SET expires_at = now() - interval '1 minute' WHERE hash = ${expired.id}`);
      await t.app.trades.expireDue();
      const selling = await startOk(me.c, buyOffer, '23');

      const list = async (query: string) => {
        const response = await me.c.get(`/rest/v1/trade/history?${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return tradeHistoryPageSchema.parse(response.json().data);
      };
      const all = await list('status=all');
      expect(all.trades.map((x) => x.id)).toEqual([selling.id, expired.id, cancelled.id, released.id]);
      expect(all.trades[0]).toMatchObject({
        role: 'seller',
        isVendor: false,
        counterparty: { username: seller.name },
        fiatAmount: '23.00',
        fiatCurrencyCode: 'USD',
        paymentMethod: { slug: 'bank-transfer' },
        completedAt: null,
      });
      expect(all.trades[0]!.expiresAt).not.toBeNull();
      expect(all.trades[3]).toMatchObject({ status: 'released', role: 'buyer' });
      expect(all.trades[3]!.completedAt).not.toBeNull();
      expect((await list('status=successful')).trades.map((x) => x.id)).toEqual([released.id]);
      expect((await list('status=cancelled')).trades.map((x) => x.id)).toEqual([cancelled.id]);
      expect((await list('status=expired')).trades.map((x) => x.id)).toEqual([expired.id]);
      expect((await list('status=disputed')).trades).toEqual([]);
      const first = await list('limit=3&page=1');
      expect(first).toMatchObject({ page: 1, nextPage: 2 });
      expect((await list('limit=3&page=2')).trades.map((x) => x.id)).toEqual([released.id]);
      await refused(await me.c.get('/rest/v1/trade/history?status=nope'), 422, 'ERROR_INPUT_VALIDATION');
      const active = activeTradesSchema.parse((await me.c.get('/rest/v1/trade/active')).json().data);
      expect(active.trades.map((x) => x.id)).toEqual([selling.id]);
      await act(me.c, selling.id, 'release');
      expect(activeTradesSchema.parse((await me.c.get('/rest/v1/trade/active')).json().data).trades).toEqual(
        [],
      );
      await ledgerOk();
    });
  });
});

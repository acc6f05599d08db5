import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { OfferListing } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../modules/ledger/index.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { DEMO_HISTORY_TRADES, NEW_TRADER_SHARE } from './demo-history.js';
import { DEMO_MARKET, runSeeds, SEEDS } from './index.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const README = fileURLToPath(new URL('../../../../README.md', import.meta.url));
/** The web marketplace's page size (apps/web/src/features/marketplace/utils/search-params.ts). */
const FIRST_PAGE = 20;
/** The pairs a visitor lands on: English (USD), euro countries, Spanish in Argentina (ARS), and more. */
const POPULAR: [coin: string, currency: string][] = [
  ['BTC', 'USD'],
  ['BTC', 'EUR'],
  ['USDT', 'USD'],
  ['BTC', 'ARS'],
  ['USDT', 'EUR'],
  ['BTC', 'GBP'],
  ['BTC', 'NGN'],
  ['BTC', 'INR'],
];

/**
 * The demo market a fresh `npm start` makes (issues 17 and 26), made here by the same seeds: offers,
 * then a history through the trades and feedback services. Finished trades, feedback in English and
 * Spanish, traders online, a balanced ledger, most first-page vendors with feedback at any hour, and the
 * README's numbers.
 */
describe('demo market', () => {
  let t: TestApp;
  let cryptoIds: Map<string, number>;
  const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
  const search = async (query: string) => {
    const response = await t.client().get(`/rest/v1/offers?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { offers: OfferListing[]; total: number; totalCapped: boolean };
  };
  const market = (side: 'buy' | 'sell', coin: string, currency?: string, limit = FIRST_PAGE) =>
    search(
      `type=${side}&crypto_currency_id=${cryptoIds.get(coin)}&limit=${limit}${currency ? `&currency=${currency}` : ''}`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    await runSeeds(t.database.db, { ...t.config, demoData: true }, SEEDS);
    cryptoIds = new Map(
      rowsOf<{ id: number; code: string }>(await exec(sql`SELECT id, code FROM crypto_currencies`)).map(
        (r) => [r.code, r.id],
      ),
    );
  }, 180_000);
  afterAll(() => t.close());

  describe('history', () => {
    it('should make finished trades through the service, a few of them cancelled or expired', async () => {
      const statuses = rowsOf<{ status: string; n: number }>(
        await exec(sql`SELECT status, count(*)::int AS n FROM trades GROUP BY status`),
      );
      const count = (status: string) => statuses.find((s) => s.status === status)?.n ?? 0;
      const all = statuses.reduce((sum, s) => sum + s.n, 0);
      expect(all).toBe(DEMO_HISTORY_TRADES);
      expect(count('released')).toBeGreaterThan(DEMO_HISTORY_TRADES * 0.9);
      expect(count('cancelled_buyer') + count('cancelled_system')).toBeGreaterThan(0);
      // Nothing left running: no escrow held, nothing for the expiry job.
      expect(count('released') + count('cancelled_buyer') + count('cancelled_system')).toBe(all);
      // Spread over the last 60 days, with release times from about a minute to 40 minutes.
      const [span] = rowsOf<{ oldest_days: number; newest_days: number; fastest: number; slowest: number }>(
        await exec(sql`SELECT extract(epoch FROM now() - min(started_at))::float / 86400 AS oldest_days,
            extract(epoch FROM now() - max(completed_at))::float / 86400 AS newest_days,
            min(extract(epoch FROM completed_at - paid_at))::float AS fastest,
            max(extract(epoch FROM completed_at - paid_at))::float AS slowest
          FROM trades WHERE status = 'released'`),
      );
      expect(span!.oldest_days).toBeGreaterThan(55);
      expect(span!.oldest_days).toBeLessThanOrEqual(60);
      expect(span!.newest_days).toBeGreaterThan(0);
      expect(span!.newest_days).toBeLessThan(2);
      expect(span!.fastest).toBeGreaterThanOrEqual(60);
      expect(span!.slowest).toBeLessThanOrEqual(40 * 60);
    });

    it('should leave the ledger balanced, with the escrow locked and released through it', async () => {
      const report = await checkLedger(t.database.db);
      expect(report.ok, JSON.stringify(report)).toBe(true);
      const kinds = rowsOf<{ kind: string }>(
        await exec(sql`SELECT DISTINCT kind FROM ledger_transactions ORDER BY kind`),
      ).map((r) => r.kind);
      expect(kinds).toEqual(expect.arrayContaining(['deposit', 'escrow_lock', 'escrow_release']));
    });

    it('should leave feedback on most completed trades, in English and Spanish, stamped after the trade', async () => {
      const rows = rowsOf<{ rating: string; message: string; country: string; after: boolean }>(
        await exec(sql`SELECT f.rating, f.message, u.country_iso AS country,
            f.created_at > t.completed_at AND f.created_at < now() AS after
          FROM trade_feedback f JOIN trades t ON t.id = f.trade_id JOIN users u ON u.id = f.author_id`),
      );
      const [released] = rowsOf<{ n: number }>(
        await exec(sql`SELECT count(*)::int AS n FROM trades WHERE status = 'released'`),
      );
      expect(rows.length).toBeGreaterThan(released!.n);
      expect(rows.every((r) => r.after)).toBe(true);
      expect(rows.filter((r) => r.rating === 'positive').length).toBeGreaterThan(rows.length * 0.9);
      expect(rows.some((r) => r.rating === 'negative')).toBe(true);
      const spanish = rows.filter((r) => ['ES', 'AR'].includes(r.country) && r.message !== '');
      const english = rows.filter((r) => r.country === 'US' && r.message !== '');
      expect(spanish.length).toBeGreaterThan(0);
      expect(english.length).toBeGreaterThan(0);
      expect(
        spanish.every((r) => /[áéíóúñ¡]|Todo|Muy|Buena|Operación|Pagó|Tardó|Pidió/.test(r.message)),
      ).toBe(true);
    });

    it('should give every trader but the loosest-priced tenth of each market a history, busiest at the tight end', async () => {
      const traders = rowsOf<{ country: string; distance: number; positive: number; released: number }>(
        await exec(sql`SELECT u.country_iso AS country,
            (SELECT avg(abs(o.margin))::float FROM offers o WHERE o.user_id = u.id) AS distance,
            (SELECT count(*)::int FROM trade_feedback f WHERE f.recipient_id = u.id AND f.rating = 'positive') AS positive,
            (SELECT count(*)::int FROM trades t WHERE t.status = 'released'
              AND (t.buyer_id = u.id OR t.seller_id = u.id)) AS released
          FROM users u WHERE u.username LIKE 'trader%'`),
      );
      expect(traders.length).toBe(DEMO_MARKET.traders);
      // Per market: the loosest-priced tenth is new (no trade, no feedback), every other trader is rated.
      for (const country of new Set(traders.map((r) => r.country))) {
        const local = traders.filter((r) => r.country === country).sort((a, b) => a.distance - b.distance);
        const established = local.length - Math.round(local.length * NEW_TRADER_SHARE);
        expect(established, country).toBeLessThan(local.length);
        expect(
          local.slice(0, established).every((r) => r.positive > 0 && r.released > 0),
          country,
        ).toBe(true);
        expect(
          local.slice(established).every((r) => r.positive === 0 && r.released === 0),
          country,
        ).toBe(true);
      }
      // The tight quarter trades more than the loose half.
      const ranked = [...traders].sort((a, b) => a.distance - b.distance);
      const mean = (rows: typeof traders) => rows.reduce((sum, r) => sum + r.released, 0) / rows.length;
      expect(mean(ranked.slice(0, ranked.length / 4))).toBeGreaterThan(mean(ranked.slice(ranked.length / 2)));
    });

    it('should show the cards alive: feedback, trades, completion rate, release time, online owners', async () => {
      const { offers } = await market('buy', 'BTC', 'USD', 50);
      expect(offers.length).toBeGreaterThan(5);
      const owners = offers.map((o) => o.owner);
      expect(owners.some((o) => o.monthlyTradeStats.trades > 0)).toBe(true);
      expect(owners.some((o) => o.completionRate !== null && o.avgReleaseSeconds !== null)).toBe(true);
      const [online] = rowsOf<{ n: number }>(
        await exec(sql`SELECT count(DISTINCT s.user_id)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE u.username LIKE 'trader%' AND s.last_seen_at > now() - interval '5 minutes'`),
      );
      expect(online!.n).toBeGreaterThan(DEMO_MARKET.traders / 5);
      expect(online!.n).toBeLessThan(DEMO_MARKET.traders / 2);
      // Sellers ask above the market, buyers bid below.
      expect(offers.every((o) => o.margin === null || Number(o.margin) >= 1)).toBe(true);
      const bids = await market('sell', 'BTC', 'USD', 50);
      expect(bids.offers.length).toBeGreaterThan(0);
      expect(bids.offers.every((o) => o.margin === null || Number(o.margin) <= -1)).toBe(true);
    });
  });

  describe('what a visitor sees', () => {
    /** Vendors on the first page of each popular pair, both sides, and how many have positive feedback. */
    async function firstPages() {
      const pages: { pair: string; vendors: number; withFeedback: number }[] = [];
      for (const [coin, currency] of POPULAR) {
        for (const side of ['buy', 'sell'] as const) {
          const { offers } = await market(side, coin, currency);
          const vendors = new Map(offers.map((o) => [o.owner.username, o.owner.feedbackPositive]));
          pages.push({
            pair: `${side} ${coin}/${currency}`,
            vendors: vendors.size,
            withFeedback: [...vendors.values()].filter((n) => n > 0).length,
          });
        }
      }
      return pages;
    }
    /**
     * Runs `check` with every demo offer's opening hours closed (a weekend) or open (no hours at all),
     * then puts them back as the seed made them.
     */
    async function withOpeningHours(state: 'all open' | 'all closed', check: () => Promise<void>) {
      const change =
        state === 'all closed'
          ? sql`UPDATE offer_opening_hours SET active = false WHERE active RETURNING offer_id AS id`
          : sql`UPDATE offers SET has_opening_hours = false WHERE has_opening_hours RETURNING id`;
      const ids = `{${rowsOf<{ id: number }>(await exec(change))
        .map((r) => r.id)
        .join(',')}}`;
      try {
        await check();
      } finally {
        await exec(
          state === 'all closed'
            ? sql`UPDATE offer_opening_hours SET active = true WHERE offer_id = ANY(${ids}::int[])`
            : sql`UPDATE offers SET has_opening_hours = true WHERE id = ANY(${ids}::int[])`,
        );
      }
    }
    const mostHaveFeedback = (pages: Awaited<ReturnType<typeof firstPages>>) => {
      for (const page of pages) {
        expect(page.vendors, page.pair).toBeGreaterThan(3);
        // "Most": at least three in four vendors on every first page (one new vendor among few is allowed).
        expect(page.withFeedback / page.vendors, JSON.stringify(page)).toBeGreaterThanOrEqual(0.75);
      }
      const vendors = pages.reduce((sum, p) => sum + p.vendors, 0);
      const withFeedback = pages.reduce((sum, p) => sum + p.withFeedback, 0);
      expect(withFeedback / vendors).toBeGreaterThanOrEqual(0.85);
    };

    it('should list every demo offer, so the README counts what a visitor finds', async () => {
      const [made] = rowsOf<{ offers: number; coins: number; currencies: number }>(
        await exec(sql`SELECT count(*)::int AS offers, count(DISTINCT crypto_code)::int AS coins,
            count(DISTINCT fiat_currency_code)::int AS currencies
          FROM offers o JOIN users u ON u.id = o.user_id WHERE u.username LIKE 'trader%'`),
      );
      expect(made).toEqual({ offers: DEMO_MARKET.offers, coins: 6, currencies: 11 });
      // Every one active, funded and bonded: with all opening hours open, the searches of six coins on
      // both sides list them all (what hides some now is only their opening hours).
      await withOpeningHours('all open', async () => {
        let listed = 0;
        for (const coin of cryptoIds.keys()) {
          for (const side of ['buy', 'sell'] as const) {
            const { total, totalCapped } = await market(side, coin);
            expect(totalCapped).toBe(false);
            listed += total;
          }
        }
        expect(listed).toBe(DEMO_MARKET.offers);
      });
    });

    it('should have most first-page vendors of the popular markets with feedback, at any hour', async () => {
      // Now, whatever the hour the test runs at.
      mostHaveFeedback(await firstPages());
      // At night and at weekends, when every offer with opening hours is closed, and in the hours every
      // one of them is open: the pages reach further down the price order or less far.
      await withOpeningHours('all closed', async () => mostHaveFeedback(await firstPages()));
      await withOpeningHours('all open', async () => mostHaveFeedback(await firstPages()));
    });

    it("should state the seed's numbers in the README, in every place it names them", async () => {
      const readme = fs.readFileSync(README, 'utf8');
      const n = (value: number) => value.toLocaleString('en-US');
      const [counts] = rowsOf<{ hours: number; btc_usd: number; btc_usd_hours: number }>(
        await exec(sql`SELECT count(*) FILTER (WHERE has_opening_hours)::int AS hours,
            count(*) FILTER (WHERE type = 'sell' AND crypto_code = 'BTC' AND fiat_currency_code = 'USD'
              AND NOT has_opening_hours)::int AS btc_usd,
            count(*) FILTER (WHERE type = 'sell' AND crypto_code = 'BTC' AND fiat_currency_code = 'USD'
              AND has_opening_hours)::int AS btc_usd_hours
          FROM offers`),
      );
      // The DEMO_DATA row of the configuration table and "What to try".
      const demoRow = readme.split('\n').find((line) => line.startsWith('| `DEMO_DATA` |'))!;
      expect(demoRow).toContain(
        `${DEMO_MARKET.traders} traders, ${n(DEMO_MARKET.offers)} funded offers across six coins and 11 currencies, ${DEMO_HISTORY_TRADES} past trades`,
      );
      const tryIt = readme
        .slice(readme.indexOf('## What to try'), readme.indexOf('## Running in production'))
        .replace(/\s+/g, ' ');
      expect(tryIt).toContain(`${n(DEMO_MARKET.offers)} offers across six coins and 11 currencies`);
      expect(tryIt).toContain(`from ${DEMO_MARKET.traders} traders`);
      expect(tryIt).toContain(`${n(DEMO_MARKET.offers - counts!.hours)} around the clock`);
      expect(tryIt).toContain(`the other ${n(counts!.hours)} on weekdays from 8:00 to 22:00`);
      const [rated] = rowsOf<{ n: number }>(
        await exec(sql`SELECT count(DISTINCT f.recipient_id)::int AS n FROM trade_feedback f
          JOIN users u ON u.id = f.recipient_id WHERE u.username LIKE 'trader%' AND f.rating = 'positive'`),
      );
      expect(tryIt).toContain(
        `${rated!.n} of the traders have a history (${DEMO_HISTORY_TRADES} past trades`,
      );
      // What /trading/buy-bitcoin/any shows an English visitor: the bitcoin sellers in USD, the
      // round-the-clock ones always, the rest on weekdays in New York's daytime.
      expect(tryIt).toContain(
        `${counts!.btc_usd} bitcoin offers in USD around the clock and ${counts!.btc_usd + counts!.btc_usd_hours} on weekdays from 8:00 to 22:00 New York time`,
      );
      const now = await market('buy', 'BTC', 'USD');
      expect(now.total).toBeGreaterThanOrEqual(counts!.btc_usd);
      expect(now.total).toBeLessThanOrEqual(counts!.btc_usd + counts!.btc_usd_hours);
    });
  });
});

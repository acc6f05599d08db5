import { sql } from 'drizzle-orm';
import type { OfferListing } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../modules/ledger/index.js';
import { seedOffers } from '../modules/offers/seed.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { seedDemoHistory } from './demo-history.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Issue 17: the demo market has a history made through the trades and feedback services (a smaller
 * market than the start-up's, same generators): finished trades, feedback in English and Spanish, some
 * traders online, sellers above and buyers below the market, and a ledger that still balances.
 */
describe('demo history seed', () => {
  let t: TestApp;
  let result: Awaited<ReturnType<typeof seedDemoHistory>>;
  const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);

  beforeAll(async () => {
    t = await createTestApp();
    await seedOffers(t.database.db, {
      users: 36,
      offers: 400,
      prefix: 'trader',
      bond: { amounts: {}, paymentGroups: ['gift-cards', 'online-transfers'] },
    });
    result = await seedDemoHistory(t.database.db, t.config, { prefix: 'trader', trades: 60 });
  }, 120_000);
  afterAll(() => t.close());

  it('should make finished trades through the service, a few of them cancelled or expired', async () => {
    const statuses = rowsOf<{ status: string; n: number }>(
      await exec(sql`SELECT status, count(*)::int AS n FROM trades GROUP BY status`),
    );
    const count = (status: string) => statuses.find((s) => s.status === status)?.n ?? 0;
    expect(result.trades).toBe(60);
    expect(count('released')).toBe(result.completed);
    expect(result.completed).toBeGreaterThan(45);
    expect(count('cancelled_buyer') + count('cancelled_system')).toBe(60 - result.completed);
    // Nothing left running: no escrow held, nothing for the expiry job.
    expect(
      statuses.every((s) => ['released', 'cancelled_buyer', 'cancelled_system'].includes(s.status)),
    ).toBe(true);
    // Spread over the last 60 days, with release times from about a minute to 40 minutes.
    const [span] = rowsOf<{ oldest_days: number; newest_days: number; fastest: number; slowest: number }>(
      await exec(sql`SELECT extract(epoch FROM now() - min(started_at))::float / 86400 AS oldest_days,
          extract(epoch FROM now() - max(completed_at))::float / 86400 AS newest_days,
          min(extract(epoch FROM completed_at - paid_at))::float AS fastest,
          max(extract(epoch FROM completed_at - paid_at))::float AS slowest
        FROM trades WHERE status = 'released'`),
    );
    expect(span!.oldest_days).toBeGreaterThan(45);
    expect(span!.oldest_days).toBeLessThanOrEqual(60);
    expect(span!.newest_days).toBeGreaterThan(0);
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
    expect(rows.length).toBe(result.feedback);
    expect(rows.length).toBeGreaterThan(result.completed);
    expect(rows.every((r) => r.after)).toBe(true);
    expect(rows.filter((r) => r.rating === 'positive').length).toBeGreaterThan(rows.length * 0.8);
    const spanish = rows.filter((r) => ['ES', 'AR'].includes(r.country) && r.message !== '');
    const english = rows.filter((r) => r.country === 'US' && r.message !== '');
    expect(spanish.length).toBeGreaterThan(0);
    expect(english.length).toBeGreaterThan(0);
    expect(spanish.every((r) => /[áéíóúñ¡]|Todo|Muy|Buena|Operación|Pagó|Tardó|Pidió/.test(r.message))).toBe(
      true,
    );
  });

  it('should show the cards alive: feedback, trades, completion rate, release time, online owners', async () => {
    const response = await t.client().get('/rest/v1/offers?type=buy&currency=USD&limit=50');
    expect(response.statusCode, response.body).toBe(200);
    const offers = response.json().data.offers as OfferListing[];
    expect(offers.length).toBeGreaterThan(5);
    const owners = offers.map((o) => o.owner);
    expect(owners.some((o) => o.feedbackPositive > 0)).toBe(true);
    expect(owners.some((o) => o.monthlyTradeStats.trades > 0)).toBe(true);
    expect(owners.some((o) => o.completionRate !== null && o.avgReleaseSeconds !== null)).toBe(true);
    expect(result.online).toBeGreaterThan(0);
    const [online] = rowsOf<{ n: number }>(
      await exec(sql`SELECT count(DISTINCT user_id)::int AS n FROM sessions
        WHERE last_seen_at > now() - interval '5 minutes'`),
    );
    expect(online!.n).toBe(result.online);
    // Sellers ask above the market, buyers bid below.
    expect(offers.every((o) => o.margin === null || Number(o.margin) >= 1)).toBe(true);
    const bids = await t.client().get('/rest/v1/offers?type=sell&currency=USD&limit=50');
    const buyOffers = bids.json().data.offers as OfferListing[];
    expect(buyOffers.length).toBeGreaterThan(0);
    expect(buyOffers.every((o) => o.margin === null || Number(o.margin) <= -1)).toBe(true);
  });
});

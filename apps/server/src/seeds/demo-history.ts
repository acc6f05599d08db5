import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { parseAmount, type Locale } from '@app/contract';
import type { Config } from '../platform/config.js';
import type { Db } from '../platform/db/client.js';
import { sessions, users } from '../platform/db/schema.js';
import { hashPassword } from '../platform/auth/passwords.js';
import { createInProcessBus } from '../platform/events/bus.js';
import { createFeedbackService } from '../modules/feedback/index.js';
import type { Leg } from '../modules/ledger/index.js';
import { prng } from '../modules/offers/seed.js';
import { tradesOutsideTheServer } from '../trades-outside-the-server.js';

/**
 * Trades the demo history makes on a fresh start: a first one for each of the 108 established traders of
 * the demo market, the other 52 to the busiest. Each costs about 45 ms of CPU on PGlite (start, paid,
 * release, feedback through the services), so this keeps the first start within seconds.
 */
export const DEMO_HISTORY_TRADES = 160;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** The history spreads over this many days before the start, so the 30-day numbers cover half of it. */
const HISTORY_DAYS = 60;
/** Trades worth more than this (USD) are left out: small trades keep the customers within their limits. */
const MAX_TRADE_USD = 300;
/** The loosest-priced share of each market's traders who are new: no trades, no feedback yet. */
export const NEW_TRADER_SHARE = 0.1;

/**
 * The demo traders' customers: one or two per market of the offer seed, so a trader trades with people
 * of their own country and currency. Spanish-speaking markets write their feedback in Spanish.
 */
const CUSTOMERS: { username: string; country: string; currency: string; tz: string }[] = [
  { username: 'jmiller', country: 'US', currency: 'USD', tz: 'America/New_York' },
  { username: 'sarah_k', country: 'US', currency: 'USD', tz: 'America/Chicago' },
  { username: 'chidi_o', country: 'NG', currency: 'NGN', tz: 'Africa/Lagos' },
  { username: 'amaka22', country: 'NG', currency: 'NGN', tz: 'Africa/Lagos' },
  { username: 'oliver_w', country: 'GB', currency: 'GBP', tz: 'Europe/London' },
  { username: 'ellie_b', country: 'GB', currency: 'GBP', tz: 'Europe/London' },
  { username: 'lukas_m', country: 'DE', currency: 'EUR', tz: 'Europe/Berlin' },
  { username: 'lucia_gm', country: 'ES', currency: 'EUR', tz: 'Europe/Madrid' },
  { username: 'javi_ruiz', country: 'ES', currency: 'EUR', tz: 'Europe/Madrid' },
  { username: 'wanjiku_n', country: 'KE', currency: 'KES', tz: 'Africa/Nairobi' },
  { username: 'kofi_a', country: 'GH', currency: 'GHS', tz: 'Africa/Accra' },
  { username: 'rahul_v', country: 'IN', currency: 'INR', tz: 'Asia/Kolkata' },
  { username: 'priya_s', country: 'IN', currency: 'INR', tz: 'Asia/Kolkata' },
  { username: 'liam_t', country: 'CA', currency: 'CAD', tz: 'America/Toronto' },
  { username: 'joao_p', country: 'BR', currency: 'BRL', tz: 'America/Sao_Paulo' },
  { username: 'santi_g', country: 'AR', currency: 'ARS', tz: 'America/Argentina/Buenos_Aires' },
  { username: 'valen_r', country: 'AR', currency: 'ARS', tz: 'America/Argentina/Buenos_Aires' },
  { username: 'miguel_d', country: 'PH', currency: 'PHP', tz: 'Asia/Manila' },
];
const SPANISH_COUNTRIES = new Set(['ES', 'AR', 'MX', 'CO', 'CL', 'PE', 'VE', 'UY', 'EC', 'BO', 'PY']);

/** What the customers hold to sell to buy offers (world -> available, one ledger transaction per coin). */
const CUSTOMER_FUNDS: Record<string, string> = {
  BTC: '0.5',
  ETH: '10',
  LTC: '300',
  USDT: '20000',
  USDC: '20000',
  XMR: '100',
};

const FEEDBACK: Record<'en' | 'es', { positive: string[]; negative: string[] }> = {
  en: {
    positive: [
      'Fast release, thanks!',
      'Smooth trade, would trade again.',
      'Quick and friendly.',
      'Paid on time, great trader.',
      'Released within minutes. Recommended.',
      'Everything as described in the terms.',
      'Great communication from start to finish.',
      'Second trade with them, reliable as always.',
      '',
      '',
    ],
    negative: [
      'Took over an hour to answer in the chat.',
      'Asked me to pay to an account in another name.',
      'Very slow, had to remind them twice.',
    ],
  },
  es: {
    positive: [
      'Liberación rápida, ¡gracias!',
      'Todo perfecto, volvería a operar.',
      'Muy amable y rápido.',
      'Pagó a tiempo, excelente.',
      'Operación sin problemas, recomendado.',
      'Buena comunicación en todo momento.',
      'Segunda vez que opero con él, muy confiable.',
      '',
      '',
    ],
    negative: [
      'Tardó mucho en responder en el chat.',
      'Pidió pagar a una cuenta de otra persona.',
      'Muy lento, tuve que insistir dos veces.',
    ],
  },
};

type Offer = {
  hash: string;
  userId: number;
  type: 'buy' | 'sell';
  cryptoCode: string;
  currency: string;
  amount: string;
  paymentWindow: number;
};
type Person = { id: number; country: string; currency: string };

/** The trades service on a clock the seed moves, with a bus nobody listens to yet, and feedback. */
function servicesFor(db: Db, config: Config, now: () => Date) {
  const events = createInProcessBus();
  const { ledger, catalogue, trades } = tradesOutsideTheServer({ db, config, events, now });
  return { ledger, catalogue, trades, feedback: createFeedbackService({ db, trades, events }) };
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * A market that looks lived in (issue 17): `trades` trades between the demo traders (`prefix`NNNN) and
 * their customers over the last 60 days, made by the trades service (start, paid, release; a few
 * cancelled by the buyer or expired unpaid) so escrow and fees go through the ledger as in real trades,
 * with feedback through the feedback service on most completed ones. The service runs on a clock the
 * seed sets to each step's moment, so start, paid and release times are real history (release a few
 * minutes to about 40); feedback is stamped afterwards, minutes after its trade. Every trader but the
 * loosest-priced tenth of each market has a first trade, completed and rated by the customer, so the
 * vendors a visitor sees first have feedback (issue 26, decision 0051). Then about a third of
 * the traders are online (a session seen just now, whose token nobody holds) and the rest were last seen
 * hours or days ago. Deterministic (the offer seed's prng); times are relative to the start.
 */
export async function seedDemoHistory(
  db: Db,
  config: Config,
  options: { prefix: string; trades: number; now?: Date },
): Promise<{ trades: number; completed: number; feedback: number; online: number }> {
  const started = options.now ?? new Date();
  const random = prng(20_261_126);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const between = (low: number, high: number) => low + random() * (high - low);
  let clock = started;
  const { ledger, catalogue, trades, feedback } = servicesFor(db, config, () => clock);
  const data = await catalogue.data();

  const traders = rowsOf<{ id: number; country: string; currency: string }>(
    await db.execute(sql`SELECT id, country_iso AS country, currency_code AS currency FROM users
      WHERE is_demo_account AND username LIKE ${`${options.prefix}%`} ORDER BY id`),
  );
  if (traders.length === 0) return { trades: 0, completed: 0, feedback: 0, online: 0 };

  // The customers: demo accounts with a verified e-mail (KYC level L1: enough for these small trades).
  const passwordHash = await hashPassword('Demo-pass-1');
  const inserted = await db
    .insert(users)
    .values(
      CUSTOMERS.map((c) => ({
        username: c.username,
        email: `${c.username}@demo.p2p.local`,
        passwordHash,
        isDemoAccount: true,
        isEmailVerified: true,
        countryIso: c.country,
        currencyCode: c.currency,
        timezone: c.tz,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: users.id, country: users.countryIso, currency: users.currencyCode });
  const customers: Person[] = inserted.map((c) => ({
    id: c.id,
    country: c.country ?? 'US',
    currency: c.currency ?? 'USD',
  }));
  if (customers.length === 0) return { trades: 0, completed: 0, feedback: 0, online: 0 };
  const customersOf = (currency: string) => {
    const local = customers.filter((c) => c.currency === currency);
    return local.length > 0 ? local : customers;
  };
  for (const [coin, amount] of Object.entries(CUSTOMER_FUNDS)) {
    const crypto = data.cryptoByCode.get(coin);
    const units = crypto ? parseAmount(amount, crypto.decimals) : null;
    if (!units?.ok) continue;
    const legs: Leg[] = customers.map((c) => ({
      account: { userId: c.id, kind: 'available' },
      amount: units.units,
    }));
    await ledger.transfer({
      idempotencyKey: `demo-history-fund:${coin}`,
      kind: 'deposit',
      cryptoCode: coin,
      reference: { type: 'demo', id: `history:${coin}` },
      legs: [
        { account: { userId: null, kind: 'world' }, amount: -units.units * BigInt(legs.length) },
        ...legs,
      ],
    });
  }

  // Offers anyone may take at any hour, small enough for a first trade; the amount each trade uses.
  const usdRates = new Map(
    rowsOf<{ quote: string; rate: string }>(
      await db.execute(sql`SELECT quote, rate::text AS rate FROM current_rates WHERE base = 'USD'`),
    ).map((r) => [r.quote, Number(r.rate)]),
  );
  const candidates = rowsOf<{
    hash: string;
    user_id: number;
    type: 'buy' | 'sell';
    crypto_code: string;
    currency: string;
    amount_mode: string;
    range_min: string;
    predefined: string[];
    payment_window: number;
  }>(
    await db.execute(sql`SELECT o.hash, o.user_id, o.type, o.crypto_code, o.fiat_currency_code AS currency,
        o.amount_mode, o.range_min::text AS range_min, o.predefined_amounts::text[] AS predefined,
        o.payment_window
      FROM offers o JOIN users u ON u.id = o.user_id
      WHERE u.is_demo_account AND u.username LIKE ${`${options.prefix}%`} AND o.is_active
        AND NOT o.has_opening_hours AND NOT o.require_verified_id AND NOT o.require_full_name
        AND o.require_min_past_trades IS NULL AND NOT o.is_trusted_only AND o.country_list_mode = 'all'
        AND o.new_buyer_max IS NULL
        -- Offers whose tags make the buyer upload a photo ID or a receipt first are left to real people.
        AND NOT EXISTS (SELECT 1 FROM offer_tags ot JOIN tags tg ON tg.id = ot.tag_id
          WHERE ot.offer_id = o.id AND tg.slug IN ('photo-id-required', 'receipt-required'))
      ORDER BY o.id`),
  );
  const offersByOwner = new Map<number, Offer[]>();
  for (const o of candidates) {
    const currency = data.currencyByCode.get(o.currency);
    const fx = usdRates.get(o.currency);
    if (!currency || !fx) continue;
    const raw = o.amount_mode === 'predefined' ? o.predefined[0] : o.range_min;
    if (!raw || Number(raw) / fx > MAX_TRADE_USD) continue;
    const list = offersByOwner.get(o.user_id) ?? [];
    list.push({
      hash: o.hash,
      userId: o.user_id,
      type: o.type,
      cryptoCode: o.crypto_code,
      currency: o.currency,
      amount: Number(raw).toFixed(currency.precision),
      paymentWindow: o.payment_window,
    });
    offersByOwner.set(o.user_id, list);
  }

  // Who trades how much, market by market (a visitor sees one currency at a time): as on real markets,
  // the traders who price tightest (their offers' mean distance from the market price, which the offer
  // seed leans per trader) are the busy ones and release fastest; they are also the ones the marketplace
  // lists first (cheapest sellers, highest buyers). The loosest tenth of each market is new (no history).
  const tightness = new Map(
    rowsOf<{ user_id: number; distance: string }>(
      await db.execute(sql`SELECT o.user_id, avg(abs(o.margin))::text AS distance FROM offers o
        JOIN users u ON u.id = o.user_id
        WHERE u.is_demo_account AND u.username LIKE ${`${options.prefix}%`} AND o.margin IS NOT NULL
        GROUP BY o.user_id`),
    ).map((r) => [r.user_id, Number(r.distance)]),
  );
  const markets = new Map<string, typeof traders>();
  for (const t of traders) {
    if (!offersByOwner.has(t.id) || !tightness.has(t.id)) continue;
    markets.set(t.country, [...(markets.get(t.country) ?? []), t]);
  }
  const active = [...markets.values()].flatMap((market) => {
    const ranked = market.sort((a, b) => tightness.get(a.id)! - tightness.get(b.id)! || a.id - b.id);
    const established = ranked.slice(0, ranked.length - Math.round(ranked.length * NEW_TRADER_SHARE));
    return established.map((t, i) => {
      const rank = i / established.length;
      return {
        ...t,
        weight: rank < 0.2 ? 6 : rank < 0.5 ? 2 : 1,
        releaseMinutes: 2 + rank * 18 + between(0, 6),
      };
    });
  });
  const totalWeight = active.reduce((sum, t) => sum + t.weight, 0);
  const pickTrader = () => {
    let left = random() * totalWeight;
    for (const t of active) {
      left -= t.weight;
      if (left <= 0) return t;
    }
    return active[active.length - 1]!;
  };
  // Every established trader's first trade (completed, rated by the customer: a vendor listed on a first
  // page has feedback), then the rest by weight; shuffled, so first trades are spread over the 60 days.
  const plans = [
    ...active.slice(0, options.trades).map((trader) => ({ trader, first: true })),
    ...Array.from({ length: Math.max(0, options.trades - active.length) }, () => ({
      trader: pickTrader(),
      first: false,
    })),
  ];
  for (let i = plans.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [plans[i], plans[j]] = [plans[j]!, plans[i]!];
  }
  const speedOf = new Map(active.map((t) => [t.id, t.releaseMinutes]));
  const countryOf = new Map<number, string>([
    ...traders.map((t) => [t.id, t.country] as const),
    ...customers.map((c) => [c.id, c.country] as const),
  ]);
  const languageOf = (userId: number): 'en' | 'es' =>
    SPANISH_COUNTRIES.has(countryOf.get(userId) ?? '') ? 'es' : 'en';

  const as = (id: number) => ({ id, role: 'user' as const });
  const step = (locale: Locale = 'en') => ({ ip: '127.0.0.1', locale });
  const from = started.getTime() - HISTORY_DAYS * DAY_MS;
  const span = HISTORY_DAYS * DAY_MS - 3 * 60 * MINUTE_MS;
  const tradeHashes: string[] = [];
  let completed = 0;
  let given = 0;
  for (const [i, { trader, first }] of plans.entries()) {
    const offer = pick(offersByOwner.get(trader.id)!);
    const customer = pick(customersOf(offer.currency));
    const buyer = offer.type === 'sell' ? customer.id : offer.userId;
    const seller = offer.type === 'sell' ? offer.userId : customer.id;
    // In time order, each trade in its own moment: a customer's daily limit sees a real day.
    const at = from + ((i + random()) / plans.length) * span;
    clock = new Date(at);
    const trade = await trades.start(
      as(customer.id),
      { offer_hash: offer.hash, fiat_amount: offer.amount },
      step(),
    );
    const fate = first ? 1 : random();
    if (fate < 0.05) {
      // The buyer changed their mind before paying.
      clock = new Date(at + between(2, 20) * MINUTE_MS);
      await trades.cancel(as(buyer), trade.id, step());
      continue;
    }
    if (fate < 0.1) {
      // Never paid: the payment window ran out and the expiry job cancelled it.
      clock = new Date(at + (offer.paymentWindow + 1) * MINUTE_MS);
      await trades.expireDue();
      continue;
    }
    const paidAt = at + between(2, 15) * MINUTE_MS;
    clock = new Date(paidAt);
    await trades.markPaid(as(buyer), trade.id, step());
    // The seller's usual speed, varied per trade; a customer selling is a few minutes either way.
    const usual = speedOf.get(seller) ?? between(3, 12);
    clock = new Date(paidAt + Math.min(40, Math.max(1, usual * between(0.4, 1.8))) * MINUTE_MS);
    await trades.release(as(seller), trade.id, step());
    completed += 1;
    tradeHashes.push(trade.id);

    // Feedback on most completed trades, mostly good; the customer rates the trader more often than back.
    for (const [author, share] of [
      [customer.id, 0.85],
      [offer.userId, 0.3],
    ] as const) {
      const customerOnFirst = first && author === customer.id;
      if (!customerOnFirst && random() >= share) continue;
      const texts = FEEDBACK[languageOf(author)];
      const negative = !customerOnFirst && random() < 0.05;
      await feedback.give(author, trade.id, {
        rating: negative ? 'negative' : 'positive',
        message: negative ? pick(texts.negative) : pick(texts.positive),
      });
      given += 1;
    }
  }
  // Feedback was written at the seeding's time: stamp it minutes after its trade ended.
  if (tradeHashes.length > 0) {
    await db.execute(sql`UPDATE trade_feedback f
      SET created_at = t.completed_at + make_interval(mins => 3 + (f.id * 7919) % 180)
      FROM trades t WHERE t.id = f.trade_id AND t.hash = ANY(${`{${tradeHashes.join(',')}}`}::text[])`);
  }

  // Presence: a third of the traders online now (a session seen within the online window; its token is
  // thrown away, so nobody can use it), the others last logged in hours to days ago.
  const realNow = started.getTime();
  const online = traders.filter(() => random() < 0.35);
  if (online.length > 0) {
    await db.insert(sessions).values(
      online.map((t) => ({
        id: createHash('sha256').update(randomBytes(32)).digest('hex'),
        userId: t.id,
        csrfToken: randomBytes(24).toString('base64url'),
        createdAt: new Date(realNow - between(10, 120) * MINUTE_MS),
        lastSeenAt: new Date(realNow - between(0, 2) * MINUTE_MS),
        expiresAt: new Date(realNow + DAY_MS),
        ip: '127.0.0.1',
        userAgent: 'demo seed',
      })),
    );
  }
  const lastLogins = traders.map((t) => ({
    id: t.id,
    at: new Date(realNow - between(0.5, 72) * 60 * MINUTE_MS).toISOString(),
  }));
  await db.execute(sql`UPDATE users u SET last_login_at = v.at::timestamptz
    FROM jsonb_to_recordset(${JSON.stringify(lastLogins)}::jsonb) AS v(id int, at text) WHERE u.id = v.id`);

  return { trades: plans.length, completed, feedback: given, online: online.length };
}

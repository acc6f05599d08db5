import { sql } from 'drizzle-orm';
import { parseAmount } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { users } from '../../platform/db/schema.js';
import { createCatalogueService } from '../catalogue/index.js';
import { createLedger, type Leg } from '../ledger/index.js';
import { DEFAULT_BOND_AMOUNTS } from '../wallet/index.js';
import { offerOpeningHours, offers, offerTags } from './tables.js';
import { newOfferHash } from './service.js';

/** A small deterministic generator: the same demo market on every fresh start (and its history). */
export function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Where demo traders live and what they pay with: realistic pairs of country, currency and methods. */
const MARKETS: { country: string; currency: string; methods: string[]; tz: string }[] = [
  {
    country: 'US',
    currency: 'USD',
    methods: [
      'bank-transfer',
      'ach-transfer',
      'chase-bank',
      'bank-of-america',
      'paypal',
      'cash-app',
      'zelle',
      'venmo',
      'amazon-gift-card',
      'apple-gift-card',
    ],
    tz: 'America/New_York',
  },
  {
    country: 'NG',
    currency: 'NGN',
    methods: ['bank-transfer', 'access-bank', 'gtbank', 'zenith-bank', 'uba', 'first-bank-of-nigeria'],
    tz: 'Africa/Lagos',
  },
  {
    country: 'GB',
    currency: 'GBP',
    methods: ['faster-payments', 'bank-transfer', 'paypal', 'revolut', 'wise'],
    tz: 'Europe/London',
  },
  {
    country: 'DE',
    currency: 'EUR',
    methods: ['sepa-bank-transfer', 'sepa-instant', 'paypal', 'revolut', 'wise'],
    tz: 'Europe/Berlin',
  },
  {
    country: 'ES',
    currency: 'EUR',
    methods: ['sepa-bank-transfer', 'bizum', 'paypal', 'revolut'],
    tz: 'Europe/Madrid',
  },
  {
    country: 'KE',
    currency: 'KES',
    methods: ['m-pesa', 'bank-transfer', 'equity-bank', 'airtel-money'],
    tz: 'Africa/Nairobi',
  },
  {
    country: 'GH',
    currency: 'GHS',
    methods: ['mtn-mobile-money', 'bank-transfer', 'vodafone-cash', 'ecobank'],
    tz: 'Africa/Accra',
  },
  {
    country: 'IN',
    currency: 'INR',
    methods: ['upi', 'imps', 'paytm', 'bank-transfer', 'phonepe'],
    tz: 'Asia/Kolkata',
  },
  {
    country: 'CA',
    currency: 'CAD',
    methods: ['interac-e-transfer', 'bank-transfer', 'paypal'],
    tz: 'America/Toronto',
  },
  {
    country: 'BR',
    currency: 'BRL',
    methods: ['pix', 'bank-transfer', 'mercado-pago'],
    tz: 'America/Sao_Paulo',
  },
  {
    country: 'AR',
    currency: 'ARS',
    methods: ['bank-transfer', 'mercado-pago'],
    tz: 'America/Argentina/Buenos_Aires',
  },
  { country: 'PH', currency: 'PHP', methods: ['gcash', 'bank-transfer', 'paymaya'], tz: 'Asia/Manila' },
];
const COINS = ['BTC', 'BTC', 'BTC', 'USDT', 'USDT', 'ETH', 'LTC', 'USDC', 'XMR'];
/** Fiat limits drawn around these USD sizes. */
const SIZES_USD = [10, 25, 50, 100, 200, 500, 1000, 2500, 5000];

export type OfferSeedOptions = {
  users: number;
  offers: number;
  prefix: string;
  /** BOND_AMOUNTS and BOND_PAYMENT_GROUPS as configured (the seed funds the bonds they ask for). */
  bond: { amounts: Record<string, string>; paymentGroups: string[] };
};

/**
 * Bulk demo market: `users` traders (sharing one precomputed password hash) and `offers` offers across
 * coins, currencies, methods and countries, with margins, limits, tags and opening hours. Sell offers'
 * owners are funded through the ledger (world -> available, one transaction per coin and
 * 100 legs, key `demo-fund:<prefix>:<coin>:<chunk>`), and owners of bond-requiring offers get their bond (world -> bond) in the
 * same transaction, so the market is visible as generated.
 */
export async function seedOffers(
  db: Db,
  options: OfferSeedOptions,
): Promise<{ users: number; offers: number }> {
  const random = prng(20_260_101 + options.offers);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const catalogue = createCatalogueService(db);
  const data = await catalogue.data();
  const ledger = createLedger(db);
  const rates = new Map<string, string>();
  for (const row of (
    (await db.execute(
      sql`SELECT base, quote, rate::text AS rate FROM current_rates WHERE base = 'USD'`,
    )) as unknown as { rows: { quote: string; rate: string }[] }
  ).rows) {
    rates.set(row.quote, row.rate);
  }
  const passwordHash = await hashPassword('Demo-pass-1');
  const markets = MARKETS.map((m) => ({
    ...m,
    methods: m.methods.map((slug) => data.methodBySlug.get(slug)).filter((x) => x !== undefined),
  })).filter((m) => m.methods.length > 0 && data.currencyByCode.has(m.currency));
  const bondGroups = new Set(
    options.bond.paymentGroups.map((slug) => data.groupBySlug.get(slug)?.id).filter((id) => id !== undefined),
  );

  // Users in batches.
  const owners: { id: number; market: (typeof markets)[number]; username: string; edge: number }[] = [];
  const userRows = Array.from({ length: options.users }, (_, i) => {
    const market = markets[i % markets.length]!;
    const username = `${options.prefix}${String(i + 1).padStart(4, '0')}`;
    return {
      // How close to the market price this trader usually trades (0 = tightest), from its own generator
      // so the market's other draws stay as they were.
      edge: prng(20_260_202 + i)(),
      username,
      email: `${username}@demo.p2p.local`,
      passwordHash,
      isDemoAccount: true,
      isEmailVerified: true,
      countryIso: market.country,
      currencyCode: market.currency,
      timezone: market.tz,
      market,
    };
  });
  for (let i = 0; i < userRows.length; i += 500) {
    const batch = userRows.slice(i, i + 500);
    const inserted = await db
      .insert(users)
      .values(batch.map(({ market: _market, edge: _edge, ...row }) => row))
      .onConflictDoNothing()
      .returning({ id: users.id, username: users.username });
    const byName = new Map(inserted.map((r) => [r.username, r.id]));
    for (const row of batch) {
      const id = byName.get(row.username);
      if (id !== undefined) owners.push({ id, market: row.market, username: row.username, edge: row.edge });
    }
  }
  if (owners.length === 0) return { users: 0, offers: 0 };

  const funded = new Set<string>();
  const bonded = new Set<string>();
  let created = 0;
  for (let start = 0; start < options.offers; start += 1_000) {
    const count = Math.min(1_000, options.offers - start);
    const rows: (typeof offers.$inferInsert)[] = [];
    const tagLists: number[][] = [];
    const hourLists: { day: number; startMinute: number; endMinute: number; active: boolean }[][] = [];
    for (let i = 0; i < count; i += 1) {
      const owner = pick(owners);
      const method = pick(owner.market.methods);
      const currency = data.currencyByCode.get(owner.market.currency)!;
      const isGift = data.groupById.get(method.groupId)?.slug === 'gift-cards';
      // Only coins that may have this kind of offer (Monero has no gift card offers): every draw makes an
      // offer, so the market has exactly `options.offers` (the README states the demo market's numbers).
      const coin = pick(
        COINS.filter((c) => {
          const known = data.cryptoByCode.get(c);
          return known && !(isGift && known.excludedOfferFeatures.includes('gift-card-offers'));
        }),
      );
      const crypto = data.cryptoByCode.get(coin)!;
      const type = random() < 0.6 ? 'sell' : 'buy';
      const fx = rates.get(currency.code) ?? '1';
      const usd = pick(SIZES_USD);
      const scale = 10 ** currency.precision;
      // Limits: round numbers in the local currency (float only to pick a demo size, never for money math).
      const round = (value: number) =>
        ((Math.max(1, Math.round(value)) * scale) / scale).toFixed(currency.precision);
      const min = round(usd * Number(fx));
      const max = round(usd * Number(fx) * pick([2, 4, 5, 10]));
      const predefined = random() < 0.1;
      // As on real markets: sellers ask above the market price (+1 to +6 %), buyers bid below (-1 to -5 %);
      // a trader's offers lean to their usual edge (busy traders price tight, decision 0045).
      const spread = 0.6 * owner.edge + 0.4 * random();
      const margin = (type === 'sell' ? 1 + spread * 5 : -(1 + spread * 4)).toFixed(2);
      const tags = data.tags
        .filter(
          (t) =>
            t.appliesToAll === false &&
            (data.tagGroupIds.get(t.id)?.has(method.groupId) || data.tagMethodIds.get(t.id)?.has(method.id)),
        )
        .filter(() => random() < 0.3)
        .slice(0, 3)
        .map((t) => t.id);
      const hours =
        random() < 0.25
          ? [1, 2, 3, 4, 5].map((day) => ({ day, startMinute: 8 * 60, endMinute: 22 * 60, active: true }))
          : [];
      rows.push({
        hash: newOfferHash(),
        userId: owner.id,
        area: isGift ? 'gift-cards' : 'otc',
        type,
        cryptoCode: crypto.code,
        paymentMethodId: method.id,
        paymentGroupId: method.groupId,
        fiatCurrencyCode: currency.code,
        margin,
        fixedPrice: null,
        amountMode: predefined ? 'predefined' : 'min_max',
        rangeMin: min,
        rangeMax: predefined ? round(usd * Number(fx) * 2) : max,
        predefinedAmounts: predefined ? [min, round(usd * Number(fx) * 2)] : [],
        paymentWindow: pick([30, 60, 90, 120]),
        offerTerms: pick([
          'Fast release, usually within 15 minutes.',
          'Send payment and upload the receipt.',
          'Only pay from an account in your own name.',
          'Online most of the day; be patient.',
        ]),
        tradeDetails: '',
        timezone: owner.market.tz,
        hasOpeningHours: hours.length > 0,
        requireVerifiedId: random() < 0.15,
        requireMinPastTrades: random() < 0.1 ? pick([1, 3, 5, 10]) : null,
        isActive: true,
      });
      tagLists.push(tags);
      hourLists.push(hours);
      const key = `${owner.id}:${crypto.code}`;
      if (type === 'sell') funded.add(key);
      if (bondGroups.has(method.groupId)) bonded.add(key);
    }
    const inserted = await db.insert(offers).values(rows).returning({ id: offers.id });
    const tagRows = inserted.flatMap((o, i) =>
      (tagLists[i] ?? []).map((tagId) => ({ offerId: o.id, tagId })),
    );
    const hourRows = inserted.flatMap((o, i) => (hourLists[i] ?? []).map((h) => ({ offerId: o.id, ...h })));
    if (tagRows.length > 0) await db.insert(offerTags).values(tagRows);
    if (hourRows.length > 0) await db.insert(offerOpeningHours).values(hourRows);
    created += inserted.length;
  }

  // Funds: enough for any demo offer's maximum (about 50,000 USD of each coin sold), plus bonds.
  const FUND_USD: Record<string, string> = {
    BTC: '1',
    ETH: '20',
    LTC: '600',
    USDT: '50000',
    USDC: '50000',
    XMR: '250',
  };
  // Few ledger transactions (world -> owners' available and bond, per coin and chunk) instead of one per
  // owner keeps the first start short.
  const legsByCoin = new Map<string, Leg[]>();
  for (const key of new Set([...funded, ...bonded])) {
    const [userIdText, coin] = key.split(':') as [string, string];
    const crypto = data.cryptoByCode.get(coin)!;
    const userId = Number(userIdText);
    const amount = parseAmount(FUND_USD[coin] ?? '1', crypto.decimals);
    const bond =
      bonded.has(key) && !crypto.excludedOfferFeatures.includes('bond')
        ? parseAmount(options.bond.amounts[coin] ?? DEFAULT_BOND_AMOUNTS[coin] ?? '0', crypto.decimals)
        : null;
    if (!amount.ok) continue;
    const legs = legsByCoin.get(coin) ?? [];
    legs.push({ account: { userId, kind: 'available' }, amount: amount.units });
    if (bond?.ok) legs.push({ account: { userId, kind: 'bond' }, amount: bond.units });
    legsByCoin.set(coin, legs);
  }
  for (const [coin, allLegs] of legsByCoin) {
    // In chunks: the ledger locks every touched account in one statement, keep that statement small.
    for (let chunk = 0; chunk * 100 < allLegs.length; chunk += 1) {
      const legs = allLegs.slice(chunk * 100, chunk * 100 + 100);
      const total = legs.reduce((sum, leg) => sum + leg.amount, 0n);
      await ledger.transfer({
        idempotencyKey: `demo-fund:${options.prefix}:${coin}:${chunk}`,
        kind: 'deposit',
        cryptoCode: coin,
        reference: { type: 'demo', id: `${options.prefix}:${coin}:${chunk}` },
        legs: [{ account: { userId: null, kind: 'world' }, amount: -total }, ...legs],
      });
    }
  }
  return { users: owners.length, offers: created };
}

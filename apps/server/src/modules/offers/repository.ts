import { and, asc, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { preparedStatement } from '../../platform/db/prepared.js';
import { users } from '../../platform/db/schema.js';
import { offerFavorites, offerOpeningHours, offerRateSnapshots, offers, offerTags } from './tables.js';
import { dateOf } from '../../platform/db/timestamps.js';

export type OfferRow = typeof offers.$inferSelect;
export type NewOfferRow = typeof offers.$inferInsert;
export type HoursRow = { day: number; startMinute: number; endMinute: number; active: boolean };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The rates one ordering or visibility check uses: coin/USD for the searched coin, USD/fiat per currency. */
export type RatesParam = { cryptoUsd: string; usdFiat: Record<string, string> };

/** Everything the marketplace query filters on, already resolved to ids and codes by the service. */
export type SearchParams = {
  offerType: 'buy' | 'sell';
  cryptoCode: string;
  cryptoDecimals: number;
  currency?: string;
  paymentMethodIds?: number[];
  groupId?: number;
  fiatAmount?: string;
  amountRangeMin?: string;
  amountRangeMax?: string;
  tagIds?: number[];
  ownerCountry?: string;
  visitorCountry?: string;
  binCode?: string;
  cardRegion?: number;
  newbieOnly?: boolean;
  onlineOnly?: boolean;
  favoritesOnly?: boolean;
  ownerId?: number;
  viewerId?: number;
  now: Date;
  onlineSince: Date;
  /** Rates the order is computed with (the search's snapshot). */
  sortRates: RatesParam;
  /** Live rates, for the funds check. */
  liveRates: RatesParam;
  bondGroupIds: number[];
  /** The operator's blocked jurisdictions (0039). */
  blockedCountries: string[];
  /** Bond required in this coin, base units; 0 means no bond is needed. */
  bondRequired: bigint;
  /** The price order (on the release-time sorts: the side's best price first, for ties). */
  direction: 'asc' | 'desc';
  /**
   * The release-time sorts (decision 0050): by the owner's mean release seconds of the last 30 days
   * (`user_trade_days` rows after `since`, the cards' figure), owners without one last, then by price.
   */
  release?: { direction: 'asc' | 'desc'; since: string };
  /** `release`: the owner's seconds on the release-time sorts (null: among the owners without one). */
  after?: { key: string; id: number; release?: number | null };
  limit: number;
};

export type SearchRow = OfferRow & {
  sortKey: string;
  /** The owner's release seconds on the release-time sorts (null: none); undefined on the others. */
  releaseKey?: number | null;
  ownerUsername: string;
  ownerCountry: string | null;
  ownerOnline: boolean;
  isFavorite: boolean;
};

/** USD price of one coin for an offer, from the given rates (exact NUMERIC, rounded to 8 places). */
function usdPriceExpr(rates: RatesParam): SQL {
  return sql`round(CASE WHEN o.fixed_price IS NULL
      THEN ${rates.cryptoUsd}::numeric * (1 + o.margin / 100)
      ELSE o.fixed_price / nullif((${JSON.stringify(rates.usdFiat)}::jsonb ->> o.fiat_currency_code)::numeric, 0)
    END, 8)`;
}

/** Fiat price of one coin for an offer, from the given rates. */
function fiatPriceExpr(rates: RatesParam): SQL {
  return sql`CASE WHEN o.fixed_price IS NULL
      THEN ${rates.cryptoUsd}::numeric * (${JSON.stringify(rates.usdFiat)}::jsonb ->> o.fiat_currency_code)::numeric
        * (1 + o.margin / 100)
      ELSE o.fixed_price END`;
}

type ListedParams = {
  now: Date;
  liveRates: RatesParam;
  cryptoDecimals: number;
  bondGroupIds: number[];
  bondRequired: bigint;
  /** The operator's blocked jurisdictions: offers of owners who live there are not listed (0039). */
  blockedCountries: string[];
};
type ViewerParams = { viewerId?: number; visitorCountry?: string };

/**
 * The visibility rules that are the same for every viewer (docs/decisions/0008-offers.md): active,
 * owner's account active, owner not in a blocked jurisdiction, inside its opening hours, funded (sell
 * offers), bonded.
 */
function listed(p: ListedParams): SQL[] {
  const now = p.now.toISOString();
  // The offer's local day and minute, computed once per offer (OFFSET 0 keeps the planner from
  // inlining it into every comparison: a named-zone conversion is the costly part of the check).
  const local = sql`(SELECT extract(isodow FROM t)::int AS day, (extract(hour FROM t) * 60 + extract(minute FROM t))::int AS minute
      FROM (SELECT (${now}::timestamptz AT TIME ZONE o.timezone) AS t OFFSET 0) z OFFSET 0)`;
  const parts: SQL[] = [
    sql`o.is_active`,
    sql`u.account_state = 'active'`,
    sql`(NOT o.has_opening_hours OR EXISTS (
      SELECT 1 FROM ${local} l JOIN offer_opening_hours h
        ON h.offer_id = o.id AND h.day = l.day AND h.active
        AND h.start_minute <= l.minute AND h.end_minute > l.minute))`,
    // A sell offer needs the owner's available balance to cover its minimum at the current price.
    sql`(o.type = 'buy' OR coalesce((
      SELECT a.balance FROM ledger_accounts a
      WHERE coalesce(a.user_id, 0) = o.user_id AND a.crypto_code = o.crypto_code
        AND a.kind = 'available' AND a.reference = ''), 0) * ${fiatPriceExpr(p.liveRates)}
      >= o.range_min * ${(10n ** BigInt(p.cryptoDecimals)).toString()}::numeric)`,
  ];
  if (p.blockedCountries.length > 0) {
    parts.push(
      sql`(u.country_iso IS NULL OR NOT (u.country_iso = ANY(${`{${p.blockedCountries.join(',')}}`}::text[])))`,
    );
  }
  if (p.bondRequired > 0n && p.bondGroupIds.length > 0) {
    parts.push(sql`(NOT (o.payment_group_id = ANY(${`{${p.bondGroupIds.join(',')}}`}::int[])) OR coalesce((
      SELECT a.balance FROM ledger_accounts a
      WHERE coalesce(a.user_id, 0) = o.user_id AND a.crypto_code = o.crypto_code
        AND a.kind = 'bond' AND a.reference = ''), 0) >= ${p.bondRequired.toString()}::numeric)`);
  }
  return parts;
}

/** The rules that depend on who looks: the country list, blocks both ways, trusted-only offers. */
function forViewer(p: ViewerParams): SQL[] {
  const parts: SQL[] = [];
  if (p.visitorCountry) {
    parts.push(sql`(o.country_list_mode = 'all'
      OR (o.country_list_mode = 'allow' AND ${p.visitorCountry} = ANY(o.countries))
      OR (o.country_list_mode = 'deny' AND NOT (${p.visitorCountry} = ANY(o.countries))))`);
  } else {
    parts.push(sql`o.country_list_mode <> 'allow'`);
  }
  if (p.viewerId !== undefined) {
    parts.push(sql`NOT EXISTS (SELECT 1 FROM user_relations r WHERE r.kind = 'blocked'
      AND ((r.user_id = ${p.viewerId} AND r.target_user_id = o.user_id)
        OR (r.user_id = o.user_id AND r.target_user_id = ${p.viewerId})))`);
    parts.push(sql`(NOT o.is_trusted_only OR o.user_id = ${p.viewerId} OR EXISTS (SELECT 1 FROM user_relations r
      WHERE r.kind = 'trusted' AND r.user_id = o.user_id AND r.target_user_id = ${p.viewerId}))`);
  } else {
    parts.push(sql`NOT o.is_trusted_only`);
  }
  return parts;
}

/** Every visibility rule of a public listing, for one viewer. */
const visibility = (p: ListedParams & ViewerParams): SQL =>
  sql.join([...listed(p), ...forViewer(p)], sql` AND `);

const pgIntArray = (values: number[]) => `{${values.join(',')}}`;

/** Every offer page, trade start and owner action reads it: built once (platform/db/prepared.ts). */
const offerByHash = preparedStatement((db) =>
  db
    .select()
    .from(offers)
    .where(eq(offers.hash, sql.placeholder('hash')))
    .prepare('offers_by_hash'),
);

/**
 * What a search matches (the same for its pages and its count): the visibility rules, the filters, and
 * the owner's online status and the viewer's favourite as expressions.
 */
function searchConditions(p: SearchParams) {
  // The offer's own columns the indexes find: cheap to test on every candidate (`visibility` has the rest).
  const columns: SQL[] = [sql`o.crypto_code = ${p.cryptoCode}`, sql`o.type = ${p.offerType}`];
  if (p.currency) columns.push(sql`o.fiat_currency_code = ${p.currency}`);
  if (p.paymentMethodIds?.length === 1) {
    // One method (the usual search) as an equality, so the method's price index can give the order.
    columns.push(sql`o.payment_method_id = ${p.paymentMethodIds[0]}`);
  } else if (p.paymentMethodIds) {
    columns.push(sql`o.payment_method_id = ANY(${pgIntArray(p.paymentMethodIds)}::int[])`);
  }
  if (p.groupId !== undefined) columns.push(sql`o.payment_group_id = ${p.groupId}`);
  if (p.ownerId !== undefined) columns.push(sql`o.user_id = ${p.ownerId}`);
  const where: SQL[] = [...columns, visibility(p)];
  if (p.fiatAmount) {
    where.push(sql`(CASE WHEN o.amount_mode = 'predefined'
      THEN ${p.fiatAmount}::numeric = ANY(o.predefined_amounts)
      ELSE o.range_min <= ${p.fiatAmount}::numeric AND o.range_max >= ${p.fiatAmount}::numeric END)`);
  }
  if (p.amountRangeMin) where.push(sql`o.range_max >= ${p.amountRangeMin}::numeric`);
  if (p.amountRangeMax) where.push(sql`o.range_min <= ${p.amountRangeMax}::numeric`);
  if (p.tagIds && p.tagIds.length > 0) {
    where.push(sql`(SELECT count(*) FROM offer_tags t
      WHERE t.offer_id = o.id AND t.tag_id = ANY(${pgIntArray(p.tagIds)}::int[])) = ${p.tagIds.length}`);
  }
  if (p.ownerCountry) where.push(sql`u.country_iso = ${p.ownerCountry}`);
  if (p.binCode) {
    where.push(sql`(cardinality(o.gift_card_bin_codes) = 0 OR ${p.binCode} = ANY(o.gift_card_bin_codes))`);
  }
  if (p.cardRegion !== undefined) where.push(sql`${p.cardRegion} = ANY(o.card_regions)`);
  if (p.newbieOnly) {
    where.push(sql`o.require_min_past_trades IS NULL AND NOT o.require_verified_id`);
  }
  const online = sql`EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = o.user_id
    AND s.last_seen_at > ${p.onlineSince.toISOString()}::timestamptz)`;
  if (p.onlineOnly) where.push(online);
  const favorite =
    p.viewerId !== undefined
      ? sql`EXISTS (SELECT 1 FROM offer_favorites f WHERE f.user_id = ${p.viewerId} AND f.offer_id = o.id)`
      : sql`false`;
  if (p.favoritesOnly) where.push(favorite);
  return { where, columns, online, favorite };
}

export const offersRepository = {
  async insert(tx: DbOrTx, row: NewOfferRow, tagIds: number[], hours: HoursRow[]): Promise<OfferRow> {
    const [created] = await tx.insert(offers).values(row).returning();
    if (!created) throw new Error('insert into offers returned no row');
    await this.replaceChildren(tx, created.id, tagIds, hours);
    return created;
  },

  async replaceChildren(tx: DbOrTx, offerId: number, tagIds: number[], hours: HoursRow[]) {
    await tx.delete(offerTags).where(eq(offerTags.offerId, offerId));
    await tx.delete(offerOpeningHours).where(eq(offerOpeningHours.offerId, offerId));
    if (tagIds.length > 0) await tx.insert(offerTags).values(tagIds.map((tagId) => ({ offerId, tagId })));
    if (hours.length > 0) await tx.insert(offerOpeningHours).values(hours.map((h) => ({ offerId, ...h })));
  },

  async update(tx: DbOrTx, id: number, values: Partial<NewOfferRow>): Promise<OfferRow | undefined> {
    const [row] = await tx
      .update(offers)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(offers.id, id))
      .returning();
    return row;
  },

  async findByHash(db: DbOrTx, hash: string): Promise<OfferRow | undefined> {
    const [row] = await offerByHash(db).execute({ hash });
    return row;
  },

  /** The owner's offer by hash, locked; undefined for anyone else's (they get a 404). */
  async lockOwned(tx: DbOrTx, userId: number, hash: string): Promise<OfferRow | undefined> {
    const [row] = await tx
      .select()
      .from(offers)
      .where(and(eq(offers.hash, hash), eq(offers.userId, userId)))
      .for('update');
    return row;
  },

  async listOfOwner(db: DbOrTx, userId: number, type?: 'buy' | 'sell') {
    return db
      .select()
      .from(offers)
      .where(and(eq(offers.userId, userId), type ? eq(offers.type, type) : undefined))
      .orderBy(desc(offers.id));
  },

  async countsOfOwner(db: DbOrTx, userId: number) {
    return rowsOf<{ type: 'buy' | 'sell'; total: number; active: number }>(
      await db.execute(sql`SELECT type, count(*)::int AS total, count(*) FILTER (WHERE is_active)::int AS active
        FROM offers WHERE user_id = ${userId} GROUP BY type`),
    );
  },

  async setActiveOfOwner(tx: DbOrTx, userId: number, ids: number[], isActive: boolean) {
    if (ids.length === 0) return;
    await tx
      .update(offers)
      .set({ isActive, updatedAt: new Date() })
      .where(and(eq(offers.userId, userId), inArray(offers.id, ids)));
  },

  async tagsOf(db: DbOrTx, offerIds: number[]): Promise<Map<number, number[]>> {
    const result = new Map<number, number[]>();
    if (offerIds.length === 0) return result;
    const rows = await db
      .select()
      .from(offerTags)
      .where(inArray(offerTags.offerId, offerIds))
      .orderBy(asc(offerTags.tagId));
    for (const row of rows) result.set(row.offerId, [...(result.get(row.offerId) ?? []), row.tagId]);
    return result;
  },

  async hoursOf(db: DbOrTx, offerId: number): Promise<HoursRow[]> {
    return db
      .select({
        day: offerOpeningHours.day,
        startMinute: offerOpeningHours.startMinute,
        endMinute: offerOpeningHours.endMinute,
        active: offerOpeningHours.active,
      })
      .from(offerOpeningHours)
      .where(eq(offerOpeningHours.offerId, offerId))
      .orderBy(asc(offerOpeningHours.day), asc(offerOpeningHours.startMinute));
  },

  /** Whether the user has an active offer in a coin whose method needs the bond (the wallet asks). */
  async hasActiveInGroups(db: DbOrTx, userId: number, cryptoCode: string, groupIds: number[]) {
    if (groupIds.length === 0) return false;
    const [row] = await db
      .select({ id: offers.id })
      .from(offers)
      .where(
        and(
          eq(offers.userId, userId),
          eq(offers.cryptoCode, cryptoCode),
          eq(offers.isActive, true),
          inArray(offers.paymentGroupId, groupIds),
        ),
      )
      .limit(1);
    return Boolean(row);
  },

  /**
   * The marketplace: one page of visible offers, ordered by USD price per coin (computed with the
   * search's rates) and id, after the keyset cursor; on the release-time sorts, by the owners' release
   * time first. Everything is one indexed SQL statement.
   */
  async search(db: DbOrTx, p: SearchParams): Promise<SearchRow[]> {
    const key = usdPriceExpr(p.sortRates);
    const { where, columns, online, favorite } = searchConditions(p);
    const asc = p.direction === 'asc';
    const dir = asc ? sql`ASC` : sql`DESC`;
    // On the release-time sorts the price order is the tail of the order: its cursor applies only while
    // the page is among the owners without a release time (`after.release` null).
    const priceAfter = p.after && (!p.release || p.after.release === null) ? p.after : undefined;
    const afterCursor = priceAfter
      ? asc
        ? sql`(${key}, o.id) > (${priceAfter.key}::numeric, ${priceAfter.id})`
        : sql`(${key}, o.id) < (${priceAfter.key}::numeric, ${priceAfter.id})`
      : undefined;

    /*
     * The order key depends on the rates, so no index holds it; but within one kind of price it follows
     * a column: a margin offer's key is coinUSD x (1 + margin/100), increasing with the margin whatever
     * its currency, and a fixed offer's key is price / (USD/fiat), increasing with the price within one
     * currency. So the page is the merge of two index-ordered streams, each stopped at `limit` rows,
     * instead of pricing and sorting every matching offer. The cursor's key gives each stream a
     * column bound the index can seek to; the exact (key, id) comparison still decides.
     */
    const marginBound = priceAfter
      ? asc
        ? sql`o.margin >= trunc((${priceAfter.key}::numeric / ${p.sortRates.cryptoUsd}::numeric - 1) * 100, 4) - 0.0001`
        : sql`o.margin <= trunc((${priceAfter.key}::numeric / ${p.sortRates.cryptoUsd}::numeric - 1) * 100, 4) + 0.0001`
      : undefined;
    // The release-time sorts' tail: owners without a release in the window (one primary-key probe each).
    const noRelease = p.release
      ? sql`NOT EXISTS (SELECT 1 FROM user_trade_days d
          WHERE d.user_id = o.user_id AND d.day > ${p.release.since}::date AND d.releases > 0)`
      : undefined;
    const stream = (kind: 'margin' | 'fixed') => {
      const conditions = [
        ...where,
        kind === 'margin' ? sql`o.fixed_price IS NULL` : sql`o.fixed_price IS NOT NULL`,
      ];
      if (afterCursor) conditions.push(afterCursor);
      if (kind === 'margin' && marginBound) conditions.push(marginBound);
      if (noRelease) conditions.push(noRelease);
      // Fixed offers follow their column only within one currency; across currencies they are priced.
      const order =
        kind === 'margin'
          ? sql`o.margin ${dir}, o.id ${dir}`
          : p.currency
            ? sql`o.fixed_price ${dir}, o.id ${dir}`
            : sql`${key} ${dir}, o.id ${dir}`;
      return sql`(SELECT o.id, ${key} AS sort_key, NULL::bigint AS release_key
        FROM offers o JOIN users u ON u.id = o.user_id
        WHERE ${sql.join(conditions, sql` AND `)} AND ${key} IS NOT NULL
        ORDER BY ${order} LIMIT ${p.limit})`;
    };
    const streams = [stream('margin'), stream('fixed')];
    let order = sql`page.sort_key ${dir}, o.id ${dir}`;
    if (p.release) {
      const releaseDir = p.release.direction === 'asc' ? sql`ASC` : sql`DESC`;
      order = sql`page.release_key IS NULL, page.release_key ${releaseDir}, ${order}`;
      // The head: offers of owners with a release time. The candidates (the offer's own columns) are
      // ordered by their owner's figure, each from at most 30 of the owner's per-day rows (primary key);
      // the costly visibility rules (funds, bond, hours, blocks) then run in that order only until the
      // page is full. Read only while the cursor is still among them.
      if (!p.after || p.after.release !== null) {
        // Switched on (one of the visibility rules, and what the partial indexes hold).
        const candidates = [...columns, sql`o.is_active`];
        if (p.after && p.after.release !== null && p.after.release !== undefined) {
          const seconds = p.after.release;
          const later = p.release.direction === 'asc' ? sql`>` : sql`<`;
          const priceLater = asc
            ? sql`(${key}, o.id) > (${p.after.key}::numeric, ${p.after.id})`
            : sql`(${key}, o.id) < (${p.after.key}::numeric, ${p.after.id})`;
          candidates.push(sql`(r.seconds ${later} ${seconds} OR (r.seconds = ${seconds} AND ${priceLater}))`);
        }
        streams.push(sql`(SELECT o.id, c.sort_key, c.release_key
          FROM (SELECT o.id, ${key} AS sort_key, r.seconds AS release_key
            FROM offers o
            CROSS JOIN LATERAL (
              SELECT round(sum(d.release_seconds)::numeric / sum(d.releases))::bigint AS seconds
              FROM user_trade_days d WHERE d.user_id = o.user_id AND d.day > ${p.release.since}::date
              HAVING sum(d.releases) > 0) r
            WHERE ${sql.join(candidates, sql` AND `)} AND ${key} IS NOT NULL
            ORDER BY r.seconds ${releaseDir}, ${key} ${dir}, o.id ${dir}) c
          JOIN offers o ON o.id = c.id JOIN users u ON u.id = o.user_id
          WHERE ${sql.join(where, sql` AND `)}
          ORDER BY c.release_key ${releaseDir}, c.sort_key ${dir}, c.id ${dir} LIMIT ${p.limit})`);
      }
    }
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        SELECT o.*, page.sort_key::text AS sort_key, page.release_key, u.username AS owner_username,
          u.country_iso AS owner_country, ${online} AS owner_online, ${favorite} AS is_favorite
        FROM (${sql.join(streams, sql` UNION ALL `)}) page
          JOIN offers o ON o.id = page.id JOIN users u ON u.id = o.user_id
        ORDER BY ${order}
        LIMIT ${p.limit}`),
    );
    return rows.map((row) => ({
      ...fromSqlRow(row),
      ...(p.release
        ? {
            releaseKey:
              row.release_key === null || row.release_key === undefined ? null : Number(row.release_key),
          }
        : {}),
    }));
  },

  /**
   * How many offers the search matches, counted up to `cap` (past it: `capped`, at least `cap`). The
   * search's own conditions, with no order and no pricing beyond the key's `IS NOT NULL`; the LIMIT
   * keeps a large market's count as cheap as a small one's.
   */
  async count(db: DbOrTx, p: SearchParams, cap: number): Promise<{ total: number; capped: boolean }> {
    const { where } = searchConditions(p);
    const rows = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM (
        SELECT 1 FROM offers o JOIN users u ON u.id = o.user_id
        WHERE ${sql.join(where, sql` AND `)} AND ${usdPriceExpr(p.sortRates)} IS NOT NULL
        LIMIT ${cap + 1}) matching`),
    );
    const n = Number(rows[0]?.n ?? 0);
    return { total: Math.min(n, cap), capped: n > cap };
  },

  /** Whether one offer passes the visibility rules that are the same for every viewer (the offer page). */
  async isListed(db: DbOrTx, offerId: number, p: ListedParams): Promise<boolean> {
    const rows = rowsOf<{ id: number }>(
      await db.execute(sql`SELECT o.id FROM offers o JOIN users u ON u.id = o.user_id
        WHERE o.id = ${offerId} AND ${sql.join(listed(p), sql` AND `)}`),
    );
    return rows.length > 0;
  },

  async addFavorite(db: DbOrTx, userId: number, offerId: number) {
    await db.insert(offerFavorites).values({ userId, offerId }).onConflictDoNothing();
  },

  async removeFavorite(db: DbOrTx, userId: number, offerId: number) {
    await db
      .delete(offerFavorites)
      .where(and(eq(offerFavorites.userId, userId), eq(offerFavorites.offerId, offerId)));
  },

  async isFavorite(db: DbOrTx, userId: number, offerId: number) {
    const [row] = await db
      .select({ id: offerFavorites.offerId })
      .from(offerFavorites)
      .where(and(eq(offerFavorites.userId, userId), eq(offerFavorites.offerId, offerId)));
    return Boolean(row);
  },

  async favoritesOf(
    db: DbOrTx,
    userId: number,
    options: { type?: 'buy' | 'sell'; newestFirst: boolean; offset: number; limit: number },
  ) {
    return db
      .select({ offer: offers, ownerUsername: users.username, ownerCountry: users.countryIso })
      .from(offerFavorites)
      .innerJoin(offers, eq(offers.id, offerFavorites.offerId))
      .innerJoin(users, eq(users.id, offers.userId))
      .where(and(eq(offerFavorites.userId, userId), options.type ? eq(offers.type, options.type) : undefined))
      .orderBy(
        options.newestFirst ? desc(offerFavorites.createdAt) : asc(offerFavorites.createdAt),
        options.newestFirst ? desc(offerFavorites.offerId) : asc(offerFavorites.offerId),
      )
      .offset(options.offset)
      .limit(options.limit);
  },

  /** How many favourites `userId` has among buy offers and among sell offers (the offers' own type). */
  async favoriteCountsOf(db: DbOrTx, userId: number): Promise<{ buy: number; sell: number }> {
    const rows = await db
      .select({ type: offers.type, n: count() })
      .from(offerFavorites)
      .innerJoin(offers, eq(offers.id, offerFavorites.offerId))
      .where(eq(offerFavorites.userId, userId))
      .groupBy(offers.type);
    const of = (type: 'buy' | 'sell') => Number(rows.find((r) => r.type === type)?.n ?? 0);
    return { buy: of('buy'), sell: of('sell') };
  },

  async snapshot(db: DbOrTx, version: number) {
    const [row] = await db.select().from(offerRateSnapshots).where(eq(offerRateSnapshots.version, version));
    return row;
  },

  /** Stores the rates of a version once; drops snapshots older than a day. */
  async saveSnapshot(
    db: DbOrTx,
    version: number,
    rates: { cryptoUsd: Record<string, string>; usdFiat: Record<string, string> },
  ) {
    await db
      .insert(offerRateSnapshots)
      .values({ version, ...rates })
      .onConflictDoNothing();
    await db
      .delete(offerRateSnapshots)
      .where(lt(offerRateSnapshots.createdAt, new Date(Date.now() - 86_400_000)));
  },
};

/** Raw snake_case row -> the typed row drizzle would give (NUMERIC as strings, arrays parsed). */
function fromSqlRow(r: Record<string, unknown>): SearchRow {
  const numArray = (value: unknown): string[] =>
    Array.isArray(value)
      ? value.map(String)
      : typeof value === 'string' && value.length > 2
        ? value.slice(1, -1).split(',')
        : [];
  const textArray = (value: unknown): string[] => numArray(value).filter(Boolean);
  const str = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return {
    id: Number(r.id),
    hash: String(r.hash),
    userId: Number(r.user_id),
    area: r.area as OfferRow['area'],
    type: r.type as OfferRow['type'],
    cryptoCode: String(r.crypto_code),
    paymentMethodId: Number(r.payment_method_id),
    paymentGroupId: Number(r.payment_group_id),
    fiatCurrencyCode: String(r.fiat_currency_code),
    margin: str(r.margin),
    fixedPrice: str(r.fixed_price),
    amountMode: r.amount_mode as OfferRow['amountMode'],
    rangeMin: String(r.range_min),
    rangeMax: String(r.range_max),
    predefinedAmounts: numArray(r.predefined_amounts),
    newBuyerMax: str(r.new_buyer_max),
    paymentWindow: Number(r.payment_window),
    offerTerms: String(r.offer_terms),
    tradeDetails: String(r.trade_details),
    paymentMethodLabel: String(r.payment_method_label),
    requireVerifiedId: Boolean(r.require_verified_id),
    requireFullName: Boolean(r.require_full_name),
    requireMinPastTrades: r.require_min_past_trades === null ? null : Number(r.require_min_past_trades),
    blockVpn: Boolean(r.block_vpn),
    isTrustedOnly: Boolean(r.is_trusted_only),
    countryListMode: r.country_list_mode as OfferRow['countryListMode'],
    countries: textArray(r.countries),
    timezone: String(r.timezone),
    hasOpeningHours: Boolean(r.has_opening_hours),
    capAmount: str(r.cap_amount),
    capActive: Boolean(r.cap_active),
    giftCardBinCodes: textArray(r.gift_card_bin_codes),
    cardRegions: numArray(r.card_regions).filter(Boolean).map(Number),
    flowType: r.flow_type as OfferRow['flowType'],
    customRate: str(r.custom_rate),
    isThirdPartyAllowed: Boolean(r.is_third_party_allowed),
    isGiftCodeCheckEnabled: Boolean(r.is_gift_code_check_enabled),
    isActive: Boolean(r.is_active),
    moderationStatus: Number(r.moderation_status ?? 1),
    penaltyUntil:
      r.penalty_until === null || r.penalty_until === undefined
        ? null
        : r.penalty_until instanceof Date
          ? r.penalty_until
          : new Date(String(r.penalty_until)),
    penaltyReason: str(r.penalty_reason),
    moderatedBy: r.moderated_by === null || r.moderated_by === undefined ? null : Number(r.moderated_by),
    createdAt: dateOf(r.created_at),
    updatedAt: dateOf(r.updated_at),
    sortKey: String(r.sort_key),
    ownerUsername: String(r.owner_username),
    ownerCountry: str(r.owner_country),
    ownerOnline: Boolean(r.owner_online),
    isFavorite: Boolean(r.is_favorite),
  };
}

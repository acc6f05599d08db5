import { and, asc, desc, eq, getTableColumns, gt, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  activeTradeStatuses,
  cancelledTradeStatuses,
  expiredTradeStatuses,
  releasedTradeStatuses,
  TRADER_STATS_WINDOW_DAYS,
  type AccountState,
  type ChargebackStatus,
  type NameSources,
  type TradeStatus,
} from '@app/contract';
import { pgTextArray } from '../../platform/db/arrays.js';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { preparedRows, preparedShapes, preparedSql, preparedStatement } from '../../platform/db/prepared.js';
import { dateOf } from '../../platform/db/timestamps.js';
import { users } from '../../platform/db/schema.js';
import type { RelationKind } from '../contacts/index.js';
import { offers } from '../offers/tables.js';
import type { UserRow } from '../users/repository.js';
import type { ChainLock } from './context.js';
import {
  kycFactsColumns,
  nameSourcesColumns,
  nameSourcesOf,
  type KycFacts,
  type KycFactsColumns,
  type NameSourcesColumns,
} from '../kyc/index.js';
import { usersChanged } from '../../platform/db/changes.js';
import {
  activeStatusList,
  tradeDisputes,
  tradeMessages,
  tradePolicyReads,
  tradeRequirements,
  trades,
  type StoredPaymentAccount,
} from './tables.js';

export type TradeRow = typeof trades.$inferSelect;
export type NewTradeRow = typeof trades.$inferInsert;
export type MessageRow = typeof tradeMessages.$inferSelect;
export type RequirementRow = typeof tradeRequirements.$inferSelect;
export type DisputeRow = typeof tradeDisputes.$inferSelect;
/** A dispute with the username of the moderator who holds it (the trade page shows it). */
/** A dispute with the username of the moderator who holds it and its appeal's status, if any. */
export type DisputeView = DisputeRow & {
  assigneeUsername: string | null;
  appealStatus: 'appealed' | 'upheld' | 'rejected' | null;
};

/** A message with its author's username (null for system messages). */
export type MessageWithAuthor = MessageRow & { authorUsername: string | null };

/** Per-user numbers the trade page's party profile shows. */
export type PartyStats = {
  totalTrades: number;
  totalPartners: number;
  btcTraded: bigint;
  trustedCount: number;
  blockedCount: number;
  lastSeen: Date | null;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The window of the completion rate and the release time, in UTC days including today (decision 0045). */
export const STATS_WINDOW_DAYS = TRADER_STATS_WINDOW_DAYS;

/** A trader's 30-day completion rate ("97.5", null without a finished trade) and mean release seconds. */
export type OutcomeStats = { completionRate: string | null; avgReleaseSeconds: number | null };
/** The listing card's owner numbers: the last 30 days' released trades and partners, and the outcomes. */
export type OwnerTradeStats = { trades: number; partners: number } & OutcomeStats;
/** The public profile's record: released trades of all time, and the 30-day outcomes. */
export type ProfileTradeStats = { completedTrades: number } & OutcomeStats;

/**
 * The rate and mean from summed `user_trade_days` rows. The rate is completed / (completed + failed) in
 * tenths of a percent, rounded half up with integers (an exact tie is exact in floating point too).
 */
export function outcomeStats(row: {
  completed: number;
  failed: number;
  releases: number;
  release_seconds: string;
}): OutcomeStats {
  const completed = Number(row.completed);
  const finished = completed + Number(row.failed);
  const releases = Number(row.releases);
  const tenths = finished > 0 ? Math.round((completed * 1000) / finished) : null;
  return {
    completionRate: tenths === null ? null : `${Math.floor(tenths / 10)}.${tenths % 10}`,
    avgReleaseSeconds: releases > 0 ? Math.round(Number(row.release_seconds) / releases) : null,
  };
}

/** A party as the trade view shows it: profile columns, numbers and feedback received. */
export type TradePartyFacts = Pick<
  UserRow,
  'id' | 'username' | 'isEmailVerified' | 'createdAt' | 'accountState' | 'avatarKey'
> & {
  stats: PartyStats;
  feedback: { positive: number; negative: number };
  /** The account was closed by its owner: its picture is no longer shown (as on its profile). */
  closed: boolean;
  /** ID document and selfie verified (decision 0037). */
  idVerified: boolean;
  /** What their shown name is made of (decision 0050). */
  name: NameSources;
};

/** What `startFacts` reads in one statement before a trade starts. */
export type StartFacts = {
  taker: Pick<UserRow, 'username' | 'accountState' | 'countryIso'>;
  /** What the taker has proven: their KYC level decides their limits. */
  takerKyc: KycFacts;
  /** What the taker's shown name is made of (an offer may require it shown; decision 0050). */
  takerName: NameSources;
  /** The taker's trades that reached the buyer (`user_trade_stats`: the current user's and profile's number). */
  takerCompletedTrades: number;
  owner: Pick<UserRow, 'username' | 'accountState' | 'countryIso'>;
  /** The relation the owner has to the taker, and the taker to the owner. */
  fromOwner: RelationKind | undefined;
  fromTaker: RelationKind | undefined;
  /** Whether the offer is inside its opening hours (offers without hours always are). */
  open: boolean;
  tagIds: number[];
  /** The sell offer's receiving accounts, as the trade copies them. */
  paymentAccounts: StoredPaymentAccount[];
};

/** What a trade view needs of the trade besides its row, read with it (`findWithFacts`). */
export type TradeFacts = {
  requirements: RequirementRow[];
  /** Whether either party blocked the other. */
  blocked: boolean;
  /** What each party thinks of the other (their trust or block), if anything. */
  relations: { fromBuyer: RelationKind | null; fromSeller: RelationKind | null };
  chargeback: ChargebackStatus | null;
  hasDispute: boolean;
};
const textArray = (values: readonly string[]) => `{${values.join(',')}}`;

/** Whether either user blocked the other, as an SQL expression (ids as values or columns). */
const blockedEitherWay = (a: SQL | number, b: SQL | number) =>
  sql`EXISTS (SELECT 1 FROM user_relations r WHERE r.kind = 'blocked'
    AND ((r.user_id = ${a} AND r.target_user_id = ${b}) OR (r.user_id = ${b} AND r.target_user_id = ${a})))`;

/** Trades that gave the money back: they no longer count against offer caps or volume limits. */
const UNDONE = [...cancelledTradeStatuses, ...expiredTradeStatuses];
/** Trades whose volume counts: active ones and the ones that moved the money to the buyer. */
const COUNTED = [...activeTradeStatuses, ...releasedTradeStatuses];

export type OfferRow = typeof offers.$inferSelect;

/** Every trade action and chat post starts here: built once (platform/db/prepared.ts). */
const tradeByHash = preparedStatement((db) =>
  db
    .select()
    .from(trades)
    .where(eq(trades.hash, sql.placeholder('hash')))
    .limit(1)
    .prepare('trades_by_hash'),
);

/**
 * The record chains a statement locks (`trade_record_lock_chains`, migration 0027: the trade-records
 * module's function, called by name as its tables are read, decision 0020), as the function answers.
 */
type ChainLockJson = {
  heads: { trade_id: number; seq: number; hash: string }[];
  message_ids: number[];
  at: number | string;
};

/** The chains a statement locked, as `recordMessages` takes them. */
export const chainLockOf = (json: ChainLockJson): ChainLock => ({
  heads: new Map(
    json.heads.map((head) => [Number(head.trade_id), { seq: Number(head.seq), hash: head.hash }]),
  ),
  messageIds: json.message_ids.map(Number).sort((a, b) => a - b),
  at: new Date(Number(json.at)),
});

/**
 * A chat batch's trades by hash, each with whether either party blocked the other, and the batch's lock:
 * the trades' record chains, their heads and an id for each post (`count`). The lock is an uncorrelated
 * subquery, so PostgreSQL runs it once for the statement (an InitPlan), when the first trade is read;
 * the trades are read as the statement began, as they were when the read came before the lock.
 */
const tradesForChat = preparedStatement((db) =>
  db
    .select({
      trade: trades,
      blocked: sql<boolean>`${blockedEitherWay(sql`"trades"."buyer_id"`, sql`"trades"."seller_id"`)}`,
      lock: sql<ChainLockJson>`(SELECT trade_record_lock_chains(ARRAY(SELECT locked.id FROM trades AS locked
        WHERE locked.hash = ANY(${sql.placeholder('hashes')}::text[])), ${sql.placeholder('count')}::int))`,
    })
    .from(trades)
    .where(sql`${trades.hash} = ANY(${sql.placeholder('hashes')}::text[])`)
    .prepare('trades_for_chat'),
);

/**
 * A trade with everything its view and its actions need of it (`TradeFacts`) in one round trip: every
 * trade action and trade view starts here. Built once (platform/db/prepared.ts). The outer row is named by
 * hand: drizzle writes a column inside a selected field without its table. Chargebacks, disputes and
 * relations are read by their SQL names (decisions 0020, 0022).
 */
const tradeWithFactsByHash = preparedStatement((db) =>
  db
    .select({
      trade: trades,
      facts: sql<TradeFactsJson>`(SELECT to_jsonb(f) FROM (SELECT
        (SELECT coalesce(json_agg(json_build_object('id', r.id, 'type', r.type, 'step', r.step,
          'optional', r.optional, 'status', r.status, 'updatedAt', r.updated_at) ORDER BY r.id), '[]'::json)
          FROM trade_requirements AS r WHERE r.trade_id = "trades"."id") AS requirements,
        (SELECT r.kind FROM user_relations r
          WHERE r.user_id = "trades"."buyer_id" AND r.target_user_id = "trades"."seller_id") AS from_buyer,
        (SELECT r.kind FROM user_relations r
          WHERE r.user_id = "trades"."seller_id" AND r.target_user_id = "trades"."buyer_id") AS from_seller,
        (SELECT c.status FROM chargeback_reports c WHERE c.trade_id = "trades"."id"
          ORDER BY c.id DESC LIMIT 1) AS chargeback,
        EXISTS (SELECT 1 FROM trade_disputes d WHERE d.trade_id = "trades"."id") AS has_dispute) AS f)`,
    })
    .from(trades)
    .where(eq(trades.hash, sql.placeholder('hash')))
    .limit(1)
    .prepare('trades_by_hash_with_facts'),
);
type TradeFactsJson = {
  requirements: RawRequirement[];
  from_buyer: RelationKind | null;
  from_seller: RelationKind | null;
  chargeback: ChargebackStatus | null;
  has_dispute: boolean;
};
type RawRequirement = Omit<RequirementRow, 'updatedAt' | 'tradeId'> & { updatedAt: string };

// The writes of a trade's transactions, built once (platform/db/prepared.ts): a trade action's JavaScript
// cost was mostly the query builder's (decision 0032).
/**
 * A start's locks in one statement: the taker's row (NO KEY UPDATE: foreign-key checks of rows that
 * reference the user are not blocked), so concurrent starts by one taker queue and its limits hold
 * exactly, and the offer's row, so concurrent starts on one offer queue and its cap is consumed exactly.
 * The taker's lock is a subquery of the offer's row, so it is taken first; every start takes them in
 * this order. What the limits read comes in a later statement, which sees what the starts it waited for
 * committed.
 */
const lockStartStatement = preparedStatement((db) =>
  db
    .select({
      offer: offers,
      taker: sql<number | null>`(SELECT u.id FROM users u WHERE u.id = ${sql.placeholder('taker')}::int
        FOR NO KEY UPDATE)`,
    })
    .from(offers)
    .where(eq(offers.id, sql.placeholder('offer')))
    .for('update', { of: offers })
    .prepare('trades_lock_start'),
);

/**
 * A new trade, with an id for its opening message and the transaction's time (`ChainLock` for the
 * opening message: nobody else can see the trade yet, so its chain needs no lock).
 */
const insertTradeStatement = preparedShapes('trades_insert', (db, columns, name) =>
  db
    .insert(trades)
    .values(columns as unknown as NewTradeRow)
    .returning({
      ...getTableColumns(trades),
      openingMessageId: sql<string>`nextval('trade_messages_id_seq')::text`,
      atMs: sql<string>`floor(extract(epoch FROM now()) * 1000)::bigint::text`,
    })
    .prepare(name),
);

/**
 * A status change only while the trade still has the status the caller saw (and, for `openAt`, its
 * window). The updated row comes back with its record chain locked, the chain's head and an id for the
 * status message (`trade_record_lock_chains`, migration 0027, called by name as in `tradesForChat`):
 * every change writes that message next, and the lock costs no statement of its own. Only an updated
 * row is locked: a lost race takes no lock.
 */
const transitionStatement = preparedShapes('trades_transition', (db, columns, name) => {
  const { $id, $expected, $openAt, ...values } = columns;
  return db
    .update(trades)
    .set(values as Partial<NewTradeRow>)
    .where(
      and(
        eq(trades.id, $id!),
        eq(trades.status, $expected!),
        $openAt ? gt(trades.expiresAt, $openAt) : undefined,
      ),
    )
    .returning({
      ...getTableColumns(trades),
      lock: sql<ChainLockJson>`trade_record_lock_chains(ARRAY["trades"."id"], 1)`,
    })
    .prepare(name);
});

type PartyFactsRow = NameSourcesColumns & {
  id: number;
  username: string;
  avatar_key: string | null;
  closed: boolean;
  id_verified: boolean;
  is_email_verified: boolean;
  created_at: string;
  account_state: AccountState;
  trades: number;
  partners: number;
  btc: string;
  trusted: number;
  blocked: number;
  seen: string | null;
  positive: number;
  negative: number;
};

/**
 * The parties of trade views: profile columns, completed trades, partners and BTC (kept on write in
 * `user_trade_stats`), how many trust and block them, last seen, feedback received (read by its SQL name:
 * feedback depends on trades, decision 0020), whether their ID is verified and what their shown name is
 * made of (decision 0050). Prepared: planning it took longer than running it.
 */
const partyFactsStatement = preparedRows<PartyFactsRow>(
  'trades_party_facts',
  sql`SELECT u.id, u.username, u.is_email_verified, u.created_at, u.account_state, u.avatar_key,
      u.closed_at IS NOT NULL AS closed,
      coalesce(k.id_document_at IS NOT NULL AND k.selfie_at IS NOT NULL, false) AS id_verified,
      ${nameSourcesColumns('u', 'k')},
      ts.trades, ts.partners, ts.btc, rel.trusted, rel.blocked, se.seen, fb.positive, fb.negative
    FROM users u
    LEFT JOIN user_kyc k ON k.user_id = u.id
    CROSS JOIN LATERAL (
      SELECT coalesce(max(st.trades), 0)::int AS trades, coalesce(max(st.partners), 0)::int AS partners,
        coalesce(max(st.btc), 0)::text AS btc
      FROM user_trade_stats st WHERE st.user_id = u.id) ts
    CROSS JOIN LATERAL (
      SELECT count(*) FILTER (WHERE r.kind = 'trusted')::int AS trusted,
        count(*) FILTER (WHERE r.kind = 'blocked')::int AS blocked
      FROM user_relations r WHERE r.target_user_id = u.id) rel
    CROSS JOIN LATERAL (SELECT max(s.last_seen_at) AS seen FROM sessions s WHERE s.user_id = u.id) se
    CROSS JOIN LATERAL (
      SELECT count(*) FILTER (WHERE f.rating = 'positive')::int AS positive,
        count(*) FILTER (WHERE f.rating = 'negative')::int AS negative
      FROM trade_feedback f WHERE f.recipient_id = u.id) fb
    WHERE u.id = ANY(${sql.placeholder('ids')}::int[])`,
);

type StartFactsRow = KycFactsColumns &
  NameSourcesColumns & {
    taker_completed: number;
    taker_username: string;
    taker_state: AccountState;
    taker_country: string | null;
    taker_email_verified: boolean;
    taker_phone_verified: boolean;
    taker_demo: boolean;
    owner_username: string;
    owner_state: AccountState;
    owner_country: string | null;
    from_owner: RelationKind | null;
    from_taker: RelationKind | null;
    open: boolean;
    tag_ids: number[] | null;
    payment_accounts: StoredPaymentAccount[];
  };

/**
 * The receiving accounts a sell offer lists, copied as the trade will keep them (decision 0034). Buy
 * offers have none: their owner pays. `accountId` stays server-side (a deletion checks running trades).
 */
const offerPaymentAccountsCopy = sql`(SELECT coalesce(jsonb_agg(CASE WHEN b.id IS NOT NULL THEN
    jsonb_build_object('kind', 'bank', 'accountId', b.id, 'holderName', b.holder_name,
      'isPersonal', b.is_personal, 'bankName', b.bank_name, 'countryCode', b.country_code,
      'fiatCurrencyCode', b.fiat_currency_code, 'accountNumber', b.account_number, 'iban', b.iban,
      'routingNumber', b.routing_number, 'swiftCode', b.swift_code, 'ifsc', b.ifsc, 'clabe', b.clabe,
      'additionalInfo', b.additional_info)
  ELSE jsonb_build_object('kind', 'mobileMoney', 'accountId', w.id, 'holderName', w.holder_name,
      'paymentMethodName', pm.original_name, 'countryCode', w.country_code, 'phoneNumber', w.phone_number)
  END ORDER BY a.id), '[]'::jsonb)
  FROM offer_payment_accounts a
  LEFT JOIN bank_accounts b ON b.id = a.bank_account_id
  LEFT JOIN mobile_money_wallets w ON w.id = a.mobile_money_wallet_id
  LEFT JOIN payment_methods pm ON pm.id = w.payment_method_id
  WHERE a.offer_id = o.id AND o.type = 'sell')`;

/**
 * What a start checks before its transaction (`startFacts`): the offer by hash with, in a subquery of its
 * row, the taker's and the owner's accounts, their relations, the opening hours at `at` (the offer's own
 * timezone), the tags and the receiving accounts. Prepared like the view's statements.
 */
const startFactsStatement = (() => {
  const local = sql`(${sql.placeholder('at')}::timestamptz AT TIME ZONE o.timezone)`;
  const facts = sql`SELECT tk.username AS taker_username, tk.account_state AS taker_state,
      tk.country_iso AS taker_country, tk.is_email_verified AS taker_email_verified,
      tk.phone_verified_at IS NOT NULL AS taker_phone_verified, tk.is_demo_account AS taker_demo,
      ${kycFactsColumns('k')}, ${nameSourcesColumns('tk', 'k')},
      coalesce((SELECT st.trades FROM user_trade_stats st WHERE st.user_id = tk.id), 0) AS taker_completed,
      ow.username AS owner_username, ow.account_state AS owner_state, ow.country_iso AS owner_country,
      (SELECT r.kind FROM user_relations r WHERE r.user_id = ow.id AND r.target_user_id = tk.id) AS from_owner,
      (SELECT r.kind FROM user_relations r WHERE r.user_id = tk.id AND r.target_user_id = ow.id) AS from_taker,
      (NOT o.has_opening_hours OR EXISTS (
        SELECT 1 FROM offer_opening_hours h
        WHERE h.offer_id = o.id AND h.active
          AND h.day = extract(isodow FROM ${local})
          AND h.start_minute <= extract(hour FROM ${local}) * 60 + extract(minute FROM ${local})
          AND h.end_minute > extract(hour FROM ${local}) * 60 + extract(minute FROM ${local}))) AS open,
      (SELECT array_agg(t.tag_id ORDER BY t.tag_id) FROM offer_tags t WHERE t.offer_id = o.id) AS tag_ids,
      ${offerPaymentAccountsCopy} AS payment_accounts
    FROM offers o CROSS JOIN users tk CROSS JOIN users ow LEFT JOIN user_kyc k ON k.user_id = tk.id
    WHERE o.id = "offers"."id" AND tk.id = ${sql.placeholder('taker')}::int AND ow.id = "offers"."user_id"`;
  return preparedStatement((db) =>
    db
      .select({ offer: offers, facts: sql<StartFactsRow | null>`(SELECT to_jsonb(x) FROM (${facts}) AS x)` })
      .from(offers)
      .where(eq(offers.hash, sql.placeholder('hash')))
      .limit(1)
      .prepare('trades_start_facts'),
  );
})();

const boughtFromStatement = (() => {
  const buyer = sql`${sql.placeholder('buyer')}::int`;
  const seller = sql`${sql.placeholder('seller')}::int`;
  // CASE evaluates its branches in order: the trades are read only for a pair that completed a trade.
  return preparedRows<{ bought: boolean }>(
    'trades_bought_from',
    sql`SELECT CASE WHEN EXISTS (SELECT 1 FROM user_trade_partners p
        WHERE p.user_id = ${buyer} AND p.partner_id = ${seller})
      THEN EXISTS (SELECT 1 FROM trades t WHERE t.buyer_id = ${buyer} AND t.seller_id = ${seller}
        AND t.status IN (${sql.raw(releasedTradeStatuses.map((s) => `'${s}'`).join(', '))}))
      ELSE false END AS bought`,
  );
})();

/** What the current user's shape says of the user's trading (`tradingFactsOf`). */
export type TradingFacts = {
  hasActiveTrades: boolean;
  /** Trades that reached the buyer (released, or a dispute won by the buyer). */
  completedTrades: number;
  /** Of those, the ones the seller released. */
  successfulTrades: number;
  /** Satoshis of the completed BTC trades. */
  btcTraded: bigint;
  activeOffers: number;
  offers: number;
};

// Plain rows, not `to_jsonb` (`preparedRows`): both drivers read these types alike, and on PGlite the
// JSON round trip was a sixth of the statement's time on every page load.
const tradingFactsStatement = (() => {
  const user = sql`${sql.placeholder('user')}::int`;
  return preparedSql<{
    active: boolean;
    trades: number;
    released: number;
    btc: string;
    active_offers: number;
    offers: number;
  }>(
    'trades_trading_facts',
    sql`SELECT (EXISTS (SELECT 1 FROM trades WHERE buyer_id = ${user} AND status IN (${activeStatusList}))
        OR EXISTS (SELECT 1 FROM trades WHERE seller_id = ${user} AND status IN (${activeStatusList}))) AS active,
      coalesce(st.trades, 0) AS trades, coalesce(st.released, 0) AS released,
      coalesce(st.btc, 0)::text AS btc, of.active_offers, of.offers
    FROM (SELECT count(*) FILTER (WHERE o.is_active)::int AS active_offers, count(*)::int AS offers
      FROM offers o WHERE o.user_id = ${user}) of
    LEFT JOIN user_trade_stats st ON st.user_id = ${user}`,
  );
})();

/** Marking paid checks them first: built once. */
const requirementsStatement = preparedStatement((db) =>
  db
    .select()
    .from(tradeRequirements)
    .where(eq(tradeRequirements.tradeId, sql.placeholder('tradeId')))
    .orderBy(asc(tradeRequirements.id))
    .prepare('trades_requirements'),
);

/**
 * A taker's limit figures (`takerVolumes`). The status lists are written into the statement, not passed
 * as parameters: only then can PostgreSQL prove that the running-trade condition matches the partial
 * indexes' and read only those rows. The last day's volume is added up only when it can matter: it is at
 * most the lifetime volume, so while that stays under `dayAbove` the lifetime stands in for it.
 */
const takerVolumesStatement = (() => {
  const counted = sql.raw(COUNTED.map((s) => `'${s}'`).join(', '));
  const mine = sql`(buyer_id = ${sql.placeholder('user')}::int OR seller_id = ${sql.placeholder('user')}::int)`;
  return preparedRows<{ active: number; day: string; lifetime: string }>(
    'trades_taker_volumes',
    sql`SELECT running.active, totals.lifetime::text AS lifetime,
        (CASE WHEN totals.lifetime > ${sql.placeholder('dayAbove')}::numeric
          THEN (SELECT coalesce(sum(fiat_amount_usd), 0) FROM trades
            WHERE ${mine} AND started_at >= ${sql.placeholder('since')}::timestamptz AND status IN (${counted}))
          ELSE totals.lifetime END)::text AS day
      FROM (SELECT count(*)::int AS active, coalesce(sum(fiat_amount_usd), 0) AS usd FROM trades
        WHERE ${mine} AND status IN (${activeStatusList})) AS running,
      LATERAL (SELECT running.usd + coalesce((SELECT released_usd FROM user_trade_stats
        WHERE user_id = ${sql.placeholder('user')}::int), 0) AS lifetime) AS totals`,
  );
})();

export const tradesRepository = {
  /** The offer a trade was started from (its hash for links; its group for the bond hold). */
  async offerById(db: DbOrTx, offerId: number): Promise<OfferRow | undefined> {
    const [row] = await db.select().from(offers).where(eq(offers.id, offerId)).limit(1);
    return row;
  },

  /** A start's locks: the taker's row, then the offer's (see `lockStartStatement`); the offer as locked. */
  async lockStart(tx: DbOrTx, offerId: number, takerId: number): Promise<OfferRow | undefined> {
    const [row] = await lockStartStatement(tx).execute({ offer: offerId, taker: takerId });
    return row?.offer;
  },

  /** Inserts a trade; `lock` is what its opening message is written with (see the statement). */
  async insert(tx: DbOrTx, row: NewTradeRow): Promise<{ trade: TradeRow; lock: ChainLock }> {
    const { query, params } = insertTradeStatement(tx, row);
    const [created] = await query.execute(params);
    if (!created) throw new Error('insert into trades returned no row');
    const { openingMessageId, atMs, ...trade } = created;
    usersChanged(tx, [trade.buyerId, trade.sellerId]);
    return {
      trade,
      lock: { heads: new Map(), messageIds: [Number(openingMessageId)], at: new Date(Number(atMs)) },
    };
  },

  async findByHash(db: DbOrTx, hash: string): Promise<TradeRow | undefined> {
    const [row] = await tradeByHash(db).execute({ hash });
    return row;
  },

  /** A trade by hash with what its view and its actions need of it (see `tradeWithFactsByHash`). */
  async findWithFacts(db: DbOrTx, hash: string): Promise<{ trade: TradeRow; facts: TradeFacts } | undefined> {
    const [row] = await tradeWithFactsByHash(db).execute({ hash });
    if (!row) return undefined;
    const { trade, facts } = row;
    return {
      trade,
      facts: {
        requirements: facts.requirements.map((r) => ({
          ...r,
          tradeId: trade.id,
          updatedAt: dateOf(r.updatedAt),
        })),
        blocked: facts.from_buyer === 'blocked' || facts.from_seller === 'blocked',
        relations: { fromBuyer: facts.from_buyer, fromSeller: facts.from_seller },
        chargeback: facts.chargeback,
        hasDispute: facts.has_dispute,
      },
    };
  },

  /** A chat batch's trades (see `tradesForChat`), with the lock holding their chains and `count` ids. */
  async findManyForChat(
    tx: Tx,
    hashes: readonly string[],
    count: number,
  ): Promise<{ found: Map<string, { trade: TradeRow; blocked: boolean }>; lock: ChainLock | null }> {
    const rows = await tradesForChat(tx).execute({ hashes: pgTextArray([...new Set(hashes)]), count });
    const first = rows[0];
    return {
      found: new Map(rows.map((row) => [row.trade.hash, row])),
      lock: first ? chainLockOf(first.lock) : null,
    };
  },

  async findById(db: DbOrTx, id: number): Promise<TradeRow | undefined> {
    const [row] = await db.select().from(trades).where(eq(trades.id, id)).limit(1);
    return row;
  },

  /**
   * The one way a status changes: a conditional UPDATE that only matches while the trade still has the
   * status the caller saw. Of two racing requests exactly one gets the row; the other gets undefined.
   * `openAt`: the payment window must still be open then (marking paid). The winner also holds the
   * trade's record chain until its transaction ends: `lock` is what `recordMessages` takes for the
   * status message.
   */
  async transition(
    tx: DbOrTx,
    id: number,
    expected: TradeStatus,
    values: Partial<NewTradeRow> & { status: TradeStatus },
    options: { openAt?: Date } = {},
  ): Promise<{ row: TradeRow; lock: ChainLock } | undefined> {
    const { query, params } = transitionStatement(tx, {
      ...values,
      updatedAt: new Date(),
      $id: id,
      $expected: expected,
      $openAt: options.openAt,
    });
    const [updated] = await query.execute(params);
    if (!updated) return undefined;
    const { lock, ...row } = updated;
    usersChanged(tx, [row.buyerId, row.sellerId]);
    return { row, lock: chainLockOf(lock) };
  },

  async update(tx: DbOrTx, id: number, values: Partial<NewTradeRow>): Promise<TradeRow | undefined> {
    const [row] = await tx
      .update(trades)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(trades.id, id))
      .returning();
    if (row) usersChanged(tx, [row.buyerId, row.sellerId]);
    return row;
  },

  /**
   * The expiry job's batch: unpaid trades past their window, locked; rows another instance (or a racing
   * request) holds are skipped, so no trade is expired twice and nobody waits. The lock is the one the
   * status UPDATE takes (no key update), not FOR UPDATE: a chat batch that holds a trade's record chain
   * inserts its messages under the trade's key-share lock, which FOR UPDATE would block while this job
   * waits for that very chain (a deadlock).
   */
  async lockDueForExpiry(tx: DbOrTx, now: Date, limit: number, tradeId?: number): Promise<TradeRow[]> {
    return tx
      .select()
      .from(trades)
      .where(
        and(
          eq(trades.status, 'active_funded'),
          lte(trades.expiresAt, now),
          tradeId !== undefined ? eq(trades.id, tradeId) : undefined,
        ),
      )
      .orderBy(asc(trades.expiresAt))
      .limit(limit)
      .for('no key update', { skipLocked: true });
  },

  /** Records the IP a party acted from (and, for the buyer, the first time they opened the trade). */
  async touchParty(db: DbOrTx, trade: TradeRow, role: 'buyer' | 'seller', ip: string, at: Date) {
    if (role === 'buyer') {
      if (trade.buyerIp === ip && trade.buyerSeenAt) return trade;
      return (
        (await this.update(db, trade.id, { buyerIp: ip, buyerSeenAt: trade.buyerSeenAt ?? at })) ?? trade
      );
    }
    if (trade.sellerIp === ip) return trade;
    return (await this.update(db, trade.id, { sellerIp: ip })) ?? trade;
  },

  /**
   * Whether a user (either side) has a trade whose escrow still holds crypto. Asked on every page load,
   * so it is two probes of the partial indexes `trades_active_buyer_idx` / `trades_active_seller_idx`
   * (the status literals must match their predicate for the planner to use them).
   */
  async hasActive(db: DbOrTx, userId: number): Promise<boolean> {
    const [row] = rowsOf<{ active: boolean }>(
      await db.execute(sql`SELECT
        EXISTS (SELECT 1 FROM trades WHERE buyer_id = ${userId} AND status IN (${activeStatusList}))
        OR EXISTS (SELECT 1 FROM trades WHERE seller_id = ${userId} AND status IN (${activeStatusList}))
        AS active`),
    );
    return row?.active === true;
  },

  /**
   * What the current user's shape says of the user's trading, in one statement (decision 0050): a running
   * trade (two probes of the partial indexes of running trades, as `hasActive`), the lifetime numbers
   * kept on release in `user_trade_stats` (trades that reached the buyer, those the seller released, BTC
   * traded), and their offers: how many are switched on and whether any exists (`offers_user_idx`).
   * Nothing here grows with the user's history but the offer count, which is at most their offers.
   */
  async tradingFactsOf(db: DbOrTx, userId: number): Promise<TradingFacts> {
    const { rows } = await tradingFactsStatement(db).execute({ user: userId });
    const row = rows[0];
    return {
      hasActiveTrades: row?.active === true,
      completedTrades: Number(row?.trades ?? 0),
      successfulTrades: Number(row?.released ?? 0),
      btcTraded: BigInt(row?.btc ?? '0'),
      activeOffers: Number(row?.active_offers ?? 0),
      offers: Number(row?.offers ?? 0),
    };
  },

  /**
   * A taker's limit figures in one statement, under the caller's lock on their row: active trades, and
   * the USD volume that still counts (running or released trades) since `since` and ever. Each part
   * reads only what it counts, however long the taker's history: the running trades through their
   * partial indexes, the released ones from `user_trade_stats` (kept on release), and the last day's
   * through the (party, started_at) indexes, only when the lifetime volume is above `dayAbove` (the
   * daily limit less the new trade): below it, `day` is the lifetime volume, which passes that check too.
   */
  async takerVolumes(
    tx: DbOrTx,
    userId: number,
    since: Date,
    dayAbove = '-1',
  ): Promise<{ active: number; day: string; lifetime: string }> {
    const [found] = await takerVolumesStatement(tx).execute({
      user: userId,
      since: since.toISOString(),
      dayAbove,
    });
    const row = found?.row;
    return { active: Number(row?.active ?? 0), day: row?.day ?? '0', lifetime: row?.lifetime ?? '0' };
  },

  /**
   * What starting a trade checks before its transaction, in one statement: the offer by hash, the taker's
   * and the owner's account (state, name, the taker's country), the relation each has to the other,
   * whether the offer is inside its opening hours at `at` (its own timezone), its tags and the receiving
   * accounts a trade copies. Undefined when no offer has that hash.
   */
  async startFacts(
    db: DbOrTx,
    input: { offerHash: string; takerId: number; at: Date },
  ): Promise<{ offer: OfferRow; facts: StartFacts | undefined } | undefined> {
    const [found] = await startFactsStatement(db).execute({
      hash: input.offerHash,
      taker: input.takerId,
      at: input.at.toISOString(),
    });
    if (!found) return undefined;
    const row = found.facts;
    return {
      offer: found.offer,
      facts: row
        ? {
            taker: {
              username: row.taker_username,
              accountState: row.taker_state,
              countryIso: row.taker_country,
            },
            takerName: nameSourcesOf(row),
            takerCompletedTrades: Number(row.taker_completed),
            takerKyc: {
              userId: input.takerId,
              isEmailVerified: row.taker_email_verified,
              phoneVerified: row.taker_phone_verified,
              isDemoAccount: row.taker_demo,
              idDocument: row.kyc_id_document === true,
              selfie: row.kyc_selfie === true,
              address: row.kyc_address === true,
              video: row.kyc_video === true,
              company: row.kyc_company === true,
              videoStatus: row.kyc_video_status,
            },
            owner: {
              username: row.owner_username,
              accountState: row.owner_state,
              countryIso: row.owner_country,
            },
            fromOwner: row.from_owner ?? undefined,
            fromTaker: row.from_taker ?? undefined,
            open: row.open,
            tagIds: (row.tag_ids ?? []).map(Number),
            paymentAccounts: row.payment_accounts ?? [],
          }
        : undefined,
    };
  },

  /**
   * Whether the buyer ever completed a trade buying from this seller (else they are a "new buyer": the
   * trade start's new-buyer limit and the offer page's `isNewBuyer`). Most pairs never traded: the
   * partners' key (`user_trade_partners`, kept on release) answers them with one probe, and only partners
   * have their trades read for the direction.
   */
  async hasBoughtFrom(db: DbOrTx, buyerId: number, sellerId: number): Promise<boolean> {
    const [found] = await boughtFromStatement(db).execute({ buyer: buyerId, seller: sellerId });
    return found?.row.bought === true;
  },

  /** Fiat an offer's trades have used of its cap (cancelled and expired trades give theirs back). */
  async capUsed(db: DbOrTx, offerId: number): Promise<string> {
    const [row] = rowsOf<{ total: string }>(
      await db.execute(sql`SELECT coalesce(sum(fiat_amount), 0)::text AS total FROM trades
        WHERE offer_id = ${offerId} AND NOT (status = ANY(${textArray(UNDONE)}::text[]))`),
    );
    return row?.total ?? '0';
  },

  // --- messages ----------------------------------------------------------------------------------------

  /**
   * A page of a trade's chat, oldest first. `after`: the messages following that id; `before`: the
   * page preceding it; neither: the newest page. One extra row tells whether more exist.
   */
  async messages(
    db: DbOrTx,
    tradeId: number,
    q: { after?: number; before?: number; limit: number },
  ): Promise<{ rows: MessageWithAuthor[]; hasMore: boolean }> {
    const forward = q.after !== undefined;
    const rows = await db
      .select({ message: tradeMessages, authorUsername: users.username })
      .from(tradeMessages)
      .leftJoin(users, eq(users.id, tradeMessages.authorId))
      .where(
        and(
          eq(tradeMessages.tradeId, tradeId),
          q.after !== undefined ? gt(tradeMessages.id, q.after) : undefined,
          q.before !== undefined ? lt(tradeMessages.id, q.before) : undefined,
        ),
      )
      .orderBy(forward ? asc(tradeMessages.id) : desc(tradeMessages.id))
      .limit(q.limit + 1);
    const page = rows.slice(0, q.limit).map((r) => ({ ...r.message, authorUsername: r.authorUsername }));
    if (!forward) page.reverse();
    return { rows: page, hasMore: rows.length > q.limit };
  },

  async messageWithAuthor(db: DbOrTx, id: number): Promise<MessageWithAuthor | undefined> {
    const [row] = await db
      .select({ message: tradeMessages, authorUsername: users.username })
      .from(tradeMessages)
      .leftJoin(users, eq(users.id, tradeMessages.authorId))
      .where(eq(tradeMessages.id, id));
    return row ? { ...row.message, authorUsername: row.authorUsername } : undefined;
  },

  // --- requirements, disputes, policy reads -------------------------------------------------------------

  async insertRequirements(
    tx: DbOrTx,
    rows: (typeof tradeRequirements.$inferInsert)[],
  ): Promise<RequirementRow[]> {
    if (rows.length === 0) return [];
    return tx.insert(tradeRequirements).values(rows).returning();
  },

  async requirementsOf(db: DbOrTx, tradeId: number): Promise<RequirementRow[]> {
    return requirementsStatement(db).execute({ tradeId });
  },

  /** Sets a requirement's status; `from` makes it conditional (only from those statuses). */
  async setRequirementStatus(
    tx: DbOrTx,
    tradeId: number,
    requirementId: number,
    status: RequirementRow['status'],
    from?: RequirementRow['status'][],
  ): Promise<RequirementRow | undefined> {
    const [row] = await tx
      .update(tradeRequirements)
      .set({ status, updatedAt: new Date() })
      .where(
        and(
          eq(tradeRequirements.id, requirementId),
          eq(tradeRequirements.tradeId, tradeId),
          from ? sql`${tradeRequirements.status} = ANY(${textArray(from)}::text[])` : undefined,
        ),
      )
      .returning();
    return row;
  },

  async insertDispute(tx: DbOrTx, row: typeof tradeDisputes.$inferInsert): Promise<DisputeRow> {
    const [created] = await tx.insert(tradeDisputes).values(row).returning();
    if (!created) throw new Error('insert into trade_disputes returned no row');
    return created;
  },

  /**
   * The status of the trade's latest chargeback report. Read by its SQL name: the chargebacks module
   * owns the table and depends on trades (decision 0022).
   */
  async chargebackStatusOf(db: DbOrTx, tradeId: number): Promise<ChargebackStatus | null> {
    const [row] = rowsOf<{ status: ChargebackStatus }>(
      await db.execute(
        sql`SELECT status FROM chargeback_reports WHERE trade_id = ${tradeId} ORDER BY id DESC LIMIT 1`,
      ),
    );
    return row?.status ?? null;
  },

  async disputeOf(db: DbOrTx, tradeId: number): Promise<DisputeView | undefined> {
    const [row] = await db
      .select({
        dispute: tradeDisputes,
        assigneeUsername: users.username,
        // The appeal is the disputes module's table (it depends on trades): read by its SQL name.
        appealStatus: sql<
          DisputeView['appealStatus']
        >`(SELECT a.status FROM dispute_appeals a WHERE a.dispute_id = ${tradeDisputes.id})`,
      })
      .from(tradeDisputes)
      .leftJoin(users, eq(users.id, tradeDisputes.assignedTo))
      .where(eq(tradeDisputes.tradeId, tradeId));
    return row
      ? { ...row.dispute, assigneeUsername: row.assigneeUsername, appealStatus: row.appealStatus ?? null }
      : undefined;
  },

  async resolveDispute(
    tx: DbOrTx,
    tradeId: number,
    values: {
      resolution: NonNullable<DisputeRow['resolution']>;
      moderatorId: number | null;
      reason: string | null;
      at: Date;
    },
  ) {
    await tx
      .update(tradeDisputes)
      .set({
        resolution: values.resolution,
        moderatorId: values.moderatorId,
        resolutionReason: values.reason,
        resolvedAt: values.at,
      })
      .where(and(eq(tradeDisputes.tradeId, tradeId), sql`${tradeDisputes.resolvedAt} IS NULL`));
  },

  async recordPolicyRead(db: DbOrTx, tradeId: number, userId: number, url: string) {
    await db.insert(tradePolicyReads).values({ tradeId, userId, url }).onConflictDoNothing();
  },

  // --- lists ---------------------------------------------------------------------------------------------

  /** A user's trades in both roles, newest first, with the counterparty's username. */
  async listOfUser(
    db: DbOrTx,
    userId: number,
    q: { statuses?: readonly TradeStatus[]; offset: number; limit: number },
  ): Promise<(TradeRow & { counterpartyUsername: string })[]> {
    const counterparty = alias(users, 'counterparty');
    const rows = await db
      .select({ trade: trades, counterpartyUsername: counterparty.username })
      .from(trades)
      .innerJoin(
        counterparty,
        sql`${counterparty.id} = CASE WHEN ${trades.buyerId} = ${userId} THEN ${trades.sellerId} ELSE ${trades.buyerId} END`,
      )
      .where(
        and(
          or(eq(trades.buyerId, userId), eq(trades.sellerId, userId)),
          q.statuses ? sql`${trades.status} = ANY(${textArray(q.statuses)}::text[])` : undefined,
        ),
      )
      .orderBy(desc(trades.id))
      .offset(q.offset)
      .limit(q.limit);
    return rows.map((r) => ({ ...r.trade, counterpartyUsername: r.counterpartyUsername }));
  },

  /** Trade parties as their trade views show them (see `partyFactsStatement`), by user id. */
  async partyFacts(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, TradePartyFacts>> {
    const rows = await partyFactsStatement(db).execute({ ids: `{${[...new Set(userIds)].join(',')}}` });
    const parties = new Map<number, TradePartyFacts>();
    for (const { row: r } of rows) {
      parties.set(Number(r.id), {
        id: Number(r.id),
        username: r.username,
        isEmailVerified: r.is_email_verified,
        createdAt: dateOf(r.created_at),
        accountState: r.account_state,
        avatarKey: r.avatar_key,
        closed: r.closed === true,
        idVerified: r.id_verified === true,
        name: nameSourcesOf(r),
        stats: {
          totalTrades: Number(r.trades),
          totalPartners: Number(r.partners),
          btcTraded: BigInt(r.btc),
          trustedCount: Number(r.trusted),
          blockedCount: Number(r.blocked),
          lastSeen: r.seen ? dateOf(r.seen) : null,
        },
        feedback: { positive: Number(r.positive), negative: Number(r.negative) },
      });
    }
    return parties;
  },

  /** Whether either user blocked the other. */
  async blockedEitherWay(db: DbOrTx, a: number, b: number): Promise<boolean> {
    const [row] = rowsOf<{ blocked: boolean }>(
      await db.execute(sql`SELECT ${blockedEitherWay(a, b)} AS blocked`),
    );
    return row?.blocked === true;
  },

  /**
   * What a listing card says of each owner's trading (docs/decisions/0045-trader-stats.md), in one
   * statement: released trades and distinct partners of the last 30 days (counted from the trades, which
   * the buyer and seller indexes find per user), and the 30-day completion rate and mean release time
   * from the per-day rows `user_trade_days` (kept when a trade ends: at most 30 rows per owner).
   * Every asked user is in the map.
   */
  async ownerStatsOf(db: DbOrTx, userIds: number[]): Promise<Map<number, OwnerTradeStats>> {
    const result = new Map<number, OwnerTradeStats>();
    if (userIds.length === 0) return result;
    const ids = `{${[...new Set(userIds)].join(',')}}`;
    const rows = rowsOf<{
      user_id: number;
      trades: number;
      partners: number;
      completed: number;
      failed: number;
      releases: number;
      release_seconds: string;
    }>(
      await db.execute(sql`WITH monthly AS (
          SELECT side.user_id, count(*)::int AS trades, count(DISTINCT side.partner_id)::int AS partners
          FROM trades t
          CROSS JOIN LATERAL (VALUES (t.buyer_id, t.seller_id), (t.seller_id, t.buyer_id)) AS side(user_id, partner_id)
          WHERE (t.buyer_id = ANY(${ids}::int[]) OR t.seller_id = ANY(${ids}::int[]))
            AND side.user_id = ANY(${ids}::int[])
            AND t.status = ANY(${textArray(releasedTradeStatuses)}::text[])
            AND t.completed_at > now() - interval '30 days'
          GROUP BY side.user_id
        ), days AS (
          SELECT user_id, sum(completed)::int AS completed, sum(failed)::int AS failed,
            sum(releases)::int AS releases, sum(release_seconds)::text AS release_seconds
          FROM user_trade_days
          WHERE user_id = ANY(${ids}::int[])
            AND day > (now() AT TIME ZONE 'UTC')::date - ${STATS_WINDOW_DAYS}::int
          GROUP BY user_id
        )
        SELECT u.user_id, coalesce(m.trades, 0) AS trades, coalesce(m.partners, 0) AS partners,
          coalesce(d.completed, 0) AS completed, coalesce(d.failed, 0) AS failed,
          coalesce(d.releases, 0) AS releases, coalesce(d.release_seconds, '0') AS release_seconds
        FROM unnest(${ids}::int[]) AS u(user_id)
        LEFT JOIN monthly m ON m.user_id = u.user_id
        LEFT JOIN days d ON d.user_id = u.user_id`),
    );
    for (const r of rows) {
      result.set(Number(r.user_id), {
        trades: Number(r.trades),
        partners: Number(r.partners),
        ...outcomeStats(r),
      });
    }
    return result;
  },

  /**
   * A public profile's record: released trades of all time (`user_trade_stats`) and the 30-day
   * completion rate and release time (`user_trade_days`), in one statement.
   */
  async profileStatsOf(db: DbOrTx, userId: number): Promise<ProfileTradeStats> {
    const [row] = rowsOf<{
      trades: number;
      completed: number;
      failed: number;
      releases: number;
      release_seconds: string;
    }>(
      await db.execute(sql`SELECT
          coalesce((SELECT trades FROM user_trade_stats WHERE user_id = ${userId}), 0) AS trades,
          coalesce(sum(completed), 0)::int AS completed, coalesce(sum(failed), 0)::int AS failed,
          coalesce(sum(releases), 0)::int AS releases, coalesce(sum(release_seconds), 0)::text AS release_seconds
        FROM user_trade_days
        WHERE user_id = ${userId} AND day > (now() AT TIME ZONE 'UTC')::date - ${STATS_WINDOW_DAYS}::int`),
    );
    return {
      completedTrades: Number(row?.trades ?? 0),
      ...outcomeStats(row ?? { completed: 0, failed: 0, releases: 0, release_seconds: '0' }),
    };
  },
};

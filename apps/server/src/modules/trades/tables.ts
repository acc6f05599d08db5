import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { activeTradeStatuses, tradeStatuses, type TradePaymentAccount } from '@app/contract';
import { users } from '../../platform/db/schema.js';
import { offers } from '../offers/tables.js';

/** A receiving account as a trade keeps it: what the buyer sees, plus the source's id (never shown). */
export type StoredPaymentAccount = TradePaymentAccount & { accountId: number };

const statusList = sql.raw(tradeStatuses.map((s) => `'${s}'`).join(', '));
/** The running statuses as SQL literals: a partial index is only used when the query repeats them. */
export const activeStatusList = sql.raw(activeTradeStatuses.map((s) => `'${s}'`).join(', '));

/**
 * Trades (docs/decisions/0009-trades.md). The public id is `hash` (random base62); the serial id never
 * leaves the server. Everything the trade page shows is copied from the offer at the start (price,
 * terms, payment details, method), so editing the offer later never changes a running trade.
 * Crypto amounts are base units (NUMERIC(78,0)); fiat values NUMERIC at the currency's precision.
 */
export const trades = pgTable(
  'trades',
  {
    id: serial('id').primaryKey(),
    hash: text('hash').notNull(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id),
    /** The offer owner (vendor); the other party is the taker. */
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    offerType: text('offer_type', { enum: ['buy', 'sell'] }).notNull(),
    cryptoCode: text('crypto_code').notNull(),
    fiatCurrencyCode: text('fiat_currency_code').notNull(),
    paymentMethodId: integer('payment_method_id').notNull(),
    paymentMethodLabel: text('payment_method_label').notNull().default(''),
    flowType: text('flow_type', { enum: ['default', 'gcc-auto', 'lite', 'bt-auto'] })
      .notNull()
      .default('default'),
    fiatAmount: numeric('fiat_amount', { precision: 30, scale: 8 }).notNull(),
    /** Fiat per one coin, fixed at the start. */
    fiatPrice: numeric('fiat_price', { precision: 30, scale: 8 }).notNull(),
    /** The fiat amount in USD at the start: what the daily and lifetime limits add up. */
    fiatAmountUsd: numeric('fiat_amount_usd', { precision: 30, scale: 8 }).notNull(),
    /** fiat / price, rounded down to the base unit. */
    cryptoAmount: numeric('crypto_amount', { precision: 78, scale: 0 }).notNull(),
    feePercent: numeric('fee_percent', { precision: 8, scale: 4 }).notNull(),
    feeAmount: numeric('fee_amount', { precision: 78, scale: 0 }).notNull(),
    /** Locked in escrow: what the buyer receives plus the fee. */
    escrowAmount: numeric('escrow_amount', { precision: 78, scale: 0 }).notNull(),
    buyerReceives: numeric('buyer_receives', { precision: 78, scale: 0 }).notNull(),
    status: text('status', { enum: tradeStatuses }).notNull(),
    paymentWindow: integer('payment_window').notNull(),
    offerTerms: text('offer_terms').notNull().default(''),
    /** The owner's trade details (payment instructions), revealed to the buyer by the flow. */
    paymentDetails: text('payment_details').notNull().default(''),
    /**
     * The seller's receiving accounts as they were at the start (bank accounts, mobile money wallets):
     * revealed like the payment details, to the trade's parties only.
     */
    paymentAccounts: jsonb('payment_accounts').$type<StoredPaymentAccount[]>().notNull().default([]),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** End of the payment window; the expiry job cancels unpaid trades past it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When a dispute may be opened (set when the buyer marks paid). */
    disputeAvailableAt: timestamp('dispute_available_at', { withTimezone: true }),
    /** When the trade reached a final status (released, cancelled, expired, dispute decided). */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Each party's IP at the start or at their latest action (isOpponentsSameIp compares them). */
    buyerIp: text('buyer_ip'),
    sellerIp: text('seller_ip'),
    /** First time the buyer opened the trade (the seller may cancel when a vendor-buyer never shows up). */
    buyerSeenAt: timestamp('buyer_seen_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trades_hash_key').on(t.hash),
    // The expiry sweeper: due unpaid trades only.
    index('trades_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'active_funded'`),
    index('trades_buyer_idx').on(t.buyerId, t.id),
    index('trades_seller_idx').on(t.sellerId, t.id),
    // A start adds up the taker's trades of the last 24 hours (the daily limit): those only, however
    // long their history.
    index('trades_buyer_started_idx').on(t.buyerId, t.startedAt),
    index('trades_seller_started_idx').on(t.sellerId, t.startedAt),
    // "Has this user a running trade?" is asked on every page load (the current user's
    // hasActiveTrades): partial indexes hold only running trades, so the answer is one probe however
    // many finished trades a user has (docs/decisions/0009-trades.md).
    index('trades_active_buyer_idx')
      .on(t.buyerId)
      .where(sql`${t.status} IN (${activeStatusList})`),
    index('trades_active_seller_idx')
      .on(t.sellerId)
      .where(sql`${t.status} IN (${activeStatusList})`),
    index('trades_offer_idx').on(t.offerId, t.status),
    check('trades_status_check', sql`${t.status} IN (${statusList})`),
    check('trades_offer_type_check', sql`${t.offerType} IN ('buy', 'sell')`),
    check('trades_parties_check', sql`${t.buyerId} <> ${t.sellerId}`),
    check('trades_owner_check', sql`${t.ownerId} IN (${t.buyerId}, ${t.sellerId})`),
    check(
      'trades_amounts_check',
      sql`${t.cryptoAmount} > 0 AND ${t.feeAmount} >= 0 AND ${t.buyerReceives} > 0 AND ${t.escrowAmount} = ${t.buyerReceives} + ${t.feeAmount}`,
    ),
    check('trades_fiat_check', sql`${t.fiatAmount} > 0 AND ${t.fiatPrice} > 0`),
  ],
);

/**
 * The trade chat. `author_id` is null for system messages; `attachment_id` points into the attachments
 * module's table (no foreign key here: that module owns it and is created later).
 */
export const tradeMessages = pgTable(
  'trade_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id),
    kind: text('kind', { enum: ['user', 'system', 'attachment'] }).notNull(),
    text: text('text').notNull().default(''),
    /** System messages: what happened and the status it led to (the web words it per language). */
    systemEvent: text('system_event'),
    systemStatus: text('system_status'),
    attachmentId: bigint('attachment_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trade_messages_trade_idx').on(t.tradeId, t.id),
    check('trade_messages_kind_check', sql`${t.kind} IN ('user', 'system', 'attachment')`),
    check('trade_messages_author_check', sql`(${t.kind} = 'system') = (${t.authorId} IS NULL)`),
  ],
);

/** What the buyer must provide before the payment details show or before marking paid (from offer tags). */
export const tradeRequirements = pgTable(
  'trade_requirements',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['photo_id', 'receipt'] }).notNull(),
    step: text('step', { enum: ['beforeRevealPaymentDetails', 'beforeMarkAsPaid'] }).notNull(),
    optional: boolean('optional').notNull().default(false),
    status: text('status', { enum: ['pending', 'uploaded', 'approved', 'rejected', 'corrupted'] })
      .notNull()
      .default('pending'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trade_requirements_trade_type_key').on(t.tradeId, t.type),
    check(
      'trade_requirements_status_check',
      sql`${t.status} IN ('pending', 'uploaded', 'approved', 'rejected', 'corrupted')`,
    ),
  ],
);

/** One dispute per trade: who opened it and why; the moderator's decision fills the rest (later issue). */
export const tradeDisputes = pgTable(
  'trade_disputes',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    openedBy: integer('opened_by')
      .notNull()
      .references(() => users.id),
    openerRole: text('opener_role', { enum: ['buyer', 'seller'] }).notNull(),
    reasonId: integer('reason_id').notNull(),
    reasonText: text('reason_text').notNull().default(''),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution', { enum: ['buyer', 'seller', 'released_by_seller'] }),
    moderatorId: integer('moderator_id').references(() => users.id),
    /** Why the dispute was decided so (required for an award; both parties read it in the chat). */
    resolutionReason: text('resolution_reason'),
    /** The moderator who holds the dispute now (exclusive; another moderator may take it over). */
    assignedTo: integer('assigned_to').references(() => users.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('trade_disputes_trade_key').on(t.tradeId),
    // The moderators' queue: undecided disputes, oldest first.
    index('trade_disputes_open_idx')
      .on(t.openedAt, t.id)
      .where(sql`${t.resolvedAt} IS NULL`),
  ],
);

/** Links from the offer terms a party opened (`POST .../policy-read`), for the dispute record. */
export const tradePolicyReads = pgTable(
  'trade_policy_reads',
  {
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    url: text('url').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tradeId, t.userId, t.url] })],
);

/**
 * Each user's lifetime released trades (released, or a dispute won by the buyer), distinct partners and
 * BTC traded: what every trade view shows of both parties. Kept by the trigger `trades_count_released`
 * (migration 0026) in the transaction that releases, instead of counted over the user's whole history on
 * every view (which grew with it: a vendor with thousands of trades paid for them on each action).
 */
export const userTradeStats = pgTable('user_trade_stats', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  trades: integer('trades').notNull().default(0),
  /** Of those, the ones the seller released (`released`), not decided by a moderator (decision 0050). */
  released: integer('released').notNull().default(0),
  partners: integer('partners').notNull().default(0),
  /** In satoshis, as `trades.crypto_amount`. */
  btc: numeric('btc', { precision: 78, scale: 0 }).notNull().default('0'),
  /**
   * The USD value (at their start) of the user's trades that reached the buyer: with the running trades
   * it is the lifetime volume a start checks against the KYC limit, without reading the whole history.
   */
  releasedUsd: numeric('released_usd', { precision: 30, scale: 8 }).notNull().default('0'),
});

/** Who has released a trade with whom (each pair both ways): what makes a partner new in the count above. */
export const userTradePartners = pgTable(
  'user_trade_partners',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.partnerId] })],
);

/**
 * Each user's finished trades per UTC day (docs/decisions/0045-trader-stats.md): trades that completed
 * and trades that failed through this user, and their sales released after "paid" with the seconds that
 * took. Kept by the trigger `trades_count_outcome` (migration 0034) in the transaction that ends a trade,
 * so the cards' 30-day completion rate and release time read at most 30 rows per trader, never history.
 */
export const userTradeDays = pgTable(
  'user_trade_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Trades that reached the buyer with this user as a party (released; won by the buyer for the buyer). */
    completed: integer('completed').notNull().default(0),
    /** Trades that ended unfinished through this user (the rule is in the decision). */
    failed: integer('failed').notNull().default(0),
    /** Sales this user released after the buyer marked them paid, and the seconds between the two. */
    releases: integer('releases').notNull().default(0),
    releaseSeconds: bigint('release_seconds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

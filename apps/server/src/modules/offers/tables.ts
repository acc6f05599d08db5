import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema.js';
import { tags } from '../catalogue/tables.js';
import { bankAccounts } from '../bank-accounts/tables.js';
import { mobileMoneyWallets } from '../mobile-money/tables.js';

/**
 * Offers (docs/decisions/0008-offers.md). The public id is `hash` (random base62); the serial id never
 * leaves the server. Fiat amounts and prices are NUMERIC rounded to the currency's precision by the
 * service; the margin is NUMERIC percent. Exactly one of margin and fixed price is set.
 */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    hash: text('hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    area: text('area', { enum: ['otc', 'silent-pool', 'gift-cards'] }).notNull(),
    type: text('type', { enum: ['buy', 'sell'] }).notNull(),
    cryptoCode: text('crypto_code').notNull(),
    paymentMethodId: integer('payment_method_id').notNull(),
    /** The method's group, copied so the group filter and the bond rule need no join. */
    paymentGroupId: integer('payment_group_id').notNull(),
    fiatCurrencyCode: text('fiat_currency_code').notNull(),
    margin: numeric('margin', { precision: 10, scale: 4 }),
    fixedPrice: numeric('fixed_price', { precision: 30, scale: 8 }),
    amountMode: text('amount_mode', { enum: ['min_max', 'predefined'] }).notNull(),
    rangeMin: numeric('range_min', { precision: 30, scale: 8 }).notNull(),
    rangeMax: numeric('range_max', { precision: 30, scale: 8 }).notNull(),
    predefinedAmounts: numeric('predefined_amounts', { precision: 30, scale: 8 })
      .array()
      .notNull()
      .default(sql`'{}'::numeric[]`),
    newBuyerMax: numeric('new_buyer_max', { precision: 30, scale: 8 }),
    paymentWindow: integer('payment_window').notNull(),
    offerTerms: text('offer_terms').notNull().default(''),
    tradeDetails: text('trade_details').notNull().default(''),
    paymentMethodLabel: text('payment_method_label').notNull().default(''),
    requireVerifiedId: boolean('require_verified_id').notNull().default(false),
    requireFullName: boolean('require_full_name').notNull().default(false),
    requireMinPastTrades: integer('require_min_past_trades'),
    blockVpn: boolean('block_vpn').notNull().default(false),
    isTrustedOnly: boolean('is_trusted_only').notNull().default(false),
    countryListMode: text('country_list_mode', { enum: ['all', 'allow', 'deny'] })
      .notNull()
      .default('all'),
    countries: text('countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    timezone: text('timezone').notNull().default('UTC'),
    /** Whether `offer_opening_hours` has rows: offers without hours are always open. */
    hasOpeningHours: boolean('has_opening_hours').notNull().default(false),
    capAmount: numeric('cap_amount', { precision: 30, scale: 8 }),
    capActive: boolean('cap_active').notNull().default(false),
    giftCardBinCodes: text('gift_card_bin_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    cardRegions: integer('card_regions')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    flowType: text('flow_type', { enum: ['default', 'gcc-auto', 'lite', 'bt-auto'] })
      .notNull()
      .default('default'),
    customRate: numeric('custom_rate', { precision: 30, scale: 8 }),
    isThirdPartyAllowed: boolean('is_third_party_allowed').notNull().default(false),
    isGiftCodeCheckEnabled: boolean('is_gift_code_check_enabled').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** The spec's offer moderation status: 1 approved, 2 rejected, 3 no appeal, 4 appealed. */
    moderationStatus: smallint('moderation_status').notNull().default(1),
    /**
     * Set when a moderator cancels the offer by system penalty: the owner sees
     * `offer_has_cancelled_by_system_penalty` and may reset it (`PUT .../reset-penalty`) from this time on.
     */
    penaltyUntil: timestamp('penalty_until', { withTimezone: true }),
    penaltyReason: text('penalty_reason'),
    /** The staff member whose rejection or penalty stands (null: none, or an operator's command). */
    moderatedBy: integer('moderated_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('offers_hash_key').on(t.hash),
    index('offers_user_idx').on(t.userId, t.type, t.id),
    // The marketplace (repository.search): one coin and side, margin offers in margin order and fixed
    // offers in price order, with and without a currency and a method; only active offers.
    index('offers_margin_idx')
      .on(t.cryptoCode, t.type, t.margin, t.id)
      .where(sql`${t.isActive} AND ${t.fixedPrice} IS NULL`),
    index('offers_margin_currency_idx')
      .on(t.cryptoCode, t.type, t.fiatCurrencyCode, t.margin, t.id)
      .where(sql`${t.isActive} AND ${t.fixedPrice} IS NULL`),
    index('offers_margin_method_idx')
      .on(t.cryptoCode, t.type, t.fiatCurrencyCode, t.paymentMethodId, t.margin, t.id)
      .where(sql`${t.isActive} AND ${t.fixedPrice} IS NULL`),
    index('offers_fixed_currency_idx')
      .on(t.cryptoCode, t.type, t.fiatCurrencyCode, t.fixedPrice, t.id)
      .where(sql`${t.isActive} AND ${t.fixedPrice} IS NOT NULL`),
    index('offers_search_method_idx')
      .on(t.cryptoCode, t.type, t.paymentMethodId)
      .where(sql`${t.isActive}`),
    // Whose active trusted-only offers a viewer can see (viewer-facts.ts): few rows, read per viewer.
    index('offers_trusted_only_idx')
      .on(t.userId)
      .where(sql`${t.isActive} AND ${t.isTrustedOnly}`),
    check('offers_type_check', sql`${t.type} IN ('buy', 'sell')`),
    check('offers_area_check', sql`${t.area} IN ('otc', 'silent-pool', 'gift-cards')`),
    check('offers_amount_mode_check', sql`${t.amountMode} IN ('min_max', 'predefined')`),
    check('offers_flow_type_check', sql`${t.flowType} IN ('default', 'gcc-auto', 'lite', 'bt-auto')`),
    check('offers_country_mode_check', sql`${t.countryListMode} IN ('all', 'allow', 'deny')`),
    check('offers_price_check', sql`(${t.margin} IS NULL) <> (${t.fixedPrice} IS NULL)`),
    check('offers_fixed_price_check', sql`${t.fixedPrice} IS NULL OR ${t.fixedPrice} > 0`),
    check('offers_range_check', sql`${t.rangeMin} > 0 AND ${t.rangeMin} <= ${t.rangeMax}`),
    check('offers_payment_window_check', sql`${t.paymentWindow} BETWEEN 30 AND 43200`),
    check('offers_moderation_status_check', sql`${t.moderationStatus} IN (1, 2, 3, 4)`),
  ],
);

/** Approved catalogue tags of an offer. */
export const offerTags = pgTable(
  'offer_tags',
  {
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.tagId] }), index('offer_tags_tag_idx').on(t.tagId, t.offerId)],
);

/** Opening hours per weekday (1 monday .. 7 sunday), in minutes of the offer's timezone, merged. */
export const offerOpeningHours = pgTable(
  'offer_opening_hours',
  {
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    day: smallint('day').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.offerId, t.day, t.startMinute] }),
    check('offer_opening_hours_day_check', sql`${t.day} BETWEEN 1 AND 7`),
    check(
      'offer_opening_hours_range_check',
      sql`${t.startMinute} >= 0 AND ${t.startMinute} < ${t.endMinute} AND ${t.endMinute} <= 1440`,
    ),
  ],
);

export const offerFavorites = pgTable(
  'offer_favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.offerId] })],
);

/**
 * The accounts a sell offer's owner receives the fiat into: bank accounts for bank transfers, mobile
 * money wallets for the mobile-money group. Exactly one of the two per row. A trade copies them at its
 * start; deleting an account detaches it from offers that are switched off (an active offer refuses).
 */
export const offerPaymentAccounts = pgTable(
  'offer_payment_accounts',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    bankAccountId: integer('bank_account_id').references(() => bankAccounts.id, { onDelete: 'cascade' }),
    mobileMoneyWalletId: integer('mobile_money_wallet_id').references(() => mobileMoneyWallets.id, {
      onDelete: 'cascade',
    }),
  },
  (t) => [
    index('offer_payment_accounts_offer_idx').on(t.offerId),
    uniqueIndex('offer_payment_accounts_bank_key').on(t.offerId, t.bankAccountId),
    uniqueIndex('offer_payment_accounts_wallet_key').on(t.offerId, t.mobileMoneyWalletId),
    index('offer_payment_accounts_bank_idx').on(t.bankAccountId),
    index('offer_payment_accounts_wallet_idx').on(t.mobileMoneyWalletId),
    check(
      'offer_payment_accounts_one_check',
      sql`(${t.bankAccountId} IS NULL) <> (${t.mobileMoneyWalletId} IS NULL)`,
    ),
  ],
);

/**
 * The rates a search was ordered with, per rates version: later pages of the same search (its
 * `searchId`) order with the same numbers, so "load more" neither repeats nor skips while prices move.
 */
export const offerRateSnapshots = pgTable('offer_rate_snapshots', {
  version: integer('version').primaryKey(),
  cryptoUsd: jsonb('crypto_usd').$type<Record<string, string>>().notNull(),
  usdFiat: jsonb('usd_fiat').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An owner's appeal against a moderator's rejection (decision 0023). At most one waits per offer; the
 * offer's moderation status says where it stands (4 appealed, then 1 upheld or 3 no appeal). `rejected_by`
 * keeps who made the rejection appealed against: they never decide the appeal.
 */
export const offerModerationAppeals = pgTable(
  'offer_moderation_appeals',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    status: text('status', { enum: ['appealed', 'upheld', 'rejected', 'withdrawn'] })
      .notNull()
      .default('appealed'),
    rejectedBy: integer('rejected_by').references(() => users.id),
    /** The note the owner was shown with the rejection. */
    rejectionNote: text('rejection_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
  },
  (t) => [
    uniqueIndex('offer_moderation_appeals_waiting_key')
      .on(t.offerId)
      .where(sql`${t.status} = 'appealed'`),
    index('offer_moderation_appeals_status_idx').on(t.status, t.id),
    index('offer_moderation_appeals_offer_idx').on(t.offerId, t.id),
    check(
      'offer_moderation_appeals_status_check',
      sql`${t.status} IN ('appealed', 'upheld', 'rejected', 'withdrawn')`,
    ),
    check('offer_moderation_appeals_text_length_check', sql`char_length(${t.text}) BETWEEN 1 AND 2000`),
  ],
);

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Reference data tables. Ids are explicit and stable (they come from the data files, never from a
 * sequence), so an id in a URL, an offer or a client's cache keeps its meaning across databases.
 * Names are `{ en, es, ... }` objects keyed by locale; `en` is also the "original" name.
 */

/** Names per shipped locale, `{ en: 'Bank transfers', es: 'Transferencias bancarias' }`. */
export type LocalizedNames = Record<string, string>;

/** The spec's groups; the id is the payment category id. */
export const paymentMethodGroups = pgTable(
  'payment_method_groups',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull(),
    names: jsonb('names').$type<LocalizedNames>().notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [uniqueIndex('payment_method_groups_slug_key').on(t.slug)],
);

/** Payment methods; `names` per locale, `original_name` English (or the brand). */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull(),
    originalName: text('original_name').notNull(),
    names: jsonb('names').$type<LocalizedNames>().notNull(),
    groupId: integer('group_id')
      .notNull()
      .references(() => paymentMethodGroups.id),
    iconName: text('icon_name').notNull(),
    isBinCodeEnabled: boolean('is_bin_code_enabled').notNull().default(false),
    /** ISO alpha-2 codes; empty for a method usable anywhere. */
    countries: text('countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** An operator may hide a method without deleting it (offers keep pointing at the id). */
    isActive: boolean('is_active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_methods_slug_key').on(t.slug),
    index('payment_methods_group_id_idx').on(t.groupId),
    check('payment_methods_slug_check', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/** Popular methods per side and scope (`country` with an ISO code or WORLDWIDE, or `group` with a slug). */
export const popularPaymentMethods = pgTable(
  'popular_payment_methods',
  {
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    scope: text('scope', { enum: ['country', 'group'] }).notNull(),
    scopeKey: text('scope_key').notNull(),
    position: integer('position').notNull(),
    paymentMethodId: integer('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.side, t.scope, t.scopeKey, t.position] }),
    check('popular_payment_methods_side_check', sql`${t.side} IN ('buy', 'sell')`),
    check('popular_payment_methods_scope_check', sql`${t.scope} IN ('country', 'group')`),
  ],
);

/** ISO 4217 currencies; only `fiat` and `metal` kinds are served. */
export const fiatCurrencies = pgTable(
  'fiat_currencies',
  {
    id: integer('id').primaryKey(),
    code: text('code').notNull(),
    numericCode: text('numeric_code').notNull(),
    names: jsonb('names').$type<LocalizedNames>().notNull(),
    precision: integer('precision').notNull(),
    symbol: text('symbol').notNull(),
    kind: text('kind', { enum: ['fiat', 'metal', 'fund', 'special'] }).notNull(),
    /** Position in the popular list, null when not popular. */
    popularOrder: integer('popular_order'),
  },
  (t) => [
    uniqueIndex('fiat_currencies_code_key').on(t.code),
    check('fiat_currencies_kind_check', sql`${t.kind} IN ('fiat', 'metal', 'fund', 'special')`),
    check('fiat_currencies_precision_check', sql`${t.precision} BETWEEN 0 AND 8`),
  ],
);

/** ISO 3166-1 countries plus the WORLDWIDE pseudo-country (id 9999). */
export const countries = pgTable(
  'countries',
  {
    id: integer('id').primaryKey(),
    iso: text('iso').notNull(),
    /** ISO 3166-1 alpha-3 (served as `code`). */
    iso3: text('iso3').notNull(),
    slug: text('slug').notNull(),
    names: jsonb('names').$type<LocalizedNames>().notNull(),
    phoneCode: text('phone_code').notNull(),
    currencyCode: text('currency_code'),
    isKycSupported: boolean('is_kyc_supported').notNull(),
    isImportant: boolean('is_important').notNull(),
    /** Position among the important countries, null when not important. */
    importantOrder: integer('important_order'),
    isPhoneVerificationSupported: boolean('is_phone_verification_supported').notNull(),
  },
  (t) => [uniqueIndex('countries_iso_key').on(t.iso), uniqueIndex('countries_slug_key').on(t.slug)],
);

/** Gift card regions (spec: Region id, name). */
export const giftCardRegions = pgTable(
  'gift_card_regions',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull(),
    names: jsonb('names').$type<LocalizedNames>().notNull(),
    countries: text('countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [uniqueIndex('gift_card_regions_slug_key').on(t.slug)],
);

/** Traded coins with their on-chain decimals and display precision. */
export const cryptoCurrencies = pgTable(
  'crypto_currencies',
  {
    id: integer('id').primaryKey(),
    code: text('code').notNull(),
    urlParam: text('url_param').notNull(),
    fullName: text('full_name').notNull(),
    shortName: text('short_name').notNull(),
    icon: text('icon').notNull(),
    /** Decimals of the on-chain base unit (amounts are NUMERIC(78,0) of it). */
    decimals: integer('decimals').notNull(),
    formattingDecimalsCount: integer('formatting_decimals_count').notNull(),
    isStablecoin: boolean('is_stablecoin').notNull(),
    isBlocked: boolean('is_blocked').notNull().default(false),
    excludedOfferFeatures: text('excluded_offer_features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [
    uniqueIndex('crypto_currencies_code_key').on(t.code),
    uniqueIndex('crypto_currencies_url_param_key').on(t.urlParam),
  ],
);

/** The spec's 28 offer tags; where each applies lives in `tag_groups` and `tag_payment_methods`. */
export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull(),
    names: jsonb('names').$type<LocalizedNames>().notNull(),
    descriptions: jsonb('descriptions').$type<LocalizedNames>().notNull(),
    appliesToAll: boolean('applies_to_all').notNull().default(false),
  },
  (t) => [uniqueIndex('tags_slug_key').on(t.slug)],
);

/** A tag fits every method of these groups. */
export const tagGroups = pgTable(
  'tag_groups',
  {
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => paymentMethodGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.groupId] })],
);

/** A tag fits these methods (on top of its groups). */
export const tagPaymentMethods = pgTable(
  'tag_payment_methods',
  {
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    paymentMethodId: integer('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.paymentMethodId] })],
);

/**
 * One row: the reference data's version. Every change (a seed, an admin command) bumps it, and each
 * server instance reloads its in-memory copy when it sees a new version, so all instances agree.
 */
export const catalogueState = pgTable(
  'catalogue_state',
  {
    id: integer('id').primaryKey().default(1),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('catalogue_state_single_row', sql`${t.id} = 1`)],
);

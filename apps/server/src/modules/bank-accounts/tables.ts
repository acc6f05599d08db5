import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema.js';

/** The recipient's address an international (SWIFT) transfer needs: spec "swift residency/state/city/zip/address". */
export type SwiftRecipient = {
  residency: string;
  state?: string;
  city: string;
  zip: string;
  address: string;
};

/**
 * Where a trader receives fiat by bank transfer. Numbers are stored normalised (digits only, codes
 * uppercased: `normaliseBankAccount` in the contract), so uniqueness and the directory lookups compare
 * like with like. A trade copies the account it reveals (trades.payment_accounts): editing or deleting an
 * account later never changes what a past trade showed.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isPersonal: boolean('is_personal').notNull(),
    /** ISO alpha-2 of the bank's country; the form used follows it (NG, US, FI, GB, IN, RU, MX, other). */
    countryCode: text('country_code').notNull(),
    fiatCurrencyCode: text('fiat_currency_code').notNull(),
    holderName: text('holder_name').notNull(),
    accountNumber: text('account_number').notNull(),
    iban: text('iban'),
    /** ABA routing number (US), sort code (GB), BIK (RU). */
    routingNumber: text('routing_number'),
    /** The directory bank's id (`ng-access`), when picked from it. */
    bankId: text('bank_id'),
    bankName: text('bank_name').notNull(),
    swiftCode: text('swift_code'),
    ifsc: text('ifsc'),
    clabe: text('clabe'),
    swiftRecipient: jsonb('swift_recipient').$type<SwiftRecipient>(),
    additionalInfo: text('additional_info').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bank_accounts_user_idx').on(t.userId, t.id),
    // spec error key account_number_non_unique: one account number per trader and country.
    uniqueIndex('bank_accounts_user_number_key').on(t.userId, t.countryCode, t.accountNumber),
    check('bank_accounts_country_check', sql`${t.countryCode} ~ '^[A-Z]{2}$'`),
  ],
);

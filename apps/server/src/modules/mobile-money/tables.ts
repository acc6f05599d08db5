import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { paymentMethods } from '../catalogue/tables.js';
import { users } from '../../platform/db/schema.js';

/**
 * A mobile money wallet (M-Pesa, MTN MoMo, ...): a phone number registered with one provider, the
 * catalogue's payment method of the mobile-money group. The number is stored in E.164.
 */
export const mobileMoneyWallets = pgTable(
  'mobile_money_wallets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentMethodId: integer('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id),
    countryCode: text('country_code').notNull(),
    phoneNumber: text('phone_number').notNull(),
    holderName: text('holder_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mobile_money_wallets_user_idx').on(t.userId, t.id),
    uniqueIndex('mobile_money_wallets_user_number_key').on(t.userId, t.paymentMethodId, t.phoneNumber),
    check('mobile_money_wallets_country_check', sql`${t.countryCode} ~ '^[A-Z]{2}$'`),
  ],
);

import { activeTradeStatuses } from '@app/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { bankAccounts } from './tables.js';

export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type BankAccountValues = Omit<
  typeof bankAccounts.$inferInsert,
  'id' | 'userId' | 'createdAt' | 'updatedAt'
>;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const runningStatuses = sql.raw(activeTradeStatuses.map((s) => `'${s}'`).join(', '));

/**
 * Offers attach accounts through `offer_payment_accounts` and trades copy them into
 * `trades.payment_accounts`; both belong to modules that depend on this one, so they are read here by
 * their SQL names (a module cycle otherwise).
 */
const offerCount = sql<number>`(SELECT count(*)::int FROM offer_payment_accounts opa WHERE opa.bank_account_id = ${bankAccounts.id})`;

export const bankAccountsRepository = {
  async list(db: DbOrTx, userId: number) {
    return db
      .select({ account: bankAccounts, offerCount })
      .from(bankAccounts)
      .where(eq(bankAccounts.userId, userId))
      .orderBy(asc(bankAccounts.id));
  },

  async find(db: DbOrTx, userId: number, id: number) {
    const [row] = await db
      .select({ account: bankAccounts, offerCount })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId)));
    return row;
  },

  async count(db: DbOrTx, userId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(bankAccounts)
      .where(eq(bankAccounts.userId, userId));
    return row?.n ?? 0;
  },

  /** The user's account with this number in this country, if any (spec: account_number_non_unique). */
  async idWithNumber(db: DbOrTx, userId: number, countryCode: string, accountNumber: string) {
    const [row] = await db
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(
        and(
          eq(bankAccounts.userId, userId),
          eq(bankAccounts.countryCode, countryCode),
          eq(bankAccounts.accountNumber, accountNumber),
        ),
      );
    return row?.id;
  },

  async insert(db: DbOrTx, userId: number, values: BankAccountValues): Promise<number> {
    const [row] = await db
      .insert(bankAccounts)
      .values({ ...values, userId })
      .returning({ id: bankAccounts.id });
    return row!.id;
  },

  async update(db: DbOrTx, userId: number, id: number, values: BankAccountValues): Promise<boolean> {
    const rows = await db
      .update(bankAccounts)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId)))
      .returning({ id: bankAccounts.id });
    return rows.length > 0;
  },

  /** Locks the user's account for a deletion; undefined when it is not theirs. */
  async lock(tx: Tx, userId: number, id: number) {
    const [row] = await tx
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId)))
      .for('update');
    return row;
  },

  async remove(tx: Tx, id: number) {
    await tx.delete(bankAccounts).where(eq(bankAccounts.id, id));
  },

  /** What keeps an account from being deleted: the active offers it is attached to, the running trades that copied it. */
  async usage(db: DbOrTx, id: number): Promise<{ offers: string[]; trades: string[] }> {
    const offers = rowsOf<{ hash: string }>(
      await db.execute(sql`
        SELECT o.hash FROM offer_payment_accounts opa JOIN offers o ON o.id = opa.offer_id
        WHERE opa.bank_account_id = ${id} AND o.is_active ORDER BY o.id`),
    );
    const trades = rowsOf<{ hash: string }>(
      await db.execute(sql`
        SELECT t.hash FROM trades t
        WHERE t.status IN (${runningStatuses})
          AND t.payment_accounts @> ${JSON.stringify([{ kind: 'bank', accountId: id }])}::jsonb
        ORDER BY t.id`),
    );
    return { offers: offers.map((r) => r.hash), trades: trades.map((r) => r.hash) };
  },

  /** The user's accounts among `ids` (an offer's attachments must be the owner's). */
  async ownedBy(db: DbOrTx, userId: number, ids: readonly number[]): Promise<BankAccountRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.userId, userId), inArray(bankAccounts.id, [...ids])));
  },
};

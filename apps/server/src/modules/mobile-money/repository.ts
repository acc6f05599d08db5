import { and, asc, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import { paymentMethods, type LocalizedNames } from '../catalogue/tables.js';
import { mobileMoneyWallets } from './tables.js';

export type MobileMoneyWalletRow = typeof mobileMoneyWallets.$inferSelect;
/** A wallet with its provider's slug and names and the number of offers (any state) it is attached to. */
export type MobileMoneyWalletWithUsage = MobileMoneyWalletRow & {
  paymentMethodSlug: string;
  paymentMethodNames: LocalizedNames;
  offerCount: number;
};
export type MobileMoneyWalletValues = Pick<
  MobileMoneyWalletRow,
  'paymentMethodId' | 'countryCode' | 'phoneNumber' | 'holderName'
>;

/** What an offer needs of a wallet it lists: the fields a trade copies (`TradePaymentAccount`). */
export type OwnedMobileMoneyWallet = {
  id: number;
  paymentMethodId: number;
  /** The catalogue's English (original) name. */
  paymentMethodName: string;
  countryCode: string;
  phoneNumber: string;
  holderName: string;
};

/**
 * Links to offers are read by the table's SQL name: the offers module imports this module's table, so
 * importing offers back would close a module cycle (docs/decisions/0020-module-boundaries.md).
 */
const offerCountSql = sql<number>`(SELECT count(*)::int FROM offer_payment_accounts opa
  WHERE opa.mobile_money_wallet_id = ${mobileMoneyWallets.id})`;

/** The wallet, its provider's slug and names (kept even when an operator hides it), and its offer count. */
const withUsage = {
  ...getTableColumns(mobileMoneyWallets),
  paymentMethodSlug: paymentMethods.slug,
  paymentMethodNames: paymentMethods.names,
  offerCount: offerCountSql,
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** SQL for mobile money wallets. Every query is scoped to the owner: another user's wallet is "not there". */
export const mobileMoneyRepository = {
  /** The user's wallets, oldest first, with their offer counts. */
  async listOf(db: DbOrTx, userId: number): Promise<MobileMoneyWalletWithUsage[]> {
    return db
      .select(withUsage)
      .from(mobileMoneyWallets)
      .innerJoin(paymentMethods, eq(paymentMethods.id, mobileMoneyWallets.paymentMethodId))
      .where(eq(mobileMoneyWallets.userId, userId))
      .orderBy(asc(mobileMoneyWallets.id));
  },

  async findOwned(db: DbOrTx, userId: number, id: number): Promise<MobileMoneyWalletWithUsage | undefined> {
    const [row] = await db
      .select(withUsage)
      .from(mobileMoneyWallets)
      .innerJoin(paymentMethods, eq(paymentMethods.id, mobileMoneyWallets.paymentMethodId))
      .where(and(eq(mobileMoneyWallets.id, id), eq(mobileMoneyWallets.userId, userId)));
    return row;
  },

  /** Locks the user's wallet for a change or a deletion (undefined: not theirs, or gone). */
  async lockOwned(tx: Tx, userId: number, id: number): Promise<MobileMoneyWalletWithUsage | undefined> {
    const [row] = await tx
      .select(withUsage)
      .from(mobileMoneyWallets)
      .innerJoin(paymentMethods, eq(paymentMethods.id, mobileMoneyWallets.paymentMethodId))
      .where(and(eq(mobileMoneyWallets.id, id), eq(mobileMoneyWallets.userId, userId)))
      .for('update', { of: mobileMoneyWallets });
    return row;
  },

  /**
   * Serialises the wallet additions of one user (the per-user limit is counted under it). `NO KEY UPDATE`
   * conflicts with itself but not with the key-share locks that inserts referencing the user take.
   */
  async lockOwner(tx: Tx, userId: number): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  },

  async countOf(db: DbOrTx, userId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(mobileMoneyWallets)
      .where(eq(mobileMoneyWallets.userId, userId));
    return Number(row?.n ?? 0);
  },

  async insert(tx: Tx, userId: number, values: MobileMoneyWalletValues): Promise<MobileMoneyWalletRow> {
    const [row] = await tx
      .insert(mobileMoneyWallets)
      .values({ userId, ...values })
      .returning();
    return row!;
  },

  async update(tx: Tx, id: number, values: MobileMoneyWalletValues): Promise<void> {
    await tx
      .update(mobileMoneyWallets)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(mobileMoneyWallets.id, id));
  },

  /** The hashes of the switched-on offers the wallet is attached to, oldest first. */
  async activeOfferHashesOf(db: DbOrTx, walletId: number): Promise<string[]> {
    const rows = rowsOf<{ hash: string }>(
      await db.execute(sql`SELECT o.hash FROM offer_payment_accounts opa
        JOIN offers o ON o.id = opa.offer_id
        WHERE opa.mobile_money_wallet_id = ${walletId} AND o.is_active
        ORDER BY o.id`),
    );
    return rows.map((r) => r.hash);
  },

  /** Deletes the wallet; the foreign key's cascade detaches it from the (switched-off) offers. */
  async remove(tx: Tx, id: number): Promise<void> {
    await tx.delete(mobileMoneyWallets).where(eq(mobileMoneyWallets.id, id));
  },

  /**
   * The wallets among `ids` that belong to `userId` (the offers module checks the accounts an offer lists
   * with it). With `lock`, inside the caller's transaction, the rows are locked `FOR SHARE`: a deletion,
   * which locks the wallet `FOR UPDATE` before it checks for active offers, then waits for that
   * transaction, and a wallet deleted first is simply not returned.
   */
  async ownedBy(
    db: DbOrTx,
    userId: number,
    ids: readonly number[],
    options: { lock?: boolean } = {},
  ): Promise<OwnedMobileMoneyWallet[]> {
    if (ids.length === 0) return [];
    const query = db
      .select({
        id: mobileMoneyWallets.id,
        paymentMethodId: mobileMoneyWallets.paymentMethodId,
        paymentMethodName: paymentMethods.originalName,
        countryCode: mobileMoneyWallets.countryCode,
        phoneNumber: mobileMoneyWallets.phoneNumber,
        holderName: mobileMoneyWallets.holderName,
      })
      .from(mobileMoneyWallets)
      .innerJoin(paymentMethods, eq(paymentMethods.id, mobileMoneyWallets.paymentMethodId))
      .where(and(eq(mobileMoneyWallets.userId, userId), inArray(mobileMoneyWallets.id, [...ids])))
      .orderBy(asc(mobileMoneyWallets.id));
    return options.lock ? query.for('share', { of: mobileMoneyWallets }) : query;
  },
};

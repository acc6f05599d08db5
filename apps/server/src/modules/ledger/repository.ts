import { and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { pgTextArray } from '../../platform/db/arrays.js';
import { preparedShapes, preparedStatement } from '../../platform/db/prepared.js';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, type AccountKind } from './tables.js';

export type AccountIdentity = {
  userId: number | null;
  cryptoCode: string;
  kind: AccountKind;
  reference: string;
};
export type LockedAccount = AccountIdentity & { id: number; balance: bigint };

const identityTuple = (a: AccountIdentity): SQL =>
  sql`(${a.userId ?? 0}::int, ${a.cryptoCode}::text, ${a.kind}::text, ${a.reference}::text)`;

// The statements of every movement, built once (platform/db/prepared.ts, decision 0032).
const insertTransactionStatement = preparedShapes('ledger_insert_transaction', (db, columns, name) =>
  db
    .insert(ledgerTransactions)
    .values(columns as unknown as typeof ledgerTransactions.$inferInsert)
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id })
    .prepare(name),
);

// The identities travel as four arrays (unnest), not as a list of row constructors: four parameters
// whatever the count, and PGlite aborts on a few hundred row constructors in IN (...).
const lockAccountsStatement = preparedStatement((db) =>
  db
    .select()
    .from(ledgerAccounts)
    .where(
      sql`(coalesce(${ledgerAccounts.userId}, 0), ${ledgerAccounts.cryptoCode}, ${ledgerAccounts.kind}, ${ledgerAccounts.reference}) IN (
        SELECT * FROM unnest(${sql.placeholder('userIds')}::int[], ${sql.placeholder('cryptoCodes')}::text[],
          ${sql.placeholder('kinds')}::text[], ${sql.placeholder('references')}::text[]))`,
    )
    .orderBy(asc(ledgerAccounts.id))
    .for('update')
    .prepare('ledger_lock_accounts'),
);

export const ledgerRepository = {
  /** Claims the idempotency key; undefined when a transaction with that key already exists. */
  async insertTransaction(
    tx: DbOrTx,
    row: typeof ledgerTransactions.$inferInsert,
  ): Promise<number | undefined> {
    const { query, params } = insertTransactionStatement(tx, row);
    const [inserted] = await query.execute(params);
    return inserted?.id;
  },

  async findTransactionByKey(tx: DbOrTx, idempotencyKey: string) {
    const [row] = await tx
      .select({ id: ledgerTransactions.id, requestHash: ledgerTransactions.requestHash })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, idempotencyKey));
    return row;
  },

  /** Creates missing accounts (an account exists from its first movement on). */
  async ensureAccounts(tx: DbOrTx, identities: AccountIdentity[]): Promise<void> {
    await tx
      .insert(ledgerAccounts)
      .values(identities.map((a) => ({ ...a, balance: '0' })))
      .onConflictDoNothing();
  },

  /**
   * Locks the accounts a movement touches, always in id order, so two movements over the same accounts
   * queue instead of deadlocking (the Blnk #238/#244 lesson: lock source and destination alike).
   */
  async lockAccounts(tx: DbOrTx, identities: AccountIdentity[]): Promise<LockedAccount[]> {
    const rows = await lockAccountsStatement(tx).execute({
      userIds: `{${identities.map((a) => a.userId ?? 0).join(',')}}`,
      cryptoCodes: pgTextArray(identities.map((a) => a.cryptoCode)),
      kinds: pgTextArray(identities.map((a) => a.kind)),
      references: pgTextArray(identities.map((a) => a.reference)),
    });
    return rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      cryptoCode: row.cryptoCode,
      kind: row.kind,
      reference: row.reference,
      balance: BigInt(row.balance),
    }));
  },

  /**
   * Creates the accounts that do not exist yet and locks them all, in one statement: an upsert locks
   * the row it meets (ON CONFLICT DO UPDATE waits for it like FOR UPDATE and returns its latest version).
   * Only for a movement that opens an account (an escrow): the new rows nobody else can hold, and the
   * one existing row is the only lock it can wait on, so the order of the rows cannot deadlock.
   */
  async openAndLockAccounts(tx: DbOrTx, identities: AccountIdentity[]): Promise<LockedAccount[]> {
    const { rows } = (await tx.execute(sql`
      INSERT INTO ledger_accounts (user_id, crypto_code, kind, reference, balance)
      SELECT nullif(v.user_id, 0), v.crypto_code, v.kind, v.reference, 0
      FROM unnest(${`{${identities.map((a) => a.userId ?? 0).join(',')}}`}::int[],
        ${pgTextArray(identities.map((a) => a.cryptoCode))}::text[],
        ${pgTextArray(identities.map((a) => a.kind))}::text[],
        ${pgTextArray(identities.map((a) => a.reference))}::text[]) AS v(user_id, crypto_code, kind, reference)
      ON CONFLICT ((coalesce(user_id, 0)), crypto_code, kind, reference)
        DO UPDATE SET balance = ledger_accounts.balance
      RETURNING id::text AS id, user_id, crypto_code, kind, reference, balance::text AS balance`)) as unknown as {
      rows: {
        id: string;
        user_id: number | null;
        crypto_code: string;
        kind: AccountKind;
        reference: string;
        balance: string;
      }[];
    };
    return rows.map((row) => ({
      id: Number(row.id),
      userId: row.user_id === null ? null : Number(row.user_id),
      cryptoCode: row.crypto_code,
      kind: row.kind,
      reference: row.reference,
      balance: BigInt(row.balance),
    }));
  },

  /**
   * Writes a movement in one statement: every balance change and every entry (a data-modifying CTE runs
   * whether or not the outer statement reads it). The balances' CHECK and the deferred "entries balance"
   * trigger judge it exactly as they judged two statements.
   */
  async applyMovement(
    tx: DbOrTx,
    movement: {
      transactionId: number;
      cryptoCode: string;
      deltas: { accountId: number; delta: bigint }[];
      entries: { accountId: number; amount: bigint }[];
    },
  ): Promise<void> {
    const changes = movement.deltas.filter((d) => d.delta !== 0n);
    const balances =
      changes.length === 0
        ? sql``
        : sql`WITH balances AS (
            UPDATE ledger_accounts AS a SET balance = a.balance + v.delta
            FROM (VALUES ${sql.join(
              changes.map((d) => sql`(${d.accountId}::bigint, ${d.delta.toString()}::numeric)`),
              sql`, `,
            )}) AS v(id, delta) WHERE a.id = v.id) `;
    const entries = sql.join(
      movement.entries.map(
        (e) =>
          sql`(${movement.transactionId}::bigint, ${e.accountId}::bigint, ${movement.cryptoCode}::text, ${e.amount.toString()}::numeric)`,
      ),
      sql`, `,
    );
    await tx.execute(
      sql`${balances}INSERT INTO ledger_entries (transaction_id, account_id, crypto_code, amount) VALUES ${entries}`,
    );
  },

  async accountsOfUser(db: DbOrTx, userId: number, kinds?: AccountKind[]) {
    return db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, userId), kinds ? inArray(ledgerAccounts.kind, kinds) : undefined));
  },

  async findAccount(db: DbOrTx, identity: AccountIdentity) {
    const [row] = await db
      .select()
      .from(ledgerAccounts)
      .where(
        sql`(coalesce(${ledgerAccounts.userId}, 0), ${ledgerAccounts.cryptoCode}, ${ledgerAccounts.kind}, ${ledgerAccounts.reference}) = ${identityTuple(identity)}`,
      );
    return row;
  },

  /** The id of the last entry on an account (0 when none): a version number for its balance. */
  async lastEntryId(db: DbOrTx, accountId: number): Promise<number> {
    const [row] = await db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, accountId))
      .orderBy(desc(ledgerEntries.id))
      .limit(1);
    return row?.id ?? 0;
  },

  /** A user's entries, newest first, keyset-paginated by entry id. */
  async entriesOfUser(
    db: DbOrTx,
    userId: number,
    options: { cryptoCode?: string; kinds?: string[]; beforeId?: number; limit: number },
  ) {
    return db
      .select({
        entryId: ledgerEntries.id,
        amount: ledgerEntries.amount,
        cryptoCode: ledgerEntries.cryptoCode,
        accountKind: ledgerAccounts.kind,
        transactionId: ledgerTransactions.id,
        transactionKind: ledgerTransactions.kind,
        referenceType: ledgerTransactions.referenceType,
        referenceId: ledgerTransactions.referenceId,
        createdAt: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(
        and(
          eq(ledgerAccounts.userId, userId),
          options.cryptoCode ? eq(ledgerEntries.cryptoCode, options.cryptoCode) : undefined,
          options.kinds?.length ? inArray(ledgerTransactions.kind, options.kinds) : undefined,
          options.beforeId ? lt(ledgerEntries.id, options.beforeId) : undefined,
        ),
      )
      .orderBy(desc(ledgerEntries.id))
      .limit(options.limit);
  },
};

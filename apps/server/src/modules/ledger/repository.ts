import { and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { pgTextArray } from '../../platform/db/arrays.js';
import { preparedSql, preparedStatement } from '../../platform/db/prepared.js';
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

/** What a movement's first statement answers: its transaction's id (none: the key was used) and accounts. */
type ClaimedRow = { transaction_id: string | null; accounts: LockedAccountJson[] };
type LockedAccountJson = {
  id: string;
  user_id: number | null;
  crypto_code: string;
  kind: AccountKind;
  reference: string;
  balance: string;
};

const claimColumns = sql`INSERT INTO ledger_transactions
    (kind, crypto_code, reference_type, reference_id, idempotency_key, request_hash)
  VALUES (${sql.placeholder('kind')}, ${sql.placeholder('cryptoCode')}, ${sql.placeholder('referenceType')},
    ${sql.placeholder('referenceId')}, ${sql.placeholder('idempotencyKey')}, ${sql.placeholder('requestHash')})
  ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`;
const identityArrays = sql`unnest(${sql.placeholder('userIds')}::int[], ${sql.placeholder('cryptoCodes')}::text[],
  ${sql.placeholder('kinds')}::text[], ${sql.placeholder('references')}::text[])`;
const accountJson = (row: SQL) =>
  sql`coalesce(json_agg(json_build_object('id', ${row}.id::text, 'user_id', ${row}.user_id,
    'crypto_code', ${row}.crypto_code, 'kind', ${row}.kind, 'reference', ${row}.reference,
    'balance', ${row}.balance::text) ORDER BY ${row}.id), '[]'::json)`;

/**
 * A movement's first statement: it claims the idempotency key and, only when the key was free, locks the
 * accounts the movement touches in id order (the lock reads `claimed`, so it cannot come first: two
 * movements racing for one key never hold accounts while waiting for the key). One round trip where
 * there were two.
 */
const claimAndLockStatement = preparedSql<ClaimedRow>(
  'ledger_claim_and_lock',
  sql`WITH claimed AS (${claimColumns})
    SELECT (SELECT id FROM claimed)::text AS transaction_id,
      (SELECT ${accountJson(sql.raw('a'))} FROM (
        SELECT * FROM ledger_accounts
        WHERE EXISTS (SELECT 1 FROM claimed)
          AND (coalesce(user_id, 0), crypto_code, kind, reference) IN (SELECT * FROM ${identityArrays})
        ORDER BY id FOR UPDATE) AS a) AS accounts`,
);

/**
 * The same for a movement that opens an account (a trade's escrow): the missing accounts are created and
 * all are locked by one upsert (ON CONFLICT DO UPDATE waits for a row like FOR UPDATE and returns its
 * latest version). The new rows nobody else can hold, so the one existing row is the only lock it can
 * wait on and the order of the rows cannot deadlock.
 */
const claimAndOpenStatement = preparedSql<ClaimedRow>(
  'ledger_claim_and_open',
  sql`WITH claimed AS (${claimColumns}),
    opened AS (
      INSERT INTO ledger_accounts (user_id, crypto_code, kind, reference, balance)
      SELECT nullif(v.user_id, 0), v.crypto_code, v.kind, v.reference, 0
      FROM ${identityArrays} AS v(user_id, crypto_code, kind, reference)
      WHERE EXISTS (SELECT 1 FROM claimed)
      ON CONFLICT ((coalesce(user_id, 0)), crypto_code, kind, reference)
        DO UPDATE SET balance = ledger_accounts.balance
      RETURNING *)
    SELECT (SELECT id FROM claimed)::text AS transaction_id,
      (SELECT ${accountJson(sql.raw('opened'))} FROM opened) AS accounts`,
);

const identityParams = (identities: AccountIdentity[]) => ({
  userIds: `{${identities.map((a) => a.userId ?? 0).join(',')}}`,
  cryptoCodes: pgTextArray(identities.map((a) => a.cryptoCode)),
  kinds: pgTextArray(identities.map((a) => a.kind)),
  references: pgTextArray(identities.map((a) => a.reference)),
});

const lockedOf = (row: LockedAccountJson): LockedAccount => ({
  id: Number(row.id),
  userId: row.user_id === null ? null : Number(row.user_id),
  cryptoCode: row.crypto_code,
  kind: row.kind,
  reference: row.reference,
  balance: BigInt(row.balance),
});

export const ledgerRepository = {
  /**
   * Claims the idempotency key (undefined when a transaction with that key already exists) and locks
   * the movement's accounts when it got it; `open`: creates the missing ones too (see the statements).
   */
  async claimAndLock(
    tx: DbOrTx,
    row: Omit<typeof ledgerTransactions.$inferInsert, 'id' | 'createdAt'>,
    identities: AccountIdentity[],
    options: { open?: boolean } = {},
  ): Promise<{ transactionId: number | undefined; accounts: LockedAccount[] }> {
    const statement = options.open ? claimAndOpenStatement : claimAndLockStatement;
    const { rows } = await statement(tx).execute({ ...row, ...identityParams(identities) });
    const claimed = rows[0];
    if (!claimed) throw new Error('ledger: the claim answered no row');
    return {
      transactionId: claimed.transaction_id === null ? undefined : Number(claimed.transaction_id),
      accounts: claimed.accounts.map(lockedOf),
    };
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
    const rows = await lockAccountsStatement(tx).execute(identityParams(identities));
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

import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';

export type LedgerCheckReport = {
  ok: boolean;
  unbalancedTransactions: { transactionId: number; cryptoCode: string; sum: string }[];
  balanceMismatches: { accountId: number; cached: string; fromEntries: string }[];
  negativeBalances: { accountId: number; kind: string; balance: string }[];
  nonZeroTotals: { cryptoCode: string; total: string }[];
  emptyTransactions: { transactionId: number }[];
  /** `held` accounts whose balance is not what their hold says (decision 0048). */
  holdMismatches: {
    reference: string;
    cryptoCode: string;
    state: string | null;
    amount: string;
    balance: string;
  }[];
  counts: { accounts: number; transactions: number; entries: number; openHolds: number };
  /** What each kind of account holds, per coin (base units): where the custody is. */
  totalsByKind: { cryptoCode: string; kind: string; total: string }[];
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Reconciliation (`npm run admin -- ledger:check`): every transaction sums to zero per coin (I1), all
 * balances of a coin sum to zero (I2, conservation), every cached balance equals the sum of its entries
 * (I3), no balance that may not go negative is negative (I4), no transaction is without entries, and
 * every `held` account holds exactly its hold's amount while the hold is open and nothing once it is
 * released or reversed (or without a hold row at all; decision 0048).
 */
export async function checkLedger(db: DbOrTx): Promise<LedgerCheckReport> {
  const unbalanced = rowsOf<{ transaction_id: string; crypto_code: string; sum: string }>(
    await db.execute(sql`
      SELECT transaction_id, crypto_code, sum(amount)::text AS sum FROM ledger_entries
      GROUP BY transaction_id, crypto_code HAVING sum(amount) <> 0 ORDER BY transaction_id LIMIT 100`),
  );
  const mismatches = rowsOf<{ id: string; balance: string; from_entries: string }>(
    await db.execute(sql`
      SELECT a.id, a.balance::text AS balance, coalesce(e.total, 0)::text AS from_entries
      FROM ledger_accounts a
      LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) e ON e.account_id = a.id
      WHERE a.balance <> coalesce(e.total, 0) ORDER BY a.id LIMIT 100`),
  );
  const negative = rowsOf<{ id: string; kind: string; balance: string }>(
    await db.execute(sql`
      SELECT id, kind, balance::text AS balance FROM ledger_accounts
      WHERE CASE kind WHEN 'world' THEN false WHEN 'deficit' THEN balance > 0
        WHEN 'network_costs' THEN balance > 0 ELSE balance < 0 END ORDER BY id LIMIT 100`),
  );
  const totals = rowsOf<{ crypto_code: string; total: string }>(
    await db.execute(sql`
      SELECT crypto_code, sum(balance)::text AS total FROM ledger_accounts
      GROUP BY crypto_code HAVING sum(balance) <> 0 ORDER BY crypto_code`),
  );
  const empty = rowsOf<{ id: string }>(
    await db.execute(sql`
      SELECT t.id FROM ledger_transactions t
      WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transaction_id = t.id) ORDER BY t.id LIMIT 100`),
  );
  const holds = rowsOf<{
    reference: string;
    crypto_code: string;
    state: string | null;
    amount: string;
    balance: string;
  }>(
    await db.execute(sql`
      SELECT coalesce(h.reference, a.reference) AS reference, coalesce(h.crypto_code, a.crypto_code) AS crypto_code,
        h.state, coalesce(h.amount, 0)::text AS amount, coalesce(a.balance, 0)::text AS balance
      FROM (SELECT * FROM ledger_accounts WHERE kind = 'held') a
      FULL JOIN ledger_holds h
        ON h.user_id = a.user_id AND h.crypto_code = a.crypto_code AND h.reference = a.reference
      WHERE coalesce(a.balance, 0) <> CASE WHEN h.state IN ('held', 'contested') THEN h.amount ELSE 0 END
      ORDER BY 1 LIMIT 100`),
  );
  const byKind = rowsOf<{ crypto_code: string; kind: string; total: string }>(
    await db.execute(sql`
      SELECT crypto_code, kind, sum(balance)::text AS total FROM ledger_accounts
      GROUP BY crypto_code, kind ORDER BY crypto_code, kind`),
  );
  const [counts] = rowsOf<{ accounts: string; transactions: string; entries: string; open_holds: string }>(
    await db.execute(sql`
      SELECT (SELECT count(*) FROM ledger_accounts)::text AS accounts,
             (SELECT count(*) FROM ledger_transactions)::text AS transactions,
             (SELECT count(*) FROM ledger_entries)::text AS entries,
             (SELECT count(*) FROM ledger_holds WHERE state IN ('held', 'contested'))::text AS open_holds`),
  );
  const report: LedgerCheckReport = {
    ok: false,
    unbalancedTransactions: unbalanced.map((r) => ({
      transactionId: Number(r.transaction_id),
      cryptoCode: r.crypto_code,
      sum: r.sum,
    })),
    balanceMismatches: mismatches.map((r) => ({
      accountId: Number(r.id),
      cached: r.balance,
      fromEntries: r.from_entries,
    })),
    negativeBalances: negative.map((r) => ({ accountId: Number(r.id), kind: r.kind, balance: r.balance })),
    nonZeroTotals: totals.map((r) => ({ cryptoCode: r.crypto_code, total: r.total })),
    emptyTransactions: empty.map((r) => ({ transactionId: Number(r.id) })),
    holdMismatches: holds.map((r) => ({
      reference: r.reference,
      cryptoCode: r.crypto_code,
      state: r.state,
      amount: r.amount,
      balance: r.balance,
    })),
    counts: {
      accounts: Number(counts?.accounts ?? 0),
      transactions: Number(counts?.transactions ?? 0),
      entries: Number(counts?.entries ?? 0),
      openHolds: Number(counts?.open_holds ?? 0),
    },
    totalsByKind: byKind.map((r) => ({ cryptoCode: r.crypto_code, kind: r.kind, total: r.total })),
  };
  report.ok =
    report.unbalancedTransactions.length === 0 &&
    report.balanceMismatches.length === 0 &&
    report.negativeBalances.length === 0 &&
    report.nonZeroTotals.length === 0 &&
    report.emptyTransactions.length === 0 &&
    report.holdMismatches.length === 0;
  return report;
}

export function formatLedgerCheck(report: LedgerCheckReport): string {
  const { accounts, transactions, entries, openHolds } = report.counts;
  const lines = [
    `ledger:check ${report.ok ? 'OK' : 'FAILED'}: ${accounts} accounts, ${transactions} transactions, ${entries} entries, ${openHolds} open holds`,
  ];
  // Where the coins are, per kind of account (the platform's custody is minus "world").
  const coins = [...new Set(report.totalsByKind.map((t) => t.cryptoCode))];
  for (const code of coins) {
    const parts = report.totalsByKind.filter((t) => t.cryptoCode === code).map((t) => `${t.kind} ${t.total}`);
    lines.push(`  ${code} (base units): ${parts.join(', ')}`);
  }
  for (const t of report.unbalancedTransactions) {
    lines.push(`  unbalanced transaction ${t.transactionId} (${t.cryptoCode}): sums to ${t.sum}`);
  }
  for (const m of report.balanceMismatches) {
    lines.push(`  account ${m.accountId}: cached ${m.cached}, entries sum to ${m.fromEntries}`);
  }
  for (const n of report.negativeBalances) {
    lines.push(`  account ${n.accountId} (${n.kind}) has a balance on the wrong side of zero: ${n.balance}`);
  }
  for (const z of report.nonZeroTotals) {
    lines.push(`  ${z.cryptoCode}: all balances sum to ${z.total}, not 0`);
  }
  for (const e of report.emptyTransactions) lines.push(`  transaction ${e.transactionId} has no entries`);
  for (const h of report.holdMismatches) {
    lines.push(
      `  held ${h.cryptoCode} of ${h.reference}: balance ${h.balance}, hold ${h.state ?? 'missing'} of ${h.amount}`,
    );
  }
  return lines.join('\n');
}

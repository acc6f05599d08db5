import { randomInt } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../src/platform/db/client.js';
import { checkLedger, createLedger } from '../../src/modules/ledger/index.js';
import { usersRepository } from '../../src/modules/users/repository.js';

export type LedgerBenchOptions = { durationSeconds: number; concurrency: number; accounts: number };
export type LedgerBenchResult = {
  ours: { transfers: number; perSecond: number; failed: number };
  bareSql: { transfers: number; perSecond: number; failed: number };
  ratio: number;
  checkOk: boolean;
  check: string;
};

/** Runs `work` from `concurrency` loops until `seconds` pass; counts successes and failures. */
async function loadFor(seconds: number, concurrency: number, work: (i: number) => Promise<void>) {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  let n = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        try {
          await work(n++);
          done += 1;
        } catch {
          failed += 1;
        }
      }
    }),
  );
  return { transfers: done, perSecond: done / seconds, failed };
}

const pick = (ids: number[]) => {
  const a = randomInt(ids.length);
  let b = randomInt(ids.length - 1);
  if (b >= a) b += 1;
  return [ids[a]!, ids[b]!] as const;
};

/**
 * The ledger case: transfers per second between random accounts through `ledger.transfer` (idempotency
 * key, ordered row locks, balance check, cached balances, entries, the deferred balance trigger) against
 * the same balanced transaction written as bare SQL, in one run, then `ledger:check`.
 */
export async function runLedgerBench(
  database: Database,
  url: string | undefined,
  options: LedgerBenchOptions,
): Promise<LedgerBenchResult> {
  const ledger = createLedger(database.db);
  const ids: number[] = [];
  for (let i = 0; i < options.accounts; i += 1) {
    const user = await usersRepository.insert(database.db, {
      username: `bench_${Date.now().toString(36)}_${i}`,
      email: `bench_${Date.now().toString(36)}_${i}@example.com`,
      passwordHash: 'x',
    });
    ids.push(user.id);
    await ledger.transfer({
      idempotencyKey: `bench-fund-${user.id}`,
      kind: 'deposit',
      cryptoCode: 'BTC',
      reference: { type: 'deposit', id: String(user.id) },
      legs: [
        { account: { userId: null, kind: 'world' }, amount: -1_000_000_000n },
        { account: { userId: user.id, kind: 'available' }, amount: 1_000_000_000n },
      ],
    });
  }
  const run = Date.now().toString(36);

  const ours = await loadFor(options.durationSeconds, options.concurrency, async (i) => {
    const [from, to] = pick(ids);
    await ledger.transfer({
      idempotencyKey: `bench-${run}-${i}`,
      kind: 'internal_transfer',
      cryptoCode: 'BTC',
      reference: { type: 'transfer', id: String(i) },
      legs: [
        { account: { userId: from, kind: 'available' }, amount: -1n },
        { account: { userId: to, kind: 'available' }, amount: 1n },
      ],
    });
  });

  // The same work as bare SQL: claim the key, lock both accounts in id order, check, update, insert.
  const statements = async (
    query: (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>,
    i: number,
  ) => {
    const [from, to] = pick(ids);
    const [tx] = (
      await query(
        `INSERT INTO ledger_transactions (kind, crypto_code, reference_type, reference_id, idempotency_key, request_hash)
         VALUES ('internal_transfer', 'BTC', 'transfer', $1, $2, 'bare') ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
        [String(i), `bare-${run}-${i}`],
      )
    ).rows;
    const accounts = (
      await query(
        `SELECT id, user_id, balance FROM ledger_accounts WHERE kind = 'available' AND crypto_code = 'BTC' AND user_id = ANY($1) ORDER BY id FOR UPDATE`,
        [[from, to]],
      )
    ).rows;
    const source = accounts.find((a) => a.user_id === from)!;
    const target = accounts.find((a) => a.user_id === to)!;
    if (BigInt(String(source.balance)) < 1n) throw new Error('insufficient');
    await query(`UPDATE ledger_accounts SET balance = balance - 1 WHERE id = $1`, [source.id]);
    await query(`UPDATE ledger_accounts SET balance = balance + 1 WHERE id = $1`, [target.id]);
    await query(
      `INSERT INTO ledger_entries (transaction_id, account_id, crypto_code, amount) VALUES ($1, $2, 'BTC', -1), ($1, $3, 'BTC', 1)`,
      [tx!.id, source.id, target.id],
    );
  };
  let bareSql;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: options.concurrency });
    bareSql = await loadFor(options.durationSeconds, options.concurrency, async (i) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await statements((text, params) => client.query(text, params), i);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    });
    await pool.end();
  } else {
    const pglite = database.pglite!;
    bareSql = await loadFor(options.durationSeconds, options.concurrency, (i) =>
      pglite.transaction(async (tx) => {
        await statements(
          async (text, params) => (await tx.query(text, params)) as { rows: Record<string, unknown>[] },
          i,
        );
      }),
    );
  }

  const report = await checkLedger(database.db);
  return {
    ours,
    bareSql,
    ratio: ours.perSecond / bareSql.perSecond,
    checkOk: report.ok,
    check: `${report.counts.transactions} transactions, ${report.counts.entries} entries`,
  };
}

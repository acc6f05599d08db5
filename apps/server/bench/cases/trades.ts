import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Database } from '../../src/platform/db/client.js';
import { checkLedger, createLedger } from '../../src/modules/ledger/index.js';
import { offersRepository } from '../../src/modules/offers/index.js';
import { usersRepository } from '../../src/modules/users/repository.js';

export type TradesBenchOptions = {
  durationSeconds: number;
  concurrency: number;
  /** The service and the bare SQL take turns this many times (each side runs the whole duration). */
  slices: number;
};
type Run = { trades: number; perSecond: number; failed: number; firstError: string | null };
export type TradesBenchResult = {
  ours: Run;
  bareSql: Run;
  ratio: number;
  checkOk: boolean;
  check: string;
  /** Statements sent per action of one complete trade (PostgreSQL only: counted at the driver). */
  statements: { start: number; paid: number; release: number; texts: string[] } | null;
};

/**
 * Runs one complete trade with `pg.Client.prototype.query` wrapped, so the statements each action sends
 * (BEGIN and COMMIT included) are counted; BENCH_TRACE=1 prints their text.
 */
async function countStatements(
  app: FastifyInstance,
  w: { sellerId: number; buyerId: number; offerHash: string },
  ctx: { ip: string; locale: 'en' },
) {
  const texts: string[] = [];
  const original = pg.Client.prototype.query;
  const counting = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; name?: string };
    texts.push(typeof first === 'string' ? first : (first.text ?? first.name ?? '?'));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  pg.Client.prototype.query = counting as typeof original;
  const counted = async (work: () => Promise<unknown>) => {
    const before = texts.length;
    await work();
    // Events go out on the next turn (the bus batches a turn's NOTIFYs): let them be counted here.
    await new Promise((resolve) => setTimeout(resolve, 20));
    return texts.length - before;
  };
  const seller = { id: w.sellerId, role: 'user' as const };
  const buyer = { id: w.buyerId, role: 'user' as const };
  // One trade first, uncounted: the caches (rates, catalogue, offer hashes) are warm in a live server.
  const warm = await app.trades.start(buyer, { offer_hash: w.offerHash, fiat_amount: '10' }, ctx);
  await app.trades.markPaid(buyer, warm.id, ctx);
  await app.trades.release(seller, warm.id, ctx);
  try {
    let hash = '';
    const start = await counted(async () => {
      hash = (await app.trades.start(buyer, { offer_hash: w.offerHash, fiat_amount: '10' }, ctx)).id;
    });
    const paid = await counted(() => app.trades.markPaid(buyer, hash, ctx));
    const release = await counted(() => app.trades.release(seller, hash, ctx));
    return { start, paid, release, texts };
  } finally {
    pg.Client.prototype.query = original;
  }
}

/** Runs `work` from `concurrency` loops (loop index passed) until `seconds` pass. */
async function loadFor(
  seconds: number,
  concurrency: number,
  work: (worker: number) => Promise<void>,
): Promise<Run> {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  let firstError: string | null = null;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (Date.now() < until) {
        try {
          await work(worker);
          done += 1;
        } catch (error) {
          failed += 1;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  return { trades: done, perSecond: done / seconds, failed, firstError };
}

type Query = (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * The trades case: complete trades per second (start with the escrow lock, mark paid, release with the
 * fee) through the trades service, i.e. what the three HTTP calls do minus HTTP, including the trade
 * view each call answers; then the same three transactions as bare SQL (the writes and the locks, no
 * rules and no view); then `ledger:check`. Each worker has its own seller, offer and buyer, so workers
 * contend only on the platform's fee account, as unrelated trades do.
 */
export async function runTradesBench(
  app: FastifyInstance,
  database: Database,
  url: string | undefined,
  options: TradesBenchOptions,
): Promise<TradesBenchResult> {
  const db = database.db;
  const ledger = createLedger(db);
  const tag = Date.now().toString(36);
  const workers: { sellerId: number; buyerId: number; offerId: number; offerHash: string }[] = [];
  const user = async (name: string) =>
    (await usersRepository.insert(db, { username: name, email: `${name}@example.com`, passwordHash: 'x' }))
      .id;
  // Any bank transfer method (no bond needed), so nothing but the trade itself is measured.
  const methods = await db.execute(sql`SELECT m.id, m.group_id FROM payment_methods m
    JOIN payment_method_groups g ON g.id = m.group_id WHERE g.slug = 'bank-transfers' ORDER BY m.id LIMIT 1`);
  const method = (methods as unknown as { rows: { id: number; group_id: number }[] }).rows[0];
  if (!method) throw new Error('trades bench: the catalogue has no bank transfer method');
  for (let i = 0; i < options.concurrency; i += 1) {
    const sellerId = await user(`bt_s_${tag}_${i}`);
    const buyerId = await user(`bt_b_${tag}_${i}`);
    await ledger.transfer({
      idempotencyKey: `bench-trades-fund-${sellerId}`,
      kind: 'deposit',
      cryptoCode: 'BTC',
      reference: { type: 'deposit', id: String(sellerId) },
      legs: [
        { account: { userId: null, kind: 'world' }, amount: -100_000_000_000n },
        { account: { userId: sellerId, kind: 'available' }, amount: 100_000_000_000n },
      ],
    });
    const offerHash = `bt${randomBytes(8).toString('hex')}`.slice(0, 16);
    const offer = await db.transaction((tx) =>
      offersRepository.insert(
        tx,
        {
          hash: offerHash,
          userId: sellerId,
          area: 'otc',
          type: 'sell',
          cryptoCode: 'BTC',
          paymentMethodId: Number(method.id),
          paymentGroupId: Number(method.group_id),
          fiatCurrencyCode: 'USD',
          margin: '0',
          amountMode: 'min_max',
          rangeMin: '1',
          rangeMax: '1000',
          paymentWindow: 60,
          tradeDetails: 'bench',
        },
        [],
        [],
      ),
    );
    workers.push({ sellerId, buyerId, offerId: offer.id, offerHash });
  }
  const ctx = { ip: '127.0.0.1', locale: 'en' as const };
  const statements = url ? await countStatements(app, workers[0]!, ctx) : null;
  const service = async (worker: number) => {
    const w = workers[worker]!;
    const seller = { id: w.sellerId, role: 'user' as const };
    const buyer = { id: w.buyerId, role: 'user' as const };
    const trade = await app.trades.start(buyer, { offer_hash: w.offerHash, fiat_amount: '10' }, ctx);
    await app.trades.markPaid(buyer, trade.id, ctx);
    await app.trades.release(seller, trade.id, ctx);
  };

  // The same three transactions as bare SQL: the offer lock, the trade row, the escrow lock (key, account
  // rows locked in id order, balances, entries), the conditional status updates, the release with the
  // fee, and a system message each time. Amounts are fixed: the price is not the point here.
  const amount = 10_000n;
  const fee = 100n;
  const start = async (query: Query, w: (typeof workers)[number]) => {
    await query(`SELECT id FROM offers WHERE id = $1 FOR UPDATE`, [w.offerId]);
    const hash = randomBytes(8).toString('hex');
    const [trade] = (
      await query(
        `INSERT INTO trades (hash, offer_id, owner_id, buyer_id, seller_id, offer_type, crypto_code,
           fiat_currency_code, payment_method_id, fiat_amount, fiat_price, fiat_amount_usd, crypto_amount,
           fee_percent, fee_amount, escrow_amount, buyer_receives, status, payment_window, expires_at)
         VALUES ($1, $2, $3, $4, $3, 'sell', 'BTC', 'USD', $8, 10, 100000, 10, $5, 1, $6, $7, $5, 'active_funded', 60,
           now() + interval '60 minutes') RETURNING id`,
        [
          hash,
          w.offerId,
          w.sellerId,
          w.buyerId,
          String(amount),
          String(fee),
          String(amount + fee),
          method.id,
        ],
      )
    ).rows;
    await move(query, hash, 'escrow_lock', `trade:${hash}:lock`, [
      { userId: w.sellerId, kind: 'available', reference: '', delta: -(amount + fee) },
      { userId: w.sellerId, kind: 'escrow', reference: hash, delta: amount + fee },
    ]);
    await query(
      `INSERT INTO trade_messages (trade_id, kind, text, system_event, system_status)
       VALUES ($1, 'system', 'started', 'trade_started', 'active_funded')`,
      [trade!.id],
    );
    return { id: Number(trade!.id), hash };
  };
  const paid = async (query: Query, id: number) => {
    const { rows } = await query(
      `UPDATE trades SET status = 'paid', paid_at = now(), dispute_available_at = now() + interval '30 minutes',
         updated_at = now() WHERE id = $1 AND status = 'active_funded' AND expires_at > now() RETURNING id`,
      [id],
    );
    if (rows.length === 0) throw new Error('not active');
    await query(
      `INSERT INTO trade_messages (trade_id, kind, text, system_event, system_status)
       VALUES ($1, 'system', 'paid', 'status_changed', 'paid')`,
      [id],
    );
  };
  const release = async (query: Query, w: (typeof workers)[number], trade: { id: number; hash: string }) => {
    const { rows } = await query(
      `UPDATE trades SET status = 'released', completed_at = now(), updated_at = now()
       WHERE id = $1 AND status = 'paid' RETURNING id`,
      [trade.id],
    );
    if (rows.length === 0) throw new Error('not paid');
    await move(query, trade.hash, 'escrow_release', `trade:${trade.hash}:settle`, [
      { userId: w.sellerId, kind: 'escrow', reference: trade.hash, delta: -(amount + fee) },
      { userId: w.buyerId, kind: 'available', reference: '', delta: amount },
      { userId: null, kind: 'fees', reference: '', delta: fee },
    ]);
    await query(
      `INSERT INTO trade_messages (trade_id, kind, text, system_event, system_status)
       VALUES ($1, 'system', 'released', 'status_changed', 'released')`,
      [trade.id],
    );
  };
  type Leg = { userId: number | null; kind: string; reference: string; delta: bigint };
  const move = async (query: Query, hash: string, kind: string, key: string, legs: Leg[]) => {
    const [tx] = (
      await query(
        `INSERT INTO ledger_transactions (kind, crypto_code, reference_type, reference_id, idempotency_key, request_hash)
         VALUES ($1, 'BTC', 'trade', $2, $3, 'bare') RETURNING id`,
        [kind, hash, key],
      )
    ).rows;
    await query(
      `INSERT INTO ledger_accounts (user_id, crypto_code, kind, reference)
       SELECT nullif(u, 0), 'BTC', k, r FROM unnest($1::int[], $2::text[], $3::text[]) AS x(u, k, r)
       ON CONFLICT DO NOTHING`,
      [legs.map((l) => l.userId ?? 0), legs.map((l) => l.kind), legs.map((l) => l.reference)],
    );
    const accounts = (
      await query(
        `SELECT id, coalesce(user_id, 0) AS user_id, kind, reference, balance FROM ledger_accounts
         WHERE crypto_code = 'BTC' AND (coalesce(user_id, 0), kind, reference) IN
           (SELECT * FROM unnest($1::int[], $2::text[], $3::text[]))
         ORDER BY id FOR UPDATE`,
        [legs.map((l) => l.userId ?? 0), legs.map((l) => l.kind), legs.map((l) => l.reference)],
      )
    ).rows;
    const idOf = (leg: Leg) => {
      const row = accounts.find(
        (a) =>
          Number(a.user_id) === (leg.userId ?? 0) && a.kind === leg.kind && a.reference === leg.reference,
      );
      if (!row) throw new Error('account missing');
      if (BigInt(String(row.balance)) + leg.delta < 0n) throw new Error('insufficient');
      return String(row.id);
    };
    const ids = legs.map(idOf);
    await query(
      `UPDATE ledger_accounts a SET balance = a.balance + v.delta
       FROM unnest($1::bigint[], $2::numeric[]) AS v(id, delta) WHERE a.id = v.id`,
      [ids, legs.map((l) => l.delta.toString())],
    );
    await query(
      `INSERT INTO ledger_entries (transaction_id, account_id, crypto_code, amount)
       SELECT $1, id, 'BTC', delta FROM unnest($2::bigint[], $3::numeric[]) AS v(id, delta)`,
      [tx!.id, ids, legs.map((l) => l.delta.toString())],
    );
  };

  let bare: (worker: number) => Promise<void>;
  let closeBare = async () => {};
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: options.concurrency });
    const inTx = async <T>(work: (query: Query) => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work((text, params) => client.query(text, params));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    };
    bare = async (worker) => {
      const w = workers[worker]!;
      const trade = await inTx((q) => start(q, w));
      await inTx((q) => paid(q, trade.id));
      await inTx((q) => release(q, w, trade));
    };
    closeBare = () => pool.end();
  } else {
    const pglite = database.pglite!;
    const inTx = <T>(work: (query: Query) => Promise<T>): Promise<T> =>
      pglite.transaction((tx) =>
        work(async (text, params) => (await tx.query(text, params)) as { rows: Record<string, unknown>[] }),
      );
    bare = async (worker) => {
      const w = workers[worker]!;
      const trade = await inTx((q) => start(q, w));
      await inTx((q) => paid(q, trade.id));
      await inTx((q) => release(q, w, trade));
    };
  }
  // The two sides take turns in slices of the duration: a host that slows down (or a database that
  // grows) during the run weighs on both alike, instead of on whichever ran second.
  const slices = Math.max(1, options.slices);
  const runs: { ours: Run[]; bareSql: Run[] } = { ours: [], bareSql: [] };
  for (let i = 0; i < slices; i += 1) {
    runs.ours.push(await loadFor(options.durationSeconds / slices, options.concurrency, service));
    runs.bareSql.push(await loadFor(options.durationSeconds / slices, options.concurrency, bare));
  }
  await closeBare();
  const total = (parts: Run[]): Run => ({
    trades: parts.reduce((sum, part) => sum + part.trades, 0),
    perSecond: parts.reduce((sum, part) => sum + part.trades, 0) / options.durationSeconds,
    failed: parts.reduce((sum, part) => sum + part.failed, 0),
    firstError: parts.find((part) => part.firstError)?.firstError ?? null,
  });
  const ours = total(runs.ours);
  const bareSql = total(runs.bareSql);

  const report = await checkLedger(db);
  return {
    ours,
    bareSql,
    ratio: ours.perSecond / bareSql.perSecond,
    statements,
    checkOk: report.ok,
    check: `${report.counts.transactions} transactions, ${report.counts.entries} entries`,
  };
}

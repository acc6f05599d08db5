import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../../test/db.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import { newTxid, ScriptedBitcoinAdapter, ScriptedChain } from '../../../../test/scripted-chain.js';
import { checkLedger, createLedger } from '../../ledger/index.js';
import { createDepositBook } from './deposit-book.js';
import { createChainFollower } from './follower.js';
import { REAL_CUSTODY_VIEWS } from './custody-from-config.js';
import { REAL_CHAIN_ADAPTERS } from './networks.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Two instances follow the same chain at once (each its own follower, watched set and book, one
 * database): every deposit is credited exactly once, and a reversal happens once (decision 0055).
 */
describe.skipIf(!onPostgres())('two chain followers at once (PostgreSQL)', () => {
  let t: TestApp;
  const addresses: string[] = [];

  beforeAll(async () => {
    REAL_CHAIN_ADAPTERS.BTC = {
      esplora: (config) => new ScriptedBitcoinAdapter(config.wallet.confirmations),
    };
    // The stand-in has no chain to hold coins on: no custody view for BTC.
    REAL_CUSTODY_VIEWS.BTC = {};
    t = await createTestApp({ CHAIN_BTC: 'esplora', WALLET_CONFIRMATIONS: 'BTC:2' });
    for (let i = 0; i < 6; i += 1) {
      const client = t.client();
      await client.register(`fr_user${i}`);
      const response = await client.get('/rest/v2/wallet/deposit-address?crypto_currency_code=BTC');
      addresses.push(response.json().data.address as string);
    }
  });
  afterAll(async () => {
    delete REAL_CHAIN_ADAPTERS.BTC;
    delete REAL_CUSTODY_VIEWS.BTC;
    await t?.close();
  });

  it('should credit each deposit exactly once and reverse once while two instances pass together', async () => {
    const chain = new ScriptedChain('BTC', ['BTC']);
    const instance = () =>
      createChainFollower({
        db: t.database.db,
        source: chain,
        book: createDepositBook({ ledger: createLedger(t.database.db) }),
        requiredConfirmations: () => 2,
        startHeight: 0,
        maxBlocksPerPass: 3,
      });
    const [a, b] = [instance(), instance()];
    const payments = [];
    let skipped = 0;
    for (let round = 0; round < 12; round += 1) {
      const batch = addresses.map((address, i) => ({
        coin: 'BTC',
        txid: newTxid(),
        outputIndex: i % 2,
        address,
        amount: BigInt(1000 + round * 10 + i),
      }));
      payments.push(...batch);
      chain.mine(batch);
      const results = await Promise.all([a.pass(), b.pass(), a.pass(), b.pass()]);
      // Whoever held the lock ran; the others skipped (or ran after it, finding nothing new).
      expect(results.some((r) => r.ran)).toBe(true);
      skipped += results.filter((r) => !r.ran).length;
    }
    // The lock was contended: some passes found it held and skipped instead of waiting.
    expect(skipped).toBeGreaterThan(0);
    // The last round's block is taken away: its deposits were not yet credited... then a deeper one.
    chain.reorg(chain.height - 4, [[], [], [], [], [], []]);
    for (let i = 0; i < 6; i += 1) await Promise.all([a.pass(), b.pass()]);

    const credits = rowsOf<{ reference_id: string; n: string }>(
      await t.database.db.execute(sql`
        SELECT reference_id, count(*)::text AS n FROM ledger_transactions WHERE kind = 'deposit'
        GROUP BY reference_id HAVING count(*) > 1`),
    );
    expect(credits).toEqual([]);
    const reversals = rowsOf<{ reference_id: string; n: string }>(
      await t.database.db.execute(sql`
        SELECT reference_id, count(*)::text AS n FROM ledger_transactions WHERE kind = 'deposit_reversal'
        GROUP BY reference_id HAVING count(*) > 1`),
    );
    expect(reversals).toEqual([]);
    const byStatus = Object.fromEntries(
      rowsOf<{ status: string; n: string }>(
        await t.database.db.execute(
          sql`SELECT status, count(*)::text AS n FROM chain_deposits GROUP BY status ORDER BY status`,
        ),
      ).map((r) => [r.status, Number(r.n)]),
    );
    // 12 rounds of 6: the reorganisation took the last 4 blocks (24 deposits) out of the chain.
    expect(byStatus.confirmed).toBe(48);
    expect((byStatus.reversed ?? 0) + (byStatus.dropped ?? 0)).toBe(24);
    // Credited minus reversed equals what the confirmed deposits hold, and the ledger balances.
    const world = rowsOf<{ total: string }>(
      await t.database.db.execute(
        sql`SELECT coalesce(sum(balance), 0)::text AS total FROM ledger_accounts WHERE kind = 'world' AND crypto_code = 'BTC'`,
      ),
    )[0]!.total;
    const confirmed = rowsOf<{ total: string }>(
      await t.database.db.execute(
        sql`SELECT coalesce(sum(amount), 0)::text AS total FROM chain_deposits WHERE status = 'confirmed'`,
      ),
    )[0]!.total;
    expect(BigInt(world)).toBe(-BigInt(confirmed));
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
  });
});

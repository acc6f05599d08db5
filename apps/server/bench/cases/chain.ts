import { createHash } from 'node:crypto';
import { bech32 } from '@scure/base';
import { sql } from 'drizzle-orm';
import { chainDeposits } from '../../src/modules/wallet/tables.js';
import type { Database } from '../../src/platform/db/client.js';
import { createLedger } from '../../src/modules/ledger/index.js';
import { createDepositBook } from '../../src/modules/wallet/chain/deposit-book.js';
import { createChainFollower } from '../../src/modules/wallet/chain/follower.js';
import { EsploraClient } from '../../src/modules/wallet/chain/bitcoin/esplora-client.js';
import { bitcoinNetwork } from '../../src/modules/wallet/chain/bitcoin/networks.js';
import { buildBenchmarkBatch } from '../../src/modules/wallet/payouts/index.js';
import { RegtestChain } from '../../test/chain/regtest-chain.js';
import { startEsploraServer } from '../../test/chain/esplora-server.js';

const REGTEST = bitcoinNetwork('BTC', 'regtest');

/** A regtest P2WPKH address from a label: the same 100,000 every run, no key derivation to time. */
const addressOf = (label: string) =>
  bech32.encode('bcrt', [0, ...bech32.toWords(createHash('sha256').update(label).digest().subarray(0, 20))]);

export type ChainBenchResult = {
  watched: number;
  setupSeconds: number;
  /** The first pass: the 100,000 watched addresses read into memory (once per process). */
  watchLoadMs: number;
  blocks: { transactions: number; ours: number; ms: number; recorded: number; credited: number }[];
  batch: ReturnType<typeof buildBenchmarkBatch>;
};

/**
 * Issue 27's `chain` case (not an HTTP rate): the real follower (decision 0055) reading real blocks over
 * HTTP from the Esplora test server, against `watched` deposit addresses in the database. Each measured
 * block holds `transactions` payments, `ours` of them to watched addresses; the time is one follower
 * pass (fetch the raw block, parse, match every output, record our deposits, confirm) in its transaction.
 * Then one batch of 200 withdrawals built and signed (decision 0057).
 */
export async function runChainBench(
  database: Database,
  options: { watched: number; transactions: number; rounds: number },
): Promise<ChainBenchResult> {
  const started = performance.now();
  const { db } = database;
  const run = Date.now().toString(36);
  const addresses = Array.from({ length: options.watched }, (_, i) => addressOf(`${run} watched ${i}`));
  const chunk = 5_000;
  for (let from = 0; from < addresses.length; from += chunk) {
    const slice = addresses.slice(from, from + chunk);
    // One user per address (a user has one address per coin): users and addresses in one statement.
    await db.execute(sql`WITH made AS (
        INSERT INTO users (username, email, password_hash)
        SELECT 'cb' || ${run} || '_' || n, 'cb' || ${run} || '_' || n || '@example.com', 'x'
        FROM generate_series(${from}::int, ${from + slice.length - 1}::int) AS n
        RETURNING id, username)
      INSERT INTO deposit_addresses (user_id, crypto_code, address)
      SELECT made.id, 'BTC', (string_to_array(${slice.join(',')}::text, ','))[split_part(made.username, '_', 2)::int - ${from}::int + 1]
      FROM made`);
  }
  const chain = new RegtestChain(REGTEST);
  chain.mine(101);
  const server = await startEsploraServer(chain);
  try {
    const follower = createChainFollower({
      db,
      source: new EsploraClient({ url: server.url, network: REGTEST, timeoutMs: 30_000 }),
      book: createDepositBook({ ledger: createLedger(db) }),
      requiredConfirmations: () => 3,
      startHeight: chain.height + 1,
    });
    const setupSeconds = (performance.now() - started) / 1000;
    const load = performance.now();
    await follower.pass();
    const watchLoadMs = performance.now() - load;

    const strangers = Array.from({ length: options.transactions }, (_, i) => addressOf(`stranger ${i}`));
    const blocks: ChainBenchResult['blocks'] = [];
    for (let round = 0; round < options.rounds; round += 1) {
      for (const ours of [Math.round(options.transactions / 100), options.transactions]) {
        // `ours` payments to watched addresses spread through the block, the rest to strangers.
        const every = Math.max(1, Math.floor(options.transactions / ours));
        const payees = strangers.map((stranger, i) =>
          i % every === 0 && i / every < ours ? addresses[(round * 7919 + i) % addresses.length]! : stranger,
        );
        for (const hex of chain.buildManyPayments(options.transactions, payees)) {
          chain.submit(hex, { verifySignatures: false });
        }
        chain.mine(1);
        const before = await countDeposits(database);
        const timer = performance.now();
        const pass = await follower.pass();
        const ms = performance.now() - timer;
        if (pass.blocksRead !== 1) throw new Error(`the follower read ${pass.blocksRead} blocks, not 1`);
        blocks.push({
          transactions: options.transactions,
          ours,
          ms,
          recorded: (await countDeposits(database)) - before,
          // Deposits of earlier blocks that reached their confirmations in this pass (one ledger
          // transfer each): three blocks after an all-ours block, its 3,000.
          credited: pass.credited,
        });
      }
    }
    return { watched: options.watched, setupSeconds, watchLoadMs, blocks, batch: buildBenchmarkBatch(200) };
  } finally {
    await server.close();
  }
}

async function countDeposits(database: Database): Promise<number> {
  return database.db.$count(chainDeposits);
}

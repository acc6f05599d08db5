import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client.js';
import { startRepeatingPass } from '../../../platform/jobs/index.js';
import type { ChainDepositRow } from '../repository.js';
import { chainBlocks, chainDeposits, chainFollowers, depositAddresses } from '../tables.js';
import type { BlockRef, BlockSource, ObservedTransfer, WatchedAddresses } from './block-source.js';
import type { Config } from '../../../platform/config.js';
import { createLedger } from '../../ledger/index.js';
import type { ChainAdapter } from './adapter.js';
import { createDepositBook, type DepositBook } from './deposit-book.js';
import { blockSourcesFromConfig } from './networks.js';
import { usersChanged } from '../../../platform/db/changes.js';

/** What one pass did, for logs and tests. */
export type FollowerPass = {
  /** False when another instance held the network's lock: this one did nothing. */
  ran: boolean;
  /** The height the stored chain was rolled back to, when a reorganisation was found. */
  forkHeight: number | null;
  blocksRead: number;
  height: number | null;
  tipHeight: number | null;
  caughtUp: boolean;
  credited: number;
  reversed: number;
  dropped: number;
};

export type FollowerOptions = {
  db: Db;
  source: BlockSource;
  book: DepositBook;
  /** Confirmations a coin's deposit needs (the chain adapter's). */
  requiredConfirmations(coin: string): number;
  /** Blocks read per pass at most, so a long catch-up does not hold the lock for long. */
  maxBlocksPerPass?: number;
  /** How many of the last blocks are kept to find a reorganisation (deeper ones are refused). */
  blockWindow?: number;
  /**
   * Where a follower with no stored block starts: this height, or (default) the source's tip at the
   * first pass (payments before it are not looked for).
   */
  startHeight?: number;
};

/** Deposits recorded per statement (10 parameters each, far below PostgreSQL's 65,535). */
const RECORD_BATCH = 1_000;

const normalise = (address: string) => (address.startsWith('0x') ? address.toLowerCase() : address);

/**
 * The deposit addresses of a network's coins, kept in memory (100,000 addresses are a few megabytes) and
 * refreshed by id: each pass reads only the rows added since the last. 0x addresses match in any case.
 */
export class WatchedSet implements WatchedAddresses {
  private readonly owners = new Map<string, number>();
  private lastId = 0;
  constructor(private readonly coins: readonly string[]) {}

  get size() {
    return this.owners.size;
  }
  has(address: string): boolean {
    return this.owners.has(normalise(address));
  }
  ownerOf(address: string): number | undefined {
    return this.owners.get(normalise(address));
  }
  async refresh(db: Db | Tx): Promise<void> {
    for (;;) {
      const rows = await db
        .select({
          id: depositAddresses.id,
          userId: depositAddresses.userId,
          address: depositAddresses.address,
        })
        .from(depositAddresses)
        .where(
          and(gt(depositAddresses.id, this.lastId), inArray(depositAddresses.cryptoCode, [...this.coins])),
        )
        .orderBy(asc(depositAddresses.id))
        .limit(10_000);
      for (const row of rows) {
        this.owners.set(normalise(row.address), row.userId);
        this.lastId = row.id;
      }
      if (rows.length < 10_000) return;
    }
  }
}

/**
 * A network's chain follower (decision 0055). `pass()` runs once under the network's lock (the cursor row
 * FOR UPDATE SKIP LOCKED: a second instance skips the pass instead of waiting), in one database
 * transaction, so a pass that fails half way leaves nothing half done:
 *
 * 1. compares the stored block hashes with the source's from the top down; below the first that matches
 *    the stored chain is dropped, and the deposits in the dropped blocks lose their block;
 * 2. reads forward block by block (at most `maxBlocksPerPass`), storing each block and its transfers;
 * 3. once at the tip: records the mempool's transfers as pending, reverses credited deposits the best
 *    chain no longer holds and marks pending ones that are neither mined nor in the mempool dropped;
 * 4. recomputes the confirmations of the network's deposits from the stored tip and credits those that
 *    have enough.
 */
export function createChainFollower(options: FollowerOptions) {
  const { db, source, book } = options;
  const maxBlocks = options.maxBlocksPerPass ?? 50;
  const window = options.blockWindow ?? 100;
  const network = source.network;
  const coins = [...source.coins];
  const watched = new WatchedSet(coins);

  async function lockCursor(tx: Tx) {
    const [row] = await tx
      .select()
      .from(chainFollowers)
      .where(eq(chainFollowers.network, network))
      .for('update', { skipLocked: true });
    return row;
  }

  /** Finds the highest stored block the source still has; drops the stored ones above it. */
  async function rollBack(tx: Tx): Promise<{ height: number | null; forkHeight: number | null }> {
    const stored = await tx
      .select({ height: chainBlocks.height, hash: chainBlocks.hash })
      .from(chainBlocks)
      .where(eq(chainBlocks.network, network))
      .orderBy(desc(chainBlocks.height));
    if (stored.length === 0) return { height: null, forkHeight: null };
    let common: number | null = null;
    for (const block of stored) {
      if ((await source.blockHashAt(block.height)) === block.hash) {
        common = block.height;
        break;
      }
    }
    if (common === null) {
      throw new Error(
        `${network} follower: a reorganisation deeper than the ${stored.length} stored blocks; ` +
          'refusing to guess (decision 0055: an operator must look)',
      );
    }
    if (common === stored[0]!.height) return { height: common, forkHeight: null };
    await tx.delete(chainBlocks).where(and(eq(chainBlocks.network, network), gt(chainBlocks.height, common)));
    // Their deposits are unmined until the new chain (or the mempool) shows them again.
    await tx
      .update(chainDeposits)
      .set({ blockHeight: null, blockHash: null, confirmations: 0 })
      .where(
        and(
          inArray(chainDeposits.cryptoCode, coins),
          isNotNull(chainDeposits.blockHeight),
          gt(chainDeposits.blockHeight, common),
        ),
      );
    return { height: common, forkHeight: common };
  }

  /**
   * The transfers seen in a block (or the mempool when `block` is null) become or update deposits. In
   * batches: a block can pay thousands of our addresses, and a statement per payment made such a block
   * take seconds (the `chain` bench). The existing rows are locked first, then the new ones inserted at
   * once; only a payment seen before (mined again, or back from the mempool) is updated on its own.
   */
  async function recordAll(tx: Tx, transfers: ObservedTransfer[], block: BlockRef | null): Promise<void> {
    const ours = transfers.flatMap((transfer) => {
      if (transfer.amount <= 0n || !coins.includes(transfer.coin)) return [];
      const userId = watched.ownerOf(transfer.address);
      return userId === undefined ? [] : [{ transfer, userId }];
    });
    const keyOf = (coin: string, txid: string, outputIndex: number) => `${coin}:${txid}:${outputIndex}`;
    for (let from = 0; from < ours.length; from += RECORD_BATCH) {
      const batch = ours.slice(from, from + RECORD_BATCH);
      const found = await tx
        .select()
        .from(chainDeposits)
        .where(
          and(
            inArray(chainDeposits.cryptoCode, [...new Set(batch.map((b) => b.transfer.coin))]),
            inArray(chainDeposits.txid, [...new Set(batch.map((b) => b.transfer.txid))]),
          ),
        )
        .orderBy(asc(chainDeposits.id))
        .for('update');
      const existing = new Map(found.map((row) => [keyOf(row.cryptoCode, row.txid, row.outputIndex), row]));
      const fresh = [
        ...new Map(
          batch
            .filter(({ transfer: t }) => !existing.has(keyOf(t.coin, t.txid, t.outputIndex)))
            .map((b) => [keyOf(b.transfer.coin, b.transfer.txid, b.transfer.outputIndex), b]),
        ).values(),
      ];
      if (fresh.length > 0) {
        await tx
          .insert(chainDeposits)
          .values(
            fresh.map(({ transfer, userId }) => ({
              userId,
              cryptoCode: transfer.coin,
              address: transfer.address,
              txid: transfer.txid,
              outputIndex: transfer.outputIndex,
              blockHeight: block?.height ?? null,
              blockHash: block?.hash ?? null,
              amount: transfer.amount.toString(),
              requiredConfirmations: options.requiredConfirmations(transfer.coin),
            })),
          )
          .onConflictDoNothing();
      }
      for (const { transfer } of batch) {
        const row = existing.get(keyOf(transfer.coin, transfer.txid, transfer.outputIndex));
        if (row) await recordSeenAgain(tx, row, block);
      }
      // Their incoming amounts changed (the wallet's balances show them): told at the pass's commit.
      usersChanged(
        tx,
        batch.map((b) => b.userId),
      );
    }
  }

  /** A payment already recorded, seen again in a block or in the mempool. */
  async function recordSeenAgain(tx: Tx, existing: ChainDepositRow, block: BlockRef | null) {
    if (block) {
      // Mined (again): a dropped or reversed one confirms anew; a credited one keeps its credit.
      await tx
        .update(chainDeposits)
        .set({
          blockHeight: block.height,
          blockHash: block.hash,
          ...(existing.status === 'dropped' || existing.status === 'reversed'
            ? { status: 'pending' as const, confirmations: 0 }
            : {}),
        })
        .where(eq(chainDeposits.id, existing.id));
    } else if (existing.status === 'dropped') {
      await tx
        .update(chainDeposits)
        .set({ status: 'pending', confirmations: 0 })
        .where(eq(chainDeposits.id, existing.id));
    }
  }

  /** The credited and pending deposits without a block, after the pass reached the tip. */
  async function settleUnmined(tx: Tx, inMempool: Set<string>) {
    let reversed = 0;
    let dropped = 0;
    const unmined: ChainDepositRow[] = await tx
      .select()
      .from(chainDeposits)
      .where(
        and(
          inArray(chainDeposits.cryptoCode, coins),
          isNull(chainDeposits.blockHash),
          // Credited by a follower (a simulated credit from before a switch has no block to lose).
          or(
            eq(chainDeposits.status, 'pending'),
            and(eq(chainDeposits.status, 'confirmed'), isNotNull(chainDeposits.creditedBlockHash)),
          ),
        ),
      )
      .orderBy(asc(chainDeposits.id))
      .for('update');
    for (const deposit of unmined) {
      if (deposit.status === 'confirmed') {
        await book.reverse(tx, deposit);
        reversed += 1;
      } else if (!inMempool.has(`${deposit.cryptoCode}:${deposit.txid}:${deposit.outputIndex}`)) {
        await tx
          .update(chainDeposits)
          .set({ status: 'dropped', confirmations: 0 })
          .where(eq(chainDeposits.id, deposit.id));
        usersChanged(tx, [deposit.userId]);
        dropped += 1;
      }
    }
    return { reversed, dropped };
  }

  async function confirm(tx: Tx, height: number): Promise<number> {
    // Pending deposits and those in the kept window only: below it a block can no longer be replaced, so
    // a credited deposit's count stops there instead of every deposit ever made being rewritten each pass.
    await tx
      .update(chainDeposits)
      .set({ confirmations: sql`(${height} - ${chainDeposits.blockHeight} + 1)::int` })
      .where(
        and(
          inArray(chainDeposits.cryptoCode, coins),
          isNotNull(chainDeposits.blockHeight),
          or(eq(chainDeposits.status, 'pending'), gt(chainDeposits.blockHeight, height - window)),
          lte(chainDeposits.blockHeight, height),
          inArray(chainDeposits.status, ['pending', 'confirmed']),
        ),
      );
    const due = await tx
      .select()
      .from(chainDeposits)
      .where(
        and(
          inArray(chainDeposits.cryptoCode, coins),
          eq(chainDeposits.status, 'pending'),
          isNotNull(chainDeposits.blockHash),
          sql`${chainDeposits.confirmations} >= ${chainDeposits.requiredConfirmations}`,
        ),
      )
      .orderBy(asc(chainDeposits.id))
      .for('update');
    for (const deposit of due) await book.credit(tx, deposit, deposit.confirmations);
    return due.length;
  }

  return {
    network,
    watched,

    async pass(): Promise<FollowerPass> {
      await db.insert(chainFollowers).values({ network }).onConflictDoNothing();
      return db.transaction(async (tx) => {
        const cursor = await lockCursor(tx);
        const idle: FollowerPass = {
          ran: false,
          forkHeight: null,
          blocksRead: 0,
          height: null,
          tipHeight: null,
          caughtUp: false,
          credited: 0,
          reversed: 0,
          dropped: 0,
        };
        if (!cursor) return idle;
        await watched.refresh(tx);
        const tip = await source.tip();
        const rolled = await rollBack(tx);
        let height = rolled.height ?? (options.startHeight ?? tip.height) - 1;
        let hash = rolled.height === null ? null : cursor.hash;
        let blocksRead = 0;
        while (height < tip.height && blocksRead < maxBlocks) {
          const next = height + 1;
          const blockHash = next === tip.height ? tip.hash : await source.blockHashAt(next);
          if (blockHash === null) break; // the chain got shorter meanwhile: the next pass sees it
          const block = { height: next, hash: blockHash };
          await recordAll(tx, await source.transfersInBlock(block, watched), block);
          await tx.insert(chainBlocks).values({ network, height: next, hash: blockHash });
          height = next;
          hash = blockHash;
          blocksRead += 1;
        }
        if (rolled.height !== null && rolled.forkHeight !== null && blocksRead === 0) {
          hash = (
            await tx
              .select({ hash: chainBlocks.hash })
              .from(chainBlocks)
              .where(and(eq(chainBlocks.network, network), eq(chainBlocks.height, height)))
          )[0]!.hash;
        }
        const caughtUp = height >= tip.height;
        let reversed = 0;
        let dropped = 0;
        if (caughtUp) {
          const mempool = await source.mempoolTransfers(watched);
          await recordAll(tx, mempool, null);
          ({ reversed, dropped } = await settleUnmined(
            tx,
            new Set(mempool.map((t) => `${t.coin}:${t.txid}:${t.outputIndex}`)),
          ));
        }
        const credited = height >= 0 ? await confirm(tx, height) : 0;
        await tx
          .delete(chainBlocks)
          .where(and(eq(chainBlocks.network, network), lte(chainBlocks.height, height - window)));
        await tx
          .update(chainFollowers)
          .set({ height: height >= 0 ? height : null, hash, tipHeight: tip.height, updatedAt: new Date() })
          .where(eq(chainFollowers.network, network));
        return {
          ran: true,
          forkHeight: rolled.forkHeight,
          blocksRead,
          height,
          tipHeight: tip.height,
          caughtUp,
          credited,
          reversed,
          dropped,
        };
      });
    },
  };
}

export type ChainFollower = ReturnType<typeof createChainFollower>;

/**
 * Runs each follower's pass every `pollSeconds` of its network (a pass that is still running is not
 * started again); `stop()` waits for the running ones.
 */
export function startChainFollowers(
  followers: { follower: ChainFollower; pollSeconds: number }[],
  log: { warn(obj: object, msg: string): void },
) {
  const loops = followers.map(({ follower, pollSeconds }) =>
    startRepeatingPass({
      pass: () => follower.pass(),
      intervalSeconds: pollSeconds,
      failed: (err) => log.warn({ err, network: follower.network }, 'chain follower: pass failed'),
    }),
  );
  return {
    async stop() {
      await Promise.all(loops.map((loop) => loop.stop()));
    },
  };
}

/**
 * The followers of the configured real networks (`blockSourcesFromConfig`), one per network, with the
 * poll interval of each (`<NETWORK>_POLL_SECONDS`); none while every network is simulated.
 */
export function followersFromConfig(
  db: Db,
  config: Pick<Config, 'chain' | 'wallet' | 'production'>,
  chain: Pick<ChainAdapter, 'requiredConfirmations'>,
): { follower: ChainFollower; pollSeconds: number }[] {
  const book = createDepositBook({ ledger: createLedger(db) });
  const polls: Record<string, number> = config.chain.pollSeconds;
  return blockSourcesFromConfig(config).map((source) => ({
    follower: createChainFollower({
      db,
      source,
      book,
      requiredConfirmations: (coin) => chain.requiredConfirmations(coin),
    }),
    pollSeconds: polls[source.network] ?? 15,
  }));
}

/** main.ts: the configured followers (`followersFromConfig`), each on its own timer. */
export function startConfiguredFollowers(
  db: Db,
  config: Pick<Config, 'chain' | 'wallet' | 'production'>,
  chain: Pick<ChainAdapter, 'requiredConfirmations'>,
  log: { warn(obj: object, msg: string): void },
) {
  return startChainFollowers(followersFromConfig(db, config, chain), log);
}

import { createHash, randomBytes } from 'node:crypto';
import type {
  BlockRef,
  BlockSource,
  ObservedTransfer,
  WatchedAddresses,
} from '../src/modules/wallet/chain/block-source.js';
import { SimulatedChain } from '../src/modules/wallet/chain/adapter.js';

/** A payment the test puts in a block or the mempool (the address need not be watched). */
export type ScriptedPayment = Omit<ObservedTransfer, 'outputIndex'> & { outputIndex?: number };

/**
 * A stand-in for an external node (a Bitcoin node behind Esplora, an EVM JSON-RPC node): an in-memory
 * best chain the test builds block by block, forks and reorganises, and a mempool. It answers exactly
 * what `BlockSource` asks, filtering each block's payments by the watched set as a real source does.
 * Block hashes are hashes of the parent hash and the block's content, so a rebuilt block differs.
 */
export class ScriptedChain implements BlockSource {
  private blocks: { hash: string; payments: ObservedTransfer[] }[] = [];
  private mempool: ObservedTransfer[] = [];
  /** Calls of `transfersInBlock`, to see how far a pass read. */
  blocksServed = 0;

  constructor(
    readonly network: string,
    readonly coins: readonly string[],
  ) {
    this.mine([]);
  }

  get height(): number {
    return this.blocks.length - 1;
  }

  /** Appends a block holding `payments` (taken out of the mempool); answers it. */
  mine(payments: ScriptedPayment[] = []): BlockRef {
    const parent = this.blocks.at(-1)?.hash ?? '0'.repeat(64);
    const full = payments.map((p) => ({ ...p, outputIndex: p.outputIndex ?? 0 }));
    const hash = createHash('sha256')
      .update(parent)
      .update(JSON.stringify(full, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)))
      .update(randomBytes(8))
      .digest('hex');
    this.blocks.push({ hash, payments: full });
    const mined = new Set(full.map((p) => `${p.txid}:${p.outputIndex}`));
    this.mempool = this.mempool.filter((p) => !mined.has(`${p.txid}:${p.outputIndex}`));
    return { height: this.height, hash };
  }

  /** Mines `n` empty blocks. */
  mineEmpty(n: number): void {
    for (let i = 0; i < n; i += 1) this.mine([]);
  }

  /**
   * A reorganisation: the blocks above `forkHeight` are replaced by `replacement` (each an array of
   * payments). Payments of the removed blocks go nowhere unless `backToMempool`.
   */
  reorg(forkHeight: number, replacement: ScriptedPayment[][], backToMempool = false): void {
    const removed = this.blocks.splice(forkHeight + 1);
    for (const payments of replacement) this.mine(payments);
    if (backToMempool) {
      const now = new Set(this.blocks.flatMap((b) => b.payments.map((p) => `${p.txid}:${p.outputIndex}`)));
      for (const p of removed.flatMap((b) => b.payments)) {
        if (!now.has(`${p.txid}:${p.outputIndex}`)) this.mempool.push(p);
      }
    }
  }

  toMempool(payment: ScriptedPayment): void {
    this.mempool.push({ ...payment, outputIndex: payment.outputIndex ?? 0 });
  }

  dropFromMempool(txid: string): void {
    this.mempool = this.mempool.filter((p) => p.txid !== txid);
  }

  blockHash(height: number): string {
    return this.blocks[height]!.hash;
  }

  async tip(): Promise<BlockRef> {
    return { height: this.height, hash: this.blocks.at(-1)!.hash };
  }

  async blockHashAt(height: number): Promise<string | null> {
    return this.blocks[height]?.hash ?? null;
  }

  async transfersInBlock(block: BlockRef, watched: WatchedAddresses): Promise<ObservedTransfer[]> {
    const found = this.blocks[block.height];
    // A node asked for a block that left the best chain answers "not found".
    if (!found || found.hash !== block.hash) throw new Error(`block ${block.hash} not found`);
    this.blocksServed += 1;
    return found.payments.filter((p) => watched.has(p.address));
  }

  async mempoolTransfers(watched: WatchedAddresses): Promise<ObservedTransfer[]> {
    return this.mempool.filter((p) => watched.has(p.address));
  }
}

export const newTxid = () => randomBytes(32).toString('hex');

/**
 * A stand-in for the Bitcoin engineers' adapter, plugged in as CHAIN_BTC=esplora: BTC is a real network
 * (not simulated), and its deposit address is derived from the index (regtest-looking, not a real key).
 */
export class ScriptedBitcoinAdapter extends SimulatedChain {
  override readonly simulatedCoins: readonly string[] = [];
  override newDepositAddress = (_coin: string, index: number) =>
    `bcrt1qscripted${index.toString().padStart(6, '0')}`;
}

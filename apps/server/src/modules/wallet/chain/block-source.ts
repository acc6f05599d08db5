/**
 * How the wallet reads a real chain (issue 27): a `BlockSource` per network answers what its best chain
 * is and which payments to our deposit addresses each block (or the mempool) holds. It only reads. The
 * chain follower (one per network) keeps the blocks it has seen, finds a reorganisation by comparing their
 * hashes with the source's, and hands what it found to the deposit book, which credits, confirms and
 * reverses through the ledger. Sources: Esplora for Bitcoin and Litecoin, JSON-RPC for the EVM chain.
 */

/** A block of the best chain, as far as the source knows. */
export type BlockRef = { height: number; hash: string };

/** One payment to one of our watched addresses. */
export type ObservedTransfer = {
  /** The coin paid: BTC, LTC, ETH, USDT or USDC. */
  coin: string;
  /** Lower-case hex; 0x-prefixed on the EVM chain. */
  txid: string;
  /**
   * Which payment of the transaction this is, so one transaction paying two of our users (or one user
   * twice) makes two deposits: the output index on Bitcoin and Litecoin, the log index of an ERC-20
   * `Transfer`, 0 for a transaction's ETH value.
   */
  outputIndex: number;
  /** The watched address paid, exactly as `WatchedAddresses.has` accepted it. */
  address: string;
  /** Base units (satoshis, wei, the token's smallest unit). */
  amount: bigint;
};

/** The deposit addresses a follower watches; 0x addresses compare without regard to case. */
export interface WatchedAddresses {
  has(address: string): boolean;
  readonly size: number;
}

export interface BlockSource {
  /** The network followed, the key of its stored blocks: 'BTC', 'LTC' or 'EVM'. */
  readonly network: string;
  /** The coins its transfers can be in. */
  readonly coins: readonly string[];
  /** The best chain's tip. */
  tip(): Promise<BlockRef>;
  /** The best chain's block hash at a height; null above the tip. */
  blockHashAt(height: number): Promise<string | null>;
  /** Every payment to a watched address in this block of the best chain. */
  transfersInBlock(block: BlockRef, watched: WatchedAddresses): Promise<ObservedTransfer[]>;
  /** Payments to watched addresses waiting in the mempool (shown as pending, never credited). */
  mempoolTransfers(watched: WatchedAddresses): Promise<ObservedTransfer[]>;
}

/**
 * What the Bitcoin and Litecoin hot wallet asks of a node to pay withdrawals (issue 27): its unspent
 * outputs, a fee rate, a way to broadcast, and where a sent transaction stands. The Esplora client
 * implements it (and `BlockSource`); a Bitcoin Core RPC client would be a second implementation.
 */

/** An unspent output the hot wallet can spend. */
export type Utxo = {
  txid: string;
  vout: number;
  /** Satoshis (litoshis on Litecoin). */
  value: bigint;
  /** Confirmations so far; 0 while in the mempool. */
  confirmations: number;
};

export type BroadcastResult =
  | { accepted: true; txid: string }
  /** The node refused it: the reason as the node said it (a double spend, a fee too low, bad script). */
  | { accepted: false; reason: string };

export type TxStatus =
  | { state: 'unknown' }
  | { state: 'mempool' }
  | { state: 'confirmed'; blockHeight: number; blockHash: string; confirmations: number };

export interface BitcoinNode {
  /** The network: 'BTC' or 'LTC'. */
  readonly network: string;
  /** Unspent outputs of an address (the hot wallet's), mempool ones included with 0 confirmations. */
  utxos(address: string): Promise<Utxo[]>;
  /** Satoshis per virtual byte for confirmation within `targetBlocks`, as the node estimates it. */
  feeRate(targetBlocks: number): Promise<number>;
  /** Hands a signed transaction (hex) to the network. */
  broadcast(rawTxHex: string): Promise<BroadcastResult>;
  txStatus(txid: string): Promise<TxStatus>;
}

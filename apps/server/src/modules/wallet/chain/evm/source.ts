import { erc20Abi, getAddress, parseEventLogs, type Hash, type PublicClient } from 'viem';
import type { BlockRef, BlockSource, ObservedTransfer, WatchedAddresses } from '../block-source.js';
import { EVM_COINS, tokenCoinOf, type TokenContracts } from './coins.js';

/**
 * Reads the EVM chain through a JSON-RPC node (decision 0059). A block's payments to watched addresses
 * are its transactions sending ETH to one (value > 0, succeeded) and the `Transfer` logs of the accepted
 * token contracts paying one; both are read for the whole block by its hash and filtered here, since
 * 100,000 addresses cannot go in a topic filter. Reading by hash means a block that left the best chain
 * answers nothing rather than another block's payments; the follower compares `blockHashAt` to find
 * reorganisations.
 *
 * ETH that reaches a forwarder through a contract's internal call is no transaction to it and is not
 * seen here (tracing needs a node with the debug/trace API, which common providers do not all offer):
 * the sweeper's balance pass flushes it to the hot wallet and reconciliation reports it as an
 * unattributed surplus for staff to credit by hand.
 */
export class EvmSource implements BlockSource {
  readonly network = 'EVM';
  readonly coins = EVM_COINS;

  constructor(
    private readonly client: PublicClient,
    private readonly tokens: TokenContracts,
  ) {}

  async tip(): Promise<BlockRef> {
    const block = await this.client.getBlock({ blockTag: 'latest' });
    return { height: Number(block.number), hash: block.hash };
  }

  async blockHashAt(height: number): Promise<string | null> {
    const tip = await this.client.getBlockNumber({ cacheTime: 0 });
    if (BigInt(height) > tip) return null;
    try {
      const block = await this.client.getBlock({ blockNumber: BigInt(height) });
      return block.hash;
    } catch (error) {
      if ((error as Error).name === 'BlockNotFoundError') return null;
      throw error;
    }
  }

  async transfersInBlock(block: BlockRef, watched: WatchedAddresses): Promise<ObservedTransfer[]> {
    const hash = block.hash as Hash;
    let full;
    try {
      full = await this.client.getBlock({ blockHash: hash, includeTransactions: true });
    } catch (error) {
      // A block no longer known to the node (it left the best chain) holds nothing for us.
      if ((error as Error).name === 'BlockNotFoundError') return [];
      throw error;
    }
    const transfers: ObservedTransfer[] = [];
    const ethCandidates = full.transactions.filter((tx) => tx.to && tx.value > 0n && watched.has(tx.to));
    for (const tx of ethCandidates) {
      // Only a transaction that succeeded moved its value; the few that match are checked one by one.
      const receipt = await this.client.getTransactionReceipt({ hash: tx.hash });
      if (receipt.status !== 'success') continue;
      transfers.push({
        coin: 'ETH',
        txid: tx.hash.toLowerCase(),
        outputIndex: 0,
        address: getAddress(tx.to as string),
        amount: tx.value,
      });
    }
    const logs = await this.client.request({
      method: 'eth_getLogs',
      params: [
        {
          blockHash: hash,
          address: Object.values(this.tokens),
          topics: [TRANSFER_TOPIC],
        },
      ],
    });
    for (const log of parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs, strict: false })) {
      const coin = tokenCoinOf(this.tokens, log.address);
      const to = log.args.to;
      const value = log.args.value;
      if (!coin || !to || value === undefined || value === 0n || log.removed) continue;
      // The block hash the node reports must be the one asked for (a node that answered another fork's).
      if (log.blockHash && log.blockHash.toLowerCase() !== hash.toLowerCase()) continue;
      const address = getAddress(to);
      if (!watched.has(address)) continue;
      transfers.push({
        coin,
        txid: (log.transactionHash ?? '').toLowerCase(),
        outputIndex: log.logIndex ?? 0,
        address,
        amount: value,
      });
    }
    return transfers;
  }

  /**
   * Not read: Ethereum's mempool is each node's own view and a block follows in about 12 seconds, so
   * deposits show as pending from their first block (1 of N confirmations) instead.
   */
  async mempoolTransfers(): Promise<ObservedTransfer[]> {
    return [];
  }
}

/** keccak256("Transfer(address,address,uint256)"). */
export const TRANSFER_TOPIC: Hash = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

import { DEFAULT_CONFIRMATIONS, type ChainAdapter } from '../adapter.js';
import type { DescriptorDeriver } from './descriptor.js';
import { BITCOIN_NETWORKS, otherNetworks, type BitcoinCoin, type BitcoinNetwork } from './networks.js';
import { scriptOfAddress } from './script-address.js';

/** One coin served on its real network: where its deposit addresses come from. */
export type BitcoinCoinSetup = { network: BitcoinNetwork; deposits: DescriptorDeriver };

/** Thrown by `broadcast`: real Bitcoin and Litecoin withdrawals are sent by the withdrawal batcher. */
export class SentByBatcherError extends Error {}

/**
 * Bitcoin and Litecoin on their real networks (mainnet, or testnet/regtest for a staging server and the
 * tests): addresses validated for the configured network (P2PKH, P2SH, P2WPKH, P2WSH, P2TR, checksums
 * verified), deposit addresses derived from the operator's descriptor (no private key on the server), and
 * no simulated coin.
 *
 * `broadcast` never sends: it is called while a withdrawal row is locked, and a real send pays many
 * withdrawals in one transaction built, signed, broadcast and bumped by the withdrawal batcher (every
 * BTC_BATCH_SECONDS). It throws `SentByBatcherError` saying so, so nothing writes a txid that is not one.
 */
export class BitcoinChain implements ChainAdapter {
  readonly simulatedCoins: readonly string[] = [];

  constructor(
    private readonly coins: Partial<Record<BitcoinCoin, BitcoinCoinSetup>>,
    private readonly confirmations: Record<string, number> = {},
  ) {}

  private setup(coin: string): BitcoinCoinSetup {
    const setup = this.coins[coin as BitcoinCoin];
    if (!setup) throw new Error(`${coin} is not served by the Bitcoin adapter`);
    return setup;
  }

  /** The network a coin runs on here. */
  networkOf(coin: string): BitcoinNetwork {
    return this.setup(coin).network;
  }

  network = (coin: string) => this.setup(coin).network.label;

  supports = (coin: string) => coin in this.coins;

  newDepositAddress(coin: string, index: number): string {
    return this.setup(coin).deposits.addressAt(index);
  }

  isValidAddress(coin: string, address: string): boolean {
    if (!this.supports(coin)) return false;
    return scriptOfAddress(address, this.setup(coin).network) !== undefined;
  }

  otherNetworkOf(coin: string, address: string): string | null {
    if (!this.supports(coin) || this.isValidAddress(coin, address)) return null;
    const network = this.setup(coin).network;
    const candidates = [
      ...otherNetworks(network),
      // A Litecoin address pasted as Bitcoin (or the reverse) on the same kind of network.
      ...Object.values(BITCOIN_NETWORKS[network.coin === 'BTC' ? 'LTC' : 'BTC']),
    ];
    return candidates.find((other) => scriptOfAddress(address, other) !== undefined)?.label ?? null;
  }

  requiredConfirmations = (coin: string) => this.confirmations[coin] ?? DEFAULT_CONFIRMATIONS[coin] ?? 6;

  broadcast(withdrawal: { coin: string; address: string; amount: bigint }): Promise<{ txid: string }> {
    return Promise.reject(
      new SentByBatcherError(
        `${withdrawal.coin} withdrawals are sent by the withdrawal batcher (one transaction for many, ` +
          'every BTC_BATCH_SECONDS), not one by one: the txid is written to the withdrawal when its batch ' +
          'is broadcast.',
      ),
    );
  }

  newTxid(coin: string): string {
    throw new Error(
      `${coin} runs on its real network: transaction ids come from the chain, none is made up.`,
    );
  }
}

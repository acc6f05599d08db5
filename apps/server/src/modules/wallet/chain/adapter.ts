import { randomBytes } from 'node:crypto';
import { ADDRESS_COINS, addressFormat, isValidAddress, supportsCoin } from './addresses.js';

/**
 * The wallet's view of a blockchain. The default implementation simulates one (addresses that are
 * format-valid for each coin's test network, deposits that gain confirmations block by block,
 * withdrawals that the "network" accepts on the next block); a real node or custody provider implements
 * the same interface, and `chainFromConfig` (from-config.ts) is where the configuration picks one.
 */
export interface ChainAdapter {
  /** Human name of the network a coin is sent on, shown next to the address. */
  network(coin: string): string;
  supports(coin: string): boolean;
  /**
   * The coins this adapter serves on the simulated chain: demo money, addresses nobody holds a key to,
   * nothing sent to them arrives. A real adapter lists none; one that combines several lists the coins
   * of its simulated parts. Production refuses to start while any is listed, unless the operator allows
   * it (SIMULATED_CHAIN_IN_PRODUCTION, decision 0047), and every deposit and send screen says so.
   */
  readonly simulatedCoins: readonly string[];
  /**
   * The deposit address at `index`, the user's index on the coin's network (deposit_address_indexes):
   * a real adapter derives it (the BIP-32 child number; the EVM forwarder's CREATE2 salt), so the same
   * index always gives the same address. The simulated chain ignores it.
   */
  newDepositAddress(coin: string, index: number): string;
  isValidAddress(coin: string, address: string): boolean;
  /**
   * For an address `isValidAddress` refuses: the network it belongs to instead (a mainnet address on the
   * simulated chain's test network, a test address on a real one), so the refusal can say why; null when
   * it is no address of the coin at all.
   */
  otherNetworkOf(coin: string, address: string): string | null;
  /** Confirmations after which an incoming transaction is credited. */
  requiredConfirmations(coin: string): number;
  /**
   * Hands a withdrawal to the network; returns its transaction id. It is called while the withdrawal
   * row is locked, so it must be quick and idempotent per withdrawal: a real adapter enqueues the send
   * (keyed by the withdrawal id) rather than waiting on a node here.
   */
  broadcast(withdrawal: { coin: string; address: string; amount: bigint }): Promise<{ txid: string }>;
  /** A transaction id for a simulated incoming transfer. */
  newTxid(coin: string): string;
}

/** Confirmations real services wait for, per coin; WALLET_CONFIRMATIONS overrides them. */
export const DEFAULT_CONFIRMATIONS: Record<string, number> = {
  BTC: 2,
  LTC: 4,
  ETH: 12,
  USDT: 12,
  USDC: 12,
  XMR: 10,
};

/**
 * The simulated chain, run as each coin's test network (Bitcoin and Litecoin regtest, Monero stagenet;
 * Ethereum's 0x... has no test form): its addresses are refused by any mainnet wallet, and it sends only
 * to test-network addresses, as a regtest node would (decision 0047).
 */
export class SimulatedChain implements ChainAdapter {
  constructor(private readonly confirmations: Record<string, number> = {}) {}

  readonly simulatedCoins = ADDRESS_COINS;
  network = (coin: string) => addressFormat(coin, 'test').network;
  supports = (coin: string) => supportsCoin(coin);
  newDepositAddress = (coin: string, _index: number) => addressFormat(coin, 'test').generate();
  isValidAddress = (coin: string, address: string) => isValidAddress(coin, address, 'test');
  otherNetworkOf = (coin: string, address: string) =>
    !this.isValidAddress(coin, address) && isValidAddress(coin, address, 'mainnet')
      ? addressFormat(coin, 'mainnet').network
      : null;
  requiredConfirmations = (coin: string) => this.confirmations[coin] ?? DEFAULT_CONFIRMATIONS[coin] ?? 6;

  newTxid(coin: string): string {
    const bytes = randomBytes(32).toString('hex');
    return ['ETH', 'USDT', 'USDC'].includes(coin) ? `0x${bytes}` : bytes;
  }

  async broadcast(withdrawal: { coin: string; address: string; amount: bigint }): Promise<{ txid: string }> {
    return { txid: this.newTxid(withdrawal.coin) };
  }
}

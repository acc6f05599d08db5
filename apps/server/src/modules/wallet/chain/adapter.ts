import { randomBytes } from 'node:crypto';
import { addressFormat, isValidAddress, supportsCoin } from './addresses.js';

/**
 * The wallet's view of a blockchain. The default implementation simulates one (addresses that are
 * format-valid for each coin, deposits that gain confirmations block by block, withdrawals that the
 * "network" accepts on the next block); a real node or custody provider implements the same interface.
 */
export interface ChainAdapter {
  /** Human name of the network a coin is sent on, shown next to the address. */
  network(coin: string): string;
  supports(coin: string): boolean;
  newDepositAddress(coin: string): string;
  isValidAddress(coin: string, address: string): boolean;
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

export class SimulatedChain implements ChainAdapter {
  constructor(private readonly confirmations: Record<string, number> = {}) {}

  network = (coin: string) => addressFormat(coin).network;
  supports = (coin: string) => supportsCoin(coin);
  newDepositAddress = (coin: string) => addressFormat(coin).generate();
  isValidAddress = (coin: string, address: string) => isValidAddress(coin, address);
  requiredConfirmations = (coin: string) => this.confirmations[coin] ?? DEFAULT_CONFIRMATIONS[coin] ?? 6;

  newTxid(coin: string): string {
    const bytes = randomBytes(32).toString('hex');
    return ['ETH', 'USDT', 'USDC'].includes(coin) ? `0x${bytes}` : bytes;
  }

  async broadcast(withdrawal: { coin: string; address: string; amount: bigint }): Promise<{ txid: string }> {
    return { txid: this.newTxid(withdrawal.coin) };
  }
}

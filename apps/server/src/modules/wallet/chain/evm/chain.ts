import { randomBytes } from 'node:crypto';
import { isAddress, type Address } from 'viem';
import { DEFAULT_CONFIRMATIONS, type ChainAdapter } from '../adapter.js';
import { forwarderAddress } from './contracts.js';
import { isEvmCoin } from './coins.js';

/**
 * The EVM chain as the wallet sees it (decision 0059): ETH, USDT and USDC on one network, a user's deposit
 * address the CREATE2 address of their forwarder (one per user for the three coins: the index is the
 * salt), checksummed 0x addresses. It only answers questions: `EvmSource` reads the chain, `EvmSender`
 * sends withdrawals, `EvmSweeper` moves deposits to the hot wallet.
 */
export class EvmChain implements ChainAdapter {
  readonly simulatedCoins: readonly string[] = [];
  private readonly networkName: string;

  constructor(
    private readonly options: {
      factory: Address;
      chainId: number;
      confirmations?: Record<string, number>;
    },
  ) {
    this.networkName =
      options.chainId === 1 ? 'Ethereum (ERC-20)' : `Ethereum chain ${options.chainId} (ERC-20)`;
  }

  network = () => this.networkName;
  supports = (coin: string) => isEvmCoin(coin);

  /** The user's forwarder address for `index`: the same for ETH, USDT and USDC. */
  newDepositAddress(coin: string, index?: number): string {
    if (!isEvmCoin(coin)) throw new Error(`EvmChain does not serve ${coin}`);
    if (index === undefined) throw new Error('EVM deposit addresses need the user index (the CREATE2 salt)');
    return forwarderAddress(this.options.factory, index);
  }

  /** A 0x address of 20 bytes: all lower case, all upper case, or with a correct EIP-55 checksum. */
  isValidAddress = (coin: string, address: string) =>
    isEvmCoin(coin) && isAddress(address.trim(), { strict: true });

  /** 0x addresses are the same on every EVM network: one refused here belongs to none we know. */
  otherNetworkOf = () => null;

  requiredConfirmations = (coin: string) =>
    this.options.confirmations?.[coin] ?? DEFAULT_CONFIRMATIONS[coin] ?? 12;

  /**
   * Nothing is sent here: `EvmSender` picks up pending withdrawals and signs its own transactions (a
   * nonce each, the signed bytes saved first). Only the simulated miner calls this, for simulated coins.
   */
  async broadcast(withdrawal: { coin: string }): Promise<{ txid: string }> {
    throw new Error(`${withdrawal.coin} withdrawals are sent by the EVM sender, not by broadcast()`);
  }

  newTxid(): string {
    return `0x${randomBytes(32).toString('hex')}`;
  }
}

import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../../platform/db/client.js';
import { depositAddresses } from '../../tables.js';
import type { CustodyView, Holding, OwnershipProof } from '../custody.js';
import { signBip322 } from './bip322.js';
import type { DescriptorDeriver } from './descriptor.js';
import { mapLimit } from './esplora-client.js';
import type { HotWalletKey } from './hot-wallet.js';
import type { BitcoinNetwork } from './networks.js';

/**
 * Where a Bitcoin or Litecoin coin sits (issue 27, decision 0056), read from the chain now:
 * - hot: the hot wallet's P2WPKH address (the server holds its key; it pays withdrawals);
 * - deposit: each user's deposit address with a balance (derived from the operator's descriptor; the
 *   server never holds their keys, so what they hold is cold by construction until the operator sweeps);
 * - cold: the descriptor's other addresses (indices not given to a user, up to `coldGap` past the last
 *   one given), where the operator's offline wallet may keep what the hot wallet does not need.
 *
 * `proveOwnership` signs with BIP-322 for the hot wallet only: deposit and cold keys are offline, and the
 * operator proves those with their own wallet (listed unsigned by the caller).
 */

/** Reads the balance of one address (confirmed and unconfirmed). */
export type BalanceReader = { balance(address: string): Promise<bigint> };

export type BitcoinCustodyOptions = {
  network: BitcoinNetwork;
  node: BalanceReader;
  hotWallet: HotWalletKey | null;
  deposits: DescriptorDeriver;
  /** The deposit addresses given to users for this coin (`deposit_addresses`). */
  depositAddresses: () => Promise<readonly string[]>;
  /** Descriptor addresses looked at past the ones given to users (default 20, BIP-44's gap limit). */
  coldGap?: number;
  /** Balance requests in flight at once (default 8). */
  concurrency?: number;
};

export class BitcoinCustody implements CustodyView {
  readonly network: string;
  readonly coins: readonly string[];

  constructor(private readonly options: BitcoinCustodyOptions) {
    this.network = options.network.coin;
    this.coins = [options.network.coin];
  }

  async holdings(): Promise<Holding[]> {
    const coin = this.network;
    const { node, hotWallet, deposits } = this.options;
    const concurrency = this.options.concurrency ?? 8;
    const holdings: Holding[] = [];
    if (hotWallet) {
      holdings.push({
        coin,
        place: 'hot',
        address: hotWallet.address,
        amount: await node.balance(hotWallet.address),
      });
    }
    const given = [...new Set(await this.options.depositAddresses())];
    const givenSet = new Set(given);
    const balances = await mapLimit(given, concurrency, (address) => node.balance(address));
    given.forEach((address, i) => {
      if (balances[i]! > 0n) holdings.push({ coin, place: 'deposit', address, amount: balances[i]! });
    });
    const span = given.length + (this.options.coldGap ?? 20);
    const cold = Array.from({ length: span }, (_, index) => deposits.addressAt(index)).filter(
      (address) => !givenSet.has(address) && address !== hotWallet?.address,
    );
    const coldBalances = await mapLimit(cold, concurrency, (address) => node.balance(address));
    cold.forEach((address, i) => {
      if (coldBalances[i]! > 0n) holdings.push({ coin, place: 'cold', address, amount: coldBalances[i]! });
    });
    return holdings;
  }

  async proveOwnership(message: string): Promise<OwnershipProof[]> {
    const { hotWallet, network } = this.options;
    if (!hotWallet) return [];
    return [
      {
        coin: this.network,
        address: hotWallet.address,
        message,
        signature: signBip322(message, hotWallet.privateKey, network),
        scheme: 'bip322',
      },
    ];
  }
}

/** The deposit addresses given to users for a coin, from `deposit_addresses`. */
export const depositAddressesOf = (db: DbOrTx, coin: string) => async (): Promise<string[]> =>
  (
    await db
      .select({ address: depositAddresses.address })
      .from(depositAddresses)
      .where(eq(depositAddresses.cryptoCode, coin))
  ).map((row) => row.address);

import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { erc20Abi, type Address } from 'viem';
import type { DbOrTx } from '../../../../platform/db/client.js';
import type { CustodyView, Holding, OwnershipProof } from '../custody.js';
import { chainPayouts, depositAddresses, evmSweeps } from '../../tables.js';
import { EVM_COINS, type TokenContracts } from './coins.js';
import { forwarderAddress } from './contracts.js';
import type { HotWallet } from './hot-wallet-tx.js';

/**
 * Where the platform's EVM coins are (decision 0059): the hot wallet's ETH and token balances, and each
 * forwarder's (deployed or not: a CREATE2 address holds coins before its code exists). Forwarders with an
 * open sweep are `sweeping`. Which forwarders to read is the caller's list of indexes (the users with an
 * EVM deposit address); the proof of ownership is an EIP-191 signature by the hot wallet's key.
 */
export class EvmCustody implements CustodyView {
  readonly network = 'EVM';
  readonly coins = EVM_COINS;

  constructor(
    private readonly hot: HotWallet,
    private readonly factory: Address,
    private readonly tokens: TokenContracts,
    private readonly forwarderIndexes: () => Promise<readonly number[]>,
  ) {}

  private async balancesAt(address: Address): Promise<Record<string, bigint>> {
    const client = this.hot.client;
    const [ETH, USDT, USDC] = await Promise.all([
      client.getBalance({ address }),
      client.readContract({
        address: this.tokens.USDT,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
      }),
      client.readContract({
        address: this.tokens.USDC,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
      }),
    ]);
    return { ETH, USDT, USDC };
  }

  async holdings(): Promise<Holding[]> {
    const holdings: Holding[] = [];
    const hot = await this.balancesAt(this.hot.address);
    for (const coin of EVM_COINS) {
      holdings.push({ coin, place: 'hot', address: this.hot.address, amount: hot[coin]! });
    }
    const sweeping = new Set(
      (
        await this.hot.db
          .select({ index: evmSweeps.forwarderIndex })
          .from(evmSweeps)
          .innerJoin(chainPayouts, eq(chainPayouts.id, evmSweeps.payoutId))
          .where(and(eq(chainPayouts.status, 'broadcast')))
      ).map((row) => row.index),
    );
    for (const index of await this.forwarderIndexes()) {
      const address = forwarderAddress(this.factory, index);
      const balances = await this.balancesAt(address);
      for (const coin of EVM_COINS) {
        const amount = balances[coin]!;
        if (amount > 0n) {
          holdings.push({ coin, place: sweeping.has(index) ? 'sweeping' : 'deposit', address, amount });
        }
      }
    }
    return holdings;
  }

  /** The hot wallet signs `message` (personal_sign); one proof per coin, all for the same address. */
  async proveOwnership(message: string): Promise<OwnershipProof[]> {
    const signature = await this.hot.account.signMessage({ message });
    return EVM_COINS.map((coin) => ({
      coin,
      address: this.hot.address,
      message,
      signature,
      scheme: 'eip191',
    }));
  }
}

/**
 * The forwarder indexes given to users: `deposit_addresses.derivation_index` of their ETH, USDT and USDC
 * addresses (one index per user on the EVM network, so one forwarder for the three coins). What the
 * custody view reads and the sweeper empties; rows made before indexes (null) were never forwarders.
 */
export const forwarderIndexesOf = (db: DbOrTx) => async (): Promise<number[]> =>
  (
    await db
      .selectDistinct({ index: depositAddresses.derivationIndex })
      .from(depositAddresses)
      .where(
        and(
          inArray(depositAddresses.cryptoCode, [...EVM_COINS]),
          isNotNull(depositAddresses.derivationIndex),
        ),
      )
      .orderBy(asc(depositAddresses.derivationIndex))
  ).map((row) => row.index!);

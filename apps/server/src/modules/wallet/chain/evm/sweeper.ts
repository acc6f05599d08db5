import { and, eq, inArray } from 'drizzle-orm';
import { encodeFunctionData, erc20Abi, type Address, type Hex } from 'viem';
import { chainPayouts, evmSweeps } from '../../tables.js';
import type { TokenContracts } from './coins.js';
import { factoryAbi, forwarderAddress } from './contracts.js';
import { lockHotWallet, type HotWallet } from './hot-wallet-tx.js';

/**
 * Moves deposits from users' forwarders to the hot wallet (decision 0059): one hot-wallet transaction
 * per forwarder calling the factory's `sweep(index, tokens)`, which deploys the forwarder if it is not
 * yet and flushes its ETH and tokens. The hot wallet pays the gas (booked as `network_costs` when the
 * transaction confirms, by the sender's settlement pass); the coins stay the platform's custody, so no
 * user's balance moves. Idempotent: a forwarder with a sweep still open is skipped, and the decision is
 * taken under the hot wallet's lock, so two instances never sweep one forwarder twice at once.
 */
export class EvmSweeper {
  constructor(
    private readonly hot: HotWallet,
    private readonly factory: Address,
    private readonly tokens: TokenContracts,
    /** The forwarders to look at each pass: every index given to a user (`forwarderIndexesOf`). */
    private readonly forwarderIndexes: () => Promise<readonly number[]> = async () => [],
  ) {}

  /**
   * The periodic pass (`startEvmHotWallet`): sweeps every user's forwarder that holds anything. The
   * candidates are `deposit_addresses.derivation_index` of the EVM coins, so a deposit is swept whether
   * or not the follower has credited it yet (the coins are the platform's custody either way).
   */
  async pass(): Promise<{ index: number; txid: string }[]> {
    return this.sweep(await this.forwarderIndexes());
  }

  /** What the forwarder of `index` holds now, per coin (base units). */
  async balancesOf(index: number): Promise<{ address: Address; ETH: bigint; USDT: bigint; USDC: bigint }> {
    const address = forwarderAddress(this.factory, index);
    const [eth, usdt, usdc] = await Promise.all([
      this.hot.client.getBalance({ address }),
      this.tokenBalance(this.tokens.USDT, address),
      this.tokenBalance(this.tokens.USDC, address),
    ]);
    return { address, ETH: eth, USDT: usdt, USDC: usdc };
  }

  private tokenBalance(token: Address, owner: Address) {
    return this.hot.client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    });
  }

  /**
   * Sweeps the forwarders of these indexes that hold anything (the deposit book passes the users whose
   * deposits were credited; a periodic pass can pass every index). Returns the sweeps signed.
   */
  async sweep(indexes: readonly number[]): Promise<{ index: number; txid: string }[]> {
    const targets: {
      index: number;
      balances: Awaited<ReturnType<EvmSweeper['balancesOf']>>;
      data: Hex;
      gas: bigint;
    }[] = [];
    for (const index of new Set(indexes)) {
      const balances = await this.balancesOf(index);
      if (balances.ETH === 0n && balances.USDT === 0n && balances.USDC === 0n) continue;
      const tokens = (['USDT', 'USDC'] as const)
        .filter((coin) => balances[coin] > 0n)
        .map((c) => this.tokens[c]);
      const data = encodeFunctionData({
        abi: factoryAbi,
        functionName: 'sweep',
        args: [BigInt(index), tokens],
      });
      const estimate = await this.hot.client.estimateGas({
        account: this.hot.address,
        to: this.factory,
        data,
      });
      targets.push({ index, balances, data, gas: (estimate * 12n) / 10n });
    }
    if (targets.length === 0) return [];
    const state = await this.hot.chainState();
    const signed: { index: number; txid: string; raw: Hex }[] = [];
    await this.hot.db.transaction(async (tx) => {
      await lockHotWallet(tx);
      const open = await tx
        .select({ index: evmSweeps.forwarderIndex })
        .from(evmSweeps)
        .innerJoin(chainPayouts, eq(chainPayouts.id, evmSweeps.payoutId))
        .where(
          and(
            inArray(
              evmSweeps.forwarderIndex,
              targets.map((t) => t.index),
            ),
            eq(chainPayouts.status, 'broadcast'),
          ),
        );
      const busy = new Set(open.map((row) => row.index));
      for (const target of targets) {
        if (busy.has(target.index)) continue;
        const row = await this.hot.signAndRecord(
          tx,
          { to: this.factory, value: 0n, data: target.data, gas: target.gas },
          state,
        );
        await tx.insert(evmSweeps).values({
          forwarderIndex: target.index,
          forwarder: target.balances.address,
          payoutId: row.id,
          ethAmount: target.balances.ETH.toString(),
          tokenAmounts: JSON.stringify({
            USDT: target.balances.USDT.toString(),
            USDC: target.balances.USDC.toString(),
          }),
        });
        signed.push({ index: target.index, txid: row.txid, raw: row.rawTx as Hex });
      }
    });
    for (const { raw } of signed) await this.hot.broadcast(raw);
    return signed.map(({ index, txid }) => ({ index, txid }));
  }
}

import { randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import {
  compareDecimals,
  formatBaseUnits,
  formatBaseUnitsTrimmed,
  formatDecimal,
  multiply,
  parseAmount,
  parseDecimal,
  REQUIRED_WITHDRAWAL_APPROVALS,
  rescale,
  subtract,
  type WithdrawBody,
} from '@app/contract';
import type { Config } from '../../platform/config.js';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import { assertAllowed, isAllowed } from '../../platform/auth/account-policy.js';
import { AppError, fieldError, notFound, validationError } from '../../platform/http/errors.js';
import type { CatalogueService } from '../catalogue/index.js';
import { createJurisdictions } from '../compliance/index.js';
import type { KycStandings } from '../kyc/index.js';
import { NO_BALANCES, type Hold, type Ledger } from '../ledger/index.js';
import { fiatPerUnit, type RatesService } from '../rates/index.js';
import { usersRepository } from '../users/repository.js';
import type { ChainAdapter } from './chain/adapter.js';
import { chainNetworkOf } from './chain/networks.js';
import { walletRepository, type ChainDepositRow, type WithdrawalRow } from './repository.js';
import { withdrawalRequestHash } from './request-hash.js';
import { lockBondsOf } from './bond-lock.js';
import { simulatedChainState } from './tables.js';
import { UserReadCache } from '../../platform/cache/user-reads.js';

/** Network fees a withdrawal costs when WALLET_NETWORK_FEES does not say otherwise. */
export const DEFAULT_NETWORK_FEES: Record<string, string> = {
  BTC: '0.00005',
  LTC: '0.0005',
  ETH: '0.0008',
  USDT: '2',
  USDC: '2',
  XMR: '0.0002',
};
/** The security deposit per coin when BOND_AMOUNTS does not say otherwise. */
export const DEFAULT_BOND_AMOUNTS: Record<string, string> = {
  BTC: '0.002',
  LTC: '1.5',
  ETH: '0.05',
  USDT: '150',
  USDC: '150',
  XMR: '0.5',
};

export type WalletHooks = {
  /**
   * Whether the user has running trades (the trades module provides it). Information for the withdraw
   * form only: a trade's escrow already left `available` when it started, so the rest of the wallet
   * stays free to send (docs/decisions/0007-wallet-and-bonds.md, "Withdrawal rules").
   */
  hasActiveTrades(userId: number): Promise<boolean>;
  /**
   * Whether the user has active offers that need the bond in this coin (the offers module provides it).
   * `dbOrTx`: the caller's transaction, which holds the user's bond lock (bond-lock.ts).
   */
  hasActiveBondOffers(userId: number, cryptoCode: string, dbOrTx?: DbOrTx): Promise<boolean>;
  /**
   * Lets a send-out through when the user does not ask for a code for it, or with a right `code`; throws
   * the refusal otherwise (the two-factor module provides it, decision 0028).
   */
  confirmSendout(userId: number, code: string | undefined): Promise<void>;
};
const NO_HOOKS: WalletHooks = {
  hasActiveTrades: async () => false,
  hasActiveBondOffers: async () => false,
  confirmSendout: async () => undefined,
};

/** A withdrawal as `withdraw` answers it; `replayed` when a retried Idempotency-Key found the first one. */
export type WithdrawResult = {
  withdrawal: WithdrawalRow;
  recipientUsername: string | null;
  replayed: boolean;
};

export type WalletServiceOptions = {
  db: Db;
  ledger: Ledger;
  catalogue: CatalogueService;
  rates: RatesService;
  chain: ChainAdapter;
  /** The users' KYC levels: the wallet may be blocked below a level, and each level caps send-outs (0037). */
  kyc: KycStandings;
  config: Pick<Config, 'wallet' | 'compliance'>;
  hooks?: Partial<WalletHooks>;
  now?: () => Date;
  /** The users' own reads kept until their data changes (issue 28); without it, balances are read every time. */
  userReads?: UserReadCache;
};

const publicId = () => randomBytes(12).toString('base64url');

/** When the first hold still held comes due (its money turns available by time alone), or null. */
function nextHoldRelease(holds: readonly Hold[]): number | null {
  const due = holds.filter((hold) => hold.state === 'held').map((hold) => hold.releaseAt.getTime());
  return due.length > 0 ? Math.min(...due) : null;
}
const ZERO_USD = parseDecimal('0');

/**
 * The wallet: balances and history read from the ledger, deposits and withdrawals through the chain
 * adapter, bonds between `available` and `bond`. Every movement of money goes through the ledger with
 * a key derived from the business event (the deposit's txid, the withdrawal's id, the bond's version).
 */
export function createWalletService(options: WalletServiceOptions) {
  const { db, ledger, catalogue, rates, chain, kyc, config } = options;
  const hooks: WalletHooks = { ...NO_HOOKS, ...options.hooks };
  const now = options.now ?? (() => new Date());
  const userReads = options.userReads ?? new UserReadCache({ ttlMs: 0 });
  // The operator's blocked jurisdictions close the wallet as WALLET_BLOCKED_COUNTRIES does (0039).
  const jurisdictions = createJurisdictions(config.compliance);

  /** The coin, or a 422 on `field`: unknown, not supported by the chain, or blocked. */
  async function coin(code: string, field = 'crypto_currency_code') {
    const data = await catalogue.data();
    const crypto = data.cryptoByCode.get(code.toUpperCase());
    if (!crypto || !chain.supports(crypto.code)) {
      throw fieldError(field, 'Unknown crypto currency', 'unknown_crypto_currency');
    }
    return crypto;
  }

  function units(amount: string, decimals: number, field: string): bigint {
    const parsed = parseAmount(amount, decimals);
    if (!parsed.ok) throw fieldError(field, parsed.message, parsed.code);
    return parsed.units;
  }

  /** A configured amount (fee, bond): zero is allowed, more decimals than the coin has is not. */
  function configuredUnits(value: string, decimals: number, name: string): bigint {
    if (/^0+(\.0+)?$/.test(value)) return 0n;
    const parsed = parseAmount(value, decimals);
    if (!parsed.ok) throw new Error(`configured ${name} "${value}": ${parsed.message}`);
    return parsed.units;
  }
  const networkFee = (code: string, decimals: number) =>
    configuredUnits(
      config.wallet.networkFees[code] ?? DEFAULT_NETWORK_FEES[code] ?? '0',
      decimals,
      `network fee of ${code}`,
    );
  const bondAmount = (code: string, decimals: number) =>
    configuredUnits(
      config.wallet.bond.amounts[code] ?? DEFAULT_BOND_AMOUNTS[code] ?? '0',
      decimals,
      `bond of ${code}`,
    );

  async function available(userId: number, code: string, dbOrTx: DbOrTx = db) {
    return (await ledger.accountState(code, { userId, kind: 'available' }, dbOrTx)).balance;
  }

  /** Credits a deposit once: the deposit row is locked and the ledger key is the txid. */
  async function confirmDeposit(tx: Tx, deposit: ChainDepositRow, confirmations: number) {
    const { transactionId } = await ledger.transfer(
      {
        idempotencyKey: `deposit:${deposit.cryptoCode}:${deposit.txid}`,
        kind: 'deposit',
        cryptoCode: deposit.cryptoCode,
        reference: { type: 'deposit', id: deposit.txid },
        legs: [
          { account: { userId: null, kind: 'world' }, amount: -BigInt(deposit.amount) },
          { account: { userId: deposit.userId, kind: 'available' }, amount: BigInt(deposit.amount) },
        ],
      },
      tx,
    );
    await walletRepository.updateDeposit(tx, deposit.id, {
      status: 'confirmed',
      confirmations,
      confirmedAt: now(),
      ledgerTransactionId: transactionId,
    });
  }

  /**
   * A withdrawal as its first answer showed it, so a replay is byte-identical: an external one was pending
   * (or awaiting approval, when it needed some) with no txid then (its later progress is in
   * `GET /rest/v2/wallet/withdrawals`); an internal one was complete at once and never changes.
   */
  const asCreated = (row: WithdrawalRow): WithdrawalRow =>
    row.kind === 'external'
      ? {
          ...row,
          status: row.requiredApprovals > 0 ? 'awaiting_approval' : 'pending',
          txid: null,
          completedAt: null,
          rejectionReason: null,
          reviewedAt: null,
        }
      : row;

  const recipientNameOf = async (row: WithdrawalRow) =>
    row.recipientUserId === null
      ? null
      : ((await usersRepository.findById(db, row.recipientUserId))?.username ?? null);

  /** A new withdrawal: every rule checked, then the row and its ledger movement in one transaction. */
  async function send(
    userId: number,
    body: WithdrawBody,
    request: { crypto: { code: string }; amount: bigint; clientKey?: string; requestHash: string },
  ): Promise<WithdrawResult> {
    const { amount, clientKey } = request;
    const { crypto, user, fee, standing, conditions } = await withdrawalConditions(
      userId,
      request.crypto.code,
    );
    assertAllowed(user.accountState, 'withdraw');
    if (!conditions.withdraw_enabled) {
      throw new AppError(403, 'WITHDRAW_DISABLED', `Withdrawals of ${crypto.code} are disabled.`);
    }
    if (conditions.blockReason === 'BLOCKED_IN_LOCATION') {
      throw new AppError(403, 'BLOCKED_IN_LOCATION', 'The wallet is not available in your location.');
    }
    if (conditions.blockReason === 'ID_REQUIRED') {
      throw new AppError(
        403,
        'ID_REQUIRED',
        `Your verification level (${standing.level.id}) does not allow sending crypto out of your wallet.` +
          (standing.next ? ` Verify to reach ${standing.next.id}.` : ''),
      );
    }
    if (conditions.need_to_wait_time_title) {
      throw new AppError(403, 'NEED_TO_WAIT', conditions.need_to_wait_time_title);
    }
    if (conditions.emailVerificationRequired) {
      throw new AppError(
        403,
        'EMAIL_NOT_VERIFIED',
        'Verify your e-mail address before sending crypto out of your wallet.',
      );
    }

    let recipient: { id: number; username: string } | null = null;
    if (body.username) {
      const found = await usersRepository.findByUsername(db, body.username);
      if (!found) throw fieldError('username', 'No user with this username', 'unknown_user');
      if (found.id === userId) {
        throw fieldError('username', 'You cannot send to yourself', 'self_transfer');
      }
      recipient = { id: found.id, username: found.username };
    } else if (!chain.isValidAddress(crypto.code, body.address ?? '')) {
      // An address of the coin's other network (a mainnet one on the simulated chain's regtest) is said
      // as such: a regtest node refuses it too, and nothing must look sent to a real wallet (0047).
      const other = chain.otherNetworkOf(crypto.code, body.address ?? '');
      throw other
        ? fieldError(
            'address',
            `A ${other} address: this wallet sends only to ${chain.network(crypto.code)} addresses`,
            'wrong_network_address',
          )
        : fieldError('address', `Not a valid ${chain.network(crypto.code)} address`, 'invalid_address');
    }
    const internal = recipient !== null;
    const charged = internal ? amount : amount + fee;
    if (charged > (await available(userId, crypto.code))) {
      throw validationError([
        {
          field: 'amount',
          message: internal
            ? 'More than your available balance'
            : 'The amount plus the network fee is more than your balance',
          code: 'insufficient_funds',
        },
      ]);
    }

    // What the send-out is worth in USD now: the level's withdrawal limit adds these up (decision 0037).
    const usdPerUnit = fiatPerUnit(await rates.view(), crypto.code, 'USD');
    const amountUsd = usdPerUnit
      ? rescale(multiply(parseDecimal(formatBaseUnits(amount, crypto.decimals)), parseDecimal(usdPerUnit)), 8)
      : null;
    const { withdrawalUsd, withdrawalDays } = standing.level.limits;
    if (withdrawalUsd !== null && amountUsd === null) {
      throw new AppError(503, 'SERVICE_UNAVAILABLE', 'No market rate is available to value this send-out.');
    }
    // Above the operator's threshold an external send-out waits for two staff members (decision 0058); one
    // that cannot be valued (no market rate) waits too, since nobody can say it is below.
    const approvalUsd = config.wallet.approvalUsd;
    const queued =
      !internal &&
      approvalUsd !== null &&
      (amountUsd === null || compareDecimals(amountUsd, parseDecimal(approvalUsd)) > 0);
    const id = publicId();
    const row = await db.transaction(async (tx) => {
      if (withdrawalUsd !== null && amountUsd !== null) {
        // Under the user's row lock: two send-outs at once are counted one after the other.
        await walletRepository.lockUser(tx, userId);
        const since = new Date(now().getTime() - withdrawalDays * 86_400_000);
        const sent = parseDecimal(await walletRepository.sentOutUsdSince(tx, userId, since));
        const left = subtract(parseDecimal(String(withdrawalUsd)), sent);
        if (compareDecimals(amountUsd, left) > 0) {
          const shown = formatDecimal(
            rescale(compareDecimals(left, ZERO_USD) < 0 ? ZERO_USD : left, 2, 'down'),
          );
          throw fieldError(
            'amount',
            `Your verification level (${standing.level.id}) lets you send out ${withdrawalUsd} USD every ` +
              `${withdrawalDays === 1 ? '24 hours' : `${withdrawalDays} days`}; ${shown} USD is left.` +
              (standing.next ? ` Verify to reach ${standing.next.id} and raise it.` : ''),
            'WITHDRAWAL_LIMIT',
          );
        }
      }
      const inserted = await walletRepository.insertWithdrawal(tx, {
        publicId: id,
        userId,
        cryptoCode: crypto.code,
        kind: internal ? 'internal' : 'external',
        address: internal ? null : (body.address ?? null),
        recipientUserId: recipient?.id ?? null,
        amount: amount.toString(),
        networkFee: internal ? '0' : fee.toString(),
        status: internal ? 'completed' : queued ? 'awaiting_approval' : 'pending',
        requiredApprovals: queued ? REQUIRED_WITHDRAWAL_APPROVALS : 0,
        completedAt: internal ? now() : null,
        clientKey: clientKey ?? null,
        requestHash: clientKey ? request.requestHash : null,
        amountUsd: amountUsd === null ? null : formatDecimal(amountUsd),
      });
      if (!inserted) return undefined; // the same client key committed concurrently
      const legs = internal
        ? [
            { account: { userId, kind: 'available' as const }, amount: -amount },
            { account: { userId: recipient!.id, kind: 'available' as const }, amount },
          ]
        : [
            { account: { userId, kind: 'available' as const }, amount: -charged },
            { account: { userId: null, kind: 'outgoing' as const }, amount: charged },
          ];
      // IRREVERSIBLE once committed: the balance check runs under the account lock inside transfer.
      await ledger.transfer(
        {
          idempotencyKey: `withdrawal:${id}`,
          kind: internal ? 'internal_transfer' : 'withdrawal',
          cryptoCode: crypto.code,
          reference: { type: 'withdrawal', id },
          legs,
        },
        tx,
      );
      return inserted;
    });
    if (!row) {
      // Thrown so that the caller answers with the committed request (or 409 when it was another one).
      throw new AppError(409, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key is in use by another request.');
    }
    return { withdrawal: row, recipientUsername: recipient?.username ?? null, replayed: false };
  }

  async function withdrawalConditions(userId: number, code: string) {
    const crypto = await coin(code);
    const user = await usersRepository.findById(db, userId);
    if (!user) throw notFound('User not found');
    const fee = networkFee(crypto.code, crypto.decimals);
    const balance = await available(userId, crypto.code);
    const ageHours = (now().getTime() - user.createdAt.getTime()) / 3_600_000;
    const waitHours = Math.ceil(config.wallet.minAccountAgeHours - ageHours);
    const standing = await kyc.standing(userId);
    const walletClosed =
      standing.level.blockedActions.includes('use-wallet') || standing.level.limits.withdrawalUsd === 0;
    const blockReason =
      (user.countryIso && config.wallet.blockedCountries.includes(user.countryIso.toUpperCase())) ||
      jurisdictions.isBlocked(user.countryIso)
        ? ('BLOCKED_IN_LOCATION' as const)
        : walletClosed
          ? ('ID_REQUIRED' as const)
          : null;
    const bond = await ledger.accountState(crypto.code, { userId, kind: 'bond' });
    return {
      crypto,
      user,
      fee,
      balance,
      standing,
      conditions: {
        cryptoCurrencyCode: crypto.code,
        withdraw_enabled: isAllowed(user.accountState, 'withdraw') && !crypto.isBlocked,
        no_security_deposit: bond.balance === 0n,
        have_active_trades: await hooks.hasActiveTrades(userId),
        need_to_wait_time_title: waitHours > 0 ? `Withdrawals open ${waitHours} h after registration` : null,
        blockReason,
        emailVerificationRequired: config.wallet.requireVerifiedEmail && !user.isEmailVerified,
        networkFee: formatBaseUnits(fee, crypto.decimals),
        maxAmount: formatBaseUnits(balance > fee ? balance - fee : 0n, crypto.decimals),
        decimals: crypto.decimals,
        network: chain.network(crypto.code),
        simulated: chain.simulatedCoins.includes(crypto.code),
      },
    };
  }

  /**
   * The user's balances, holds and incoming deposits. A hold whose date has come is released here first
   * if the job has not reached it yet, so the answer never shows as held what is already the user's.
   */
  async function balanceFacts(userId: number) {
    const user = await usersRepository.findById(db, userId);
    let ledgerBalances = await ledger.balancesOf(userId);
    let holds: Hold[] = [];
    if ([...ledgerBalances.values()].some((b) => b.held > 0n)) {
      // Only users with something held pay for these reads. The balances and the holds are read from
      // one snapshot, so a release committing meanwhile (the job, another tab) cannot show an amount
      // both held and available, or neither.
      await ledger.holds.releaseDue({ userId, asOf: now() });
      ({ ledgerBalances, holds } = await db.transaction(
        async (tx) => ({
          ledgerBalances: await ledger.balancesOf(userId, tx),
          holds: await ledger.holds.openOf(userId, tx),
        }),
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      ));
    }
    const incoming = new Map(
      (await walletRepository.pendingDepositTotals(db, userId)).map((row) => [
        row.cryptoCode,
        BigInt(row.total),
      ]),
    );
    return { fiatCode: user?.currencyCode ?? 'USD', ledgerBalances, holds, incoming };
  }

  return {
    /**
     * Balances in every coin the chain supports, valued in the user's own fiat currency, with what is held
     * and until when (decision 0048). A hold whose date has come is released here first if the job has
     * not reached it yet, so the answer never shows as held what is already the user's.
     */
    /** The rates' version: balances are valued anew when it changes. */
    ratesVersion: async () => (await rates.view()).version,

    async balances(userId: number) {
      // What the balances are made of is kept per user until their money moves (the ledger, holds and
      // deposits announce it) or a hold's date comes; the valuation at today's rates is made per call.
      const { fiatCode, ledgerBalances, holds, incoming } = await userReads.get(
        userId,
        'wallet.balances',
        () => balanceFacts(userId),
        { validUntil: (facts) => nextHoldRelease(facts.holds) },
      );
      const data = await catalogue.data();
      const view = await rates.view();
      const fiat = data.currencyByCode.get(fiatCode) ?? data.currencyByCode.get('USD');
      return data.cryptos
        .filter((crypto) => chain.supports(crypto.code))
        .map((crypto) => {
          const b = ledgerBalances.get(crypto.code) ?? NO_BALANCES;
          const amount = (units: bigint) => formatBaseUnits(units, crypto.decimals);
          return {
            cryptoCurrencyCode: crypto.code,
            balance: amount(b.available),
            incomingAmount: amount(incoming.get(crypto.code) ?? 0n),
            escrowAmount: amount(b.escrow),
            bondAmount: amount(b.bond),
            heldAmount: amount(b.held),
            held: holds
              .filter((hold) => hold.cryptoCode === crypto.code)
              .map((hold) => ({
                amount: amount(hold.amount),
                availableAt: hold.releaseAt.toISOString(),
                appealPending: hold.state === 'contested',
                tradeHash: hold.reference,
              })),
            fiatRate: fiat ? (fiatPerUnit(view, crypto.code, fiat.code) ?? null) : null,
            fiatCurrencyCode: fiat?.code ?? 'USD',
            fiatPrecision: fiat?.precision ?? 2,
            decimals: crypto.decimals,
          };
        });
    },

    /**
     * The release job's pass (`main.ts`, wallet/hold-release.ts): held awards whose appeal window ended
     * without an appeal become available (decision 0048). Answers how many were released.
     */
    releaseDueHolds: () => ledger.holds.releaseDue({ asOf: now() }),

    /** The user's deposit address for a coin, created on first request. */
    async depositAddress(userId: number, code: string) {
      const crypto = await coin(code);
      const existing = await walletRepository.findDepositAddress(db, userId, crypto.code);
      // The address is derived from the user's index on the coin's network (ETH, USDT and USDC share
      // one): allocated and recorded with the address in one transaction (decision 0055).
      const row =
        existing ??
        (await db.transaction(async (tx) => {
          const index = await walletRepository.derivationIndex(tx, chainNetworkOf(crypto.code), userId);
          return walletRepository.claimDepositAddress(
            tx,
            userId,
            crypto.code,
            chain.newDepositAddress(crypto.code, index),
            index,
          );
        }));
      if (!row) throw new Error('deposit address vanished');
      return {
        cryptoCurrencyCode: crypto.code,
        address: row.address,
        network: chain.network(crypto.code),
        requiredConfirmations: chain.requiredConfirmations(crypto.code),
        simulated: chain.simulatedCoins.includes(crypto.code),
      };
    },

    /**
     * An incoming chain transaction to a user's deposit address (the simulated chain's faucet, driven
     * by `npm run admin -- wallet:deposit`). Credited now unless `pending`; then blocks confirm it.
     */
    async receiveDeposit(input: {
      username: string;
      code: string;
      amount: string;
      pending: boolean;
      txid?: string;
    }) {
      const user = await usersRepository.findByUsername(db, input.username);
      if (!user) throw fieldError('user', `No user "${input.username}"`, 'unknown_user');
      const crypto = await coin(input.code, 'crypto');
      if (!chain.simulatedCoins.includes(crypto.code)) {
        // A real chain's deposits come from its follower; nothing may make them out of thin air.
        throw fieldError(
          'crypto',
          `${crypto.code} is on a real chain, not the simulated one`,
          'not_simulated',
        );
      }
      const amount = units(input.amount, crypto.decimals, 'amount');
      const { address } = await this.depositAddress(user.id, crypto.code);
      const required = chain.requiredConfirmations(crypto.code);
      return db.transaction(async (tx) => {
        const deposit = await walletRepository.insertDeposit(tx, {
          userId: user.id,
          cryptoCode: crypto.code,
          address,
          txid: input.txid ?? chain.newTxid(crypto.code),
          amount: amount.toString(),
          requiredConfirmations: required,
        });
        if (!input.pending) await confirmDeposit(tx, deposit, required);
        return { ...deposit, status: input.pending ? 'pending' : 'confirmed', decimals: crypto.decimals };
      });
    },

    /**
     * One block of the simulated chain: pending deposits gain a confirmation (credited on reaching the
     * requirement), new withdrawals are broadcast, broadcast ones complete. `force` skips the interval.
     */
    async mineBlock(
      options: { force?: boolean } = {},
    ): Promise<{ mined: boolean; confirmed: number; completed: number }> {
      const due = new Date(now().getTime() - config.wallet.blockSeconds * 1000);
      await db
        .insert(simulatedChainState)
        .values({ id: 1, height: 0, minedAt: new Date(0) })
        .onConflictDoNothing();
      const claimed = await db
        .update(simulatedChainState)
        .set({ height: sql`${simulatedChainState.height} + 1`, minedAt: now() })
        .where(
          and(
            eq(simulatedChainState.id, 1),
            options.force ? undefined : lt(simulatedChainState.minedAt, due),
          ),
        )
        .returning({ height: simulatedChainState.height });
      if (claimed.length === 0) return { mined: false, confirmed: 0, completed: 0 };

      let confirmed = 0;
      await db.transaction(async (tx) => {
        for (const deposit of await walletRepository.lockPendingDeposits(tx, chain.simulatedCoins)) {
          const confirmations = deposit.confirmations + 1;
          if (confirmations >= deposit.requiredConfirmations) {
            await confirmDeposit(tx, deposit, confirmations);
            confirmed += 1;
          } else {
            await walletRepository.updateDeposit(tx, deposit.id, { confirmations });
          }
        }
      });

      // Completing first, then broadcasting, makes a withdrawal take two blocks: visible as pending.
      let completed = 0;
      await db.transaction(async (tx) => {
        for (const withdrawal of await walletRepository.lockPendingWithdrawals(
          tx,
          false,
          chain.simulatedCoins,
        )) {
          const total = BigInt(withdrawal.amount) + BigInt(withdrawal.networkFee);
          await ledger.transfer(
            {
              idempotencyKey: `withdrawal:${withdrawal.publicId}:settle`,
              kind: 'withdrawal_settle',
              cryptoCode: withdrawal.cryptoCode,
              reference: { type: 'withdrawal', id: withdrawal.publicId },
              legs: [
                { account: { userId: null, kind: 'outgoing' }, amount: -total },
                { account: { userId: null, kind: 'world' }, amount: total },
              ],
            },
            tx,
          );
          await walletRepository.updateWithdrawal(tx, withdrawal.id, {
            status: 'completed',
            completedAt: now(),
          });
          completed += 1;
        }
      });
      await db.transaction(async (tx) => {
        for (const withdrawal of await walletRepository.lockPendingWithdrawals(
          tx,
          true,
          chain.simulatedCoins,
        )) {
          const { txid } = await chain.broadcast({
            coin: withdrawal.cryptoCode,
            address: withdrawal.address ?? '',
            amount: BigInt(withdrawal.amount),
          });
          await walletRepository.updateWithdrawal(tx, withdrawal.id, { txid });
        }
      });
      return { mined: true, confirmed, completed };
    },

    async withdrawConditions(userId: number, code: string) {
      return (await withdrawalConditions(userId, code)).conditions;
    },

    /**
     * Sends crypto out: to an external address (pending until the chain takes it, network fee on top)
     * or to another user (instant, no fee). With a client key, a retried request (the same key and the
     * same request) returns the first withdrawal as it was created instead of sending twice; the same
     * key with another request is 409 `IDEMPOTENCY_KEY_REUSED` (decision 0007).
     */
    async withdraw(userId: number, body: WithdrawBody, clientKey?: string): Promise<WithdrawResult> {
      const crypto = await coin(body.crypto_currency_code);
      const amount = units(body.amount, crypto.decimals, 'amount');
      const requestHash = withdrawalRequestHash({
        cryptoCode: crypto.code,
        amount,
        address: body.address ?? null,
        username: body.username ?? null,
      });
      const replay = async () => {
        if (!clientKey) return undefined;
        const previous = await walletRepository.findWithdrawalByClientKey(db, userId, clientKey);
        if (!previous) return undefined;
        // Rows from before the hash was stored cannot be compared: they replay as they always did.
        if (previous.requestHash !== null && previous.requestHash !== requestHash) {
          throw new AppError(
            409,
            'IDEMPOTENCY_KEY_REUSED',
            'This Idempotency-Key was already used for another withdrawal. Use a new key for a new request.',
          );
        }
        return {
          withdrawal: asCreated(previous),
          recipientUsername: await recipientNameOf(previous),
          replayed: true,
        };
      };

      const first = await replay();
      if (first) return first;
      // After the replay check: a retried request answers as it did, without asking for a new code.
      await hooks.confirmSendout(userId, body.code);
      try {
        return await send(userId, body, { crypto, amount, clientKey, requestHash });
      } catch (error) {
        // An identical request that committed meanwhile took the balance or the key: answer as it did.
        if (error instanceof AppError) {
          const raced = await replay();
          if (raced) return raced;
        }
        throw error;
      }
    },

    async withdrawals(userId: number, options: { beforeId?: number; limit: number }) {
      return walletRepository.withdrawalsOfUser(db, userId, options);
    },

    async deposits(userId: number, limit = 50) {
      return walletRepository.depositsOfUser(db, userId, limit);
    },

    /** Whether a coin's deposits come from a chain follower (a real chain) rather than the simulated one. */
    isFollowed: (code: string) => chain.supports(code) && !chain.simulatedCoins.includes(code),

    /** The console's list: reversed deposits and accounts in deficit (decision 0055). */
    async chainReversals(limit: number) {
      const decimals = async (code: string) =>
        (await catalogue.data()).knownCryptoByCode.get(code)?.decimals ?? 8;
      const reversed = [];
      for (const row of await walletRepository.reversedDeposits(db, limit)) {
        reversed.push({
          id: row.id,
          username: row.username,
          cryptoCurrencyCode: row.cryptoCode,
          txid: row.txid,
          outputIndex: row.outputIndex,
          amount: formatBaseUnits(BigInt(row.amount), await decimals(row.cryptoCode)),
          status: row.status,
          reversedAt: row.reversedAt.toISOString(),
        });
      }
      const deficits = [];
      for (const row of await walletRepository.deficitAccounts(db, limit)) {
        const places = await decimals(row.cryptoCode);
        deficits.push({
          username: row.username,
          cryptoCurrencyCode: row.cryptoCode,
          owed: formatBaseUnits(-BigInt(row.balance), places),
          available: formatBaseUnits(BigInt(row.available), places),
          accountNotice: row.accountNotice,
        });
      }
      return { reversedDeposits: reversed, deficits };
    },

    async history(
      userId: number,
      options: { cryptoCode?: string; kind?: string; cursor?: number; limit: number },
    ) {
      return ledger.entriesOf(userId, {
        cryptoCode: options.cryptoCode,
        kinds: options.kind ? [options.kind] : undefined,
        beforeId: options.cursor,
        limit: options.limit,
      });
    },

    /**
     * What the wallet charges and holds per coin, the same for everyone (the fees page): an external
     * withdrawal's network fee and the bond that offers on risky payment methods need.
     */
    async feeSchedule() {
      const data = await catalogue.data();
      return {
        coins: data.cryptos
          .filter((crypto) => chain.supports(crypto.code))
          .map((crypto) => ({
            code: crypto.code,
            name: crypto.fullName,
            networkFee: formatBaseUnitsTrimmed(networkFee(crypto.code, crypto.decimals), crypto.decimals),
            bondAmount: formatBaseUnitsTrimmed(bondAmount(crypto.code, crypto.decimals), crypto.decimals),
          })),
        bondPaymentGroups: config.wallet.bond.paymentGroups,
        bondHoldDays: config.wallet.bond.holdDays,
      };
    },

    /** Required, deposited and missing bond per coin: what the my-offers page's depositData shows. */
    async bondStatus(userId: number) {
      const data = await catalogue.data();
      const holds = new Map(
        (await walletRepository.bondHoldsOf(db, userId, now())).map((h) => [h.cryptoCode, h.heldUntil]),
      );
      const balances = await ledger.balancesOf(userId);
      const coins = [];
      for (const crypto of data.cryptos.filter((c) => chain.supports(c.code))) {
        const required = bondAmount(crypto.code, crypto.decimals);
        const b = balances.get(crypto.code) ?? NO_BALANCES;
        const missing = required > b.bond ? required - b.bond : 0n;
        const heldUntil = holds.get(crypto.code) ?? null;
        coins.push({
          currencyCode: crypto.code,
          requiredAmount: formatBaseUnits(required, crypto.decimals),
          depositedAmount: formatBaseUnits(b.bond, crypto.decimals),
          missingAmount: formatBaseUnits(missing, crypto.decimals),
          canDeposit: missing > 0n && b.available >= missing,
          canRetrieve: b.bond > 0n && !heldUntil && !(await hooks.hasActiveBondOffers(userId, crypto.code)),
          heldUntil: heldUntil?.toISOString() ?? null,
        });
      }
      return {
        paymentGroups: config.wallet.bond.paymentGroups,
        holdDays: config.wallet.bond.holdDays,
        coins,
      };
    },

    /** Moves what is missing of the bond from available to bond. */
    async depositBond(userId: number, code: string) {
      const crypto = await coin(code);
      const user = await usersRepository.findById(db, userId);
      if (user) assertAllowed(user.accountState, 'deposit');
      const required = bondAmount(crypto.code, crypto.decimals);
      const bond = await ledger.accountState(crypto.code, { userId, kind: 'bond' });
      const missing = required - bond.balance;
      if (missing <= 0n) {
        throw new AppError(409, 'BOND_ALREADY_DEPOSITED', 'Your security deposit is already complete.');
      }
      // The key carries the bond's version: two concurrent requests that saw the same bond move once.
      await ledger.transfer({
        idempotencyKey: `bond:${userId}:${crypto.code}:deposit:after:${bond.version}`,
        kind: 'bond_deposit',
        cryptoCode: crypto.code,
        reference: { type: 'bond', id: `${userId}:${crypto.code}` },
        legs: [
          { account: { userId, kind: 'available' }, amount: -missing },
          { account: { userId, kind: 'bond' }, amount: missing },
        ],
      });
      return this.bondStatus(userId);
    },

    /**
     * Returns the whole bond to available, unless a hold or an active offer needs it. Per coin, one
     * transaction under the user's bond lock: the checks and the movement see the same offers, so an
     * offer activated at the same moment either comes first (and this refuses) or finds the bond gone.
     */
    async retrieveBond(userId: number, code?: string) {
      const data = await catalogue.data();
      const codes = code
        ? [(await coin(code)).code]
        : data.cryptos.filter((c) => chain.supports(c.code)).map((c) => c.code);
      let moved = 0;
      for (const cryptoCode of codes) {
        const retrieved = await db.transaction(async (tx) => {
          await lockBondsOf(tx, userId);
          const bond = await ledger.accountState(cryptoCode, { userId, kind: 'bond' }, tx);
          if (bond.balance === 0n) return false;
          const heldUntil = (await walletRepository.bondHoldsOf(tx, userId, now())).find(
            (h) => h.cryptoCode === cryptoCode,
          )?.heldUntil;
          if (heldUntil) {
            throw new AppError(
              409,
              'BOND_LOCKED',
              `Your ${cryptoCode} security deposit is held until ${heldUntil.toISOString()}.`,
            );
          }
          if (await hooks.hasActiveBondOffers(userId, cryptoCode, tx)) {
            throw new AppError(
              409,
              'BOND_LOCKED',
              `Deactivate your offers that need a ${cryptoCode} security deposit first.`,
            );
          }
          await ledger.transfer(
            {
              idempotencyKey: `bond:${userId}:${cryptoCode}:retrieve:after:${bond.version}`,
              kind: 'bond_retrieve',
              cryptoCode,
              reference: { type: 'bond', id: `${userId}:${cryptoCode}` },
              legs: [
                { account: { userId, kind: 'bond' }, amount: -bond.balance },
                { account: { userId, kind: 'available' }, amount: bond.balance },
              ],
            },
            tx,
          );
          return true;
        });
        if (retrieved) moved += 1;
      }
      if (moved === 0) {
        throw new AppError(409, 'BOND_NOT_DEPOSITED', 'There is no security deposit to retrieve.');
      }
      return this.bondStatus(userId);
    },

    /** Extends the hold on a user's bond (the trades module calls it after a trade on a bond offer). */
    holdBond: (userId: number, cryptoCode: string, from: Date = now()) =>
      walletRepository.holdBond(
        db,
        userId,
        cryptoCode,
        new Date(from.getTime() + config.wallet.bond.holdDays * 86_400_000),
      ),

    decimalsOf: async (code: string) => (await coin(code)).decimals,
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
export type { WithdrawalRow };

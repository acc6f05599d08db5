import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminChainReversalsQuerySchema,
  adminChainReversalsSchema,
  lineString,
  bondBodySchema,
  bondStatusSchema,
  chainDepositSchema,
  cryptoCodeSchema,
  dataEnvelope,
  depositAddressSchema,
  formatBaseUnits,
  retrieveBondBodySchema,
  walletBalanceSchema,
  walletTransactionPageSchema,
  walletTransactionsQuerySchema,
  withdrawalSchema,
  withdrawBodySchema,
  withdrawConditionsSchema,
  type Withdrawal,
} from '@app/contract';
import { requireUser } from '../../platform/auth/session.js';
import type { UserReadCache } from '../../platform/cache/user-reads.js';
import { sendKeptAnswer } from '../../platform/http/kept-answer.js';
import type { WalletService, WithdrawalRow } from './service.js';

const coinQuery = z.object({ crypto_currency_code: cryptoCodeSchema });

/** What the user reads next to a deposit that was not (or no longer is) credited (decision 0055). */
const DEPOSIT_REASONS: Partial<Record<string, string>> = {
  reversed:
    'The block that held this transaction was replaced by the network (a chain reorganisation) and the ' +
    'new chain does not contain it, so its credit was taken back. If it is mined again, it is credited again.',
  dropped:
    'This transaction left the network before it was confirmed (it was replaced or expired). Nothing ' +
    'was credited.',
};

async function presentWithdrawal(
  wallet: WalletService,
  row: WithdrawalRow,
  recipientUsername: string | null = null,
  approvalCount = 0,
): Promise<Withdrawal> {
  const decimals = await wallet.decimalsOf(row.cryptoCode);
  return {
    id: row.publicId,
    cryptoCurrencyCode: row.cryptoCode,
    kind: row.kind,
    address: row.address,
    recipientUsername,
    amount: formatBaseUnits(BigInt(row.amount), decimals),
    networkFee: formatBaseUnits(BigInt(row.networkFee), decimals),
    status: row.status,
    approvalCount,
    requiredApprovals: row.requiredApprovals,
    rejectionReason: row.status === 'rejected' ? row.rejectionReason : null,
    txid: row.txid,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** When the first award still held in these balances comes due (epoch ms), or null. */
function nextHoldRelease(balances: { held: { availableAt: string; appealPending: boolean }[] }[]) {
  const due = balances.flatMap((row) =>
    row.held.filter((hold) => !hold.appealPending).map((hold) => Date.parse(hold.availableAt)),
  );
  return due.length > 0 ? Math.min(...due) : null;
}

/** The wallet page's calls. Everything here is the logged-in user's own wallet, nobody else's. */
export const walletRoutes: FastifyPluginAsyncZod<{
  wallet: WalletService;
  userReads: UserReadCache;
}> = async (app, { wallet, userReads }) => {
  app.get(
    '/rest/v2/wallet/balances',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Balances per coin, with pending deposits and the fiat value',
        description:
          "The caller's balance of each coin: available, locked in escrow by running trades, held as security deposit (bond), dispute awards held while they can still be appealed (`heldAmount`, and `held`: each award with the date it becomes available, or `appealPending` while an appeal waits; FEATURES=disputeAppeal), deposits still confirming, and the value in the caller's currency. A held award whose date has passed is released before answering. Logged-in users.",
        response: { 200: dataEnvelope(z.array(walletBalanceSchema)) },
      },
    },
    async (request, reply) => {
      const { id } = requireUser(request);
      // Kept per rates version: the facts are kept until the money moves, the valuation until rates do.
      return sendKeptAnswer(
        userReads,
        reply,
        id,
        `wallet.balances:${await wallet.ratesVersion()}`,
        async () => {
          const data = await wallet.balances(id);
          return { data, until: nextHoldRelease(data) };
        },
      );
    },
  );

  app.get(
    '/rest/v2/wallet/deposit-address',
    {
      schema: {
        tags: ['wallet'],
        summary: 'The deposit address for a coin (created on first request)',
        description:
          "The caller's deposit address for `crypto_currency_code` on the (simulated) chain, made on first request and the same afterwards. A deposit is credited after WALLET_CONFIRMATIONS confirmations. Logged-in users; 422 on an unknown coin.",
        querystring: coinQuery,
        response: { 200: dataEnvelope(depositAddressSchema) },
      },
    },
    async (request) => ({
      data: await wallet.depositAddress(requireUser(request).id, request.query.crypto_currency_code),
    }),
  );

  app.get(
    '/rest/v2/wallet/transactions',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Wallet history (ledger entries), newest first',
        description:
          "The caller's ledger entries, newest first: deposits, withdrawals, transfers, escrow locks and releases, fees, bonds and held dispute awards, each with its account (`available`, `escrow`, `bond`, `held`) and what caused it. Filter by `crypto_currency_code` and `kind`; pass `nextCursor` as `cursor` for the next page (null on the last). Logged-in users.",
        querystring: walletTransactionsQuerySchema,
        response: { 200: dataEnvelope(walletTransactionPageSchema) },
      },
    },
    async (request) => {
      const { id } = requireUser(request);
      const q = request.query;
      const rows = await wallet.history(id, {
        cryptoCode: q.crypto_currency_code,
        kind: q.kind,
        cursor: q.cursor,
        limit: q.limit + 1,
      });
      const page = rows.slice(0, q.limit);
      const items = [];
      for (const row of page) {
        items.push({
          id: row.entryId,
          kind: row.transactionKind as z.infer<typeof walletTransactionPageSchema>['items'][number]['kind'],
          cryptoCurrencyCode: row.cryptoCode,
          amount: formatBaseUnits(BigInt(row.amount), await wallet.decimalsOf(row.cryptoCode)),
          account: row.accountKind as z.infer<typeof walletTransactionPageSchema>['items'][number]['account'],
          reference: { type: row.referenceType, id: row.referenceId },
          createdAt: row.createdAt.toISOString(),
        });
      }
      return { data: { items, nextCursor: rows.length > q.limit ? (page.at(-1)?.entryId ?? null) : null } };
    },
  );

  app.get(
    '/rest/v2/wallet/deposits',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Incoming chain transactions: pending, confirmed, reversed or dropped',
        description:
          "The chain transactions paying into the caller's deposit addresses, newest first, with their confirmations: `pending` (in the mempool, `inMempool`, then N of `requiredConfirmations`), `confirmed` (credited), `reversed` (credited, then a chain reorganisation took it away and the credit was taken back) or `dropped` (gone before it was credited), with a plain `reason` for the last two. Logged-in users.",
        response: { 200: dataEnvelope(z.array(chainDepositSchema)) },
      },
    },
    async (request) => {
      const rows = await wallet.deposits(requireUser(request).id);
      const data = [];
      for (const row of rows) {
        data.push({
          id: row.id,
          cryptoCurrencyCode: row.cryptoCode,
          txid: row.txid,
          outputIndex: row.outputIndex,
          amount: formatBaseUnits(BigInt(row.amount), await wallet.decimalsOf(row.cryptoCode)),
          confirmations: row.confirmations,
          requiredConfirmations: row.requiredConfirmations,
          status: row.status,
          inMempool: row.status === 'pending' && row.blockHash === null && wallet.isFollowed(row.cryptoCode),
          reason: DEPOSIT_REASONS[row.status] ?? null,
          createdAt: row.createdAt.toISOString(),
          confirmedAt: row.confirmedAt?.toISOString() ?? null,
          reversedAt: row.reversedAt?.toISOString() ?? null,
        });
      }
      return { data };
    },
  );

  app.get(
    '/rest/v1/admin/chain/reversals',
    {
      config: { permission: 'users.view' },
      schema: {
        tags: ['admin'],
        summary: 'Deposits taken back by chain reorganisations, and the accounts that owe',
        description:
          'The credited chain deposits a reorganisation took out of the best chain (newest first, up to `limit`), with what became of them since, and every account whose deficit is below zero: what the user owes because they had spent a reversed deposit, their available balance and the account notice the reversal set (decision 0055). Staff with `users.view`.',
        querystring: adminChainReversalsQuerySchema,
        response: { 200: dataEnvelope(adminChainReversalsSchema) },
      },
    },
    async (request) => ({ data: await wallet.chainReversals(request.query.limit) }),
  );

  app.get(
    '/rest/v2/wallet/withdraw-conditions',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Whether and how much the user can send out now, with the network fee',
        description:
          'Whether the caller may send `crypto_currency_code` out now and, if not, why (verification level, location, account age, unverified e-mail, active trades), the network fee, the network, and at most how much an external send-out may be (`maxAmount`, available minus the fee). Logged-in users.',
        querystring: coinQuery,
        response: { 200: dataEnvelope(withdrawConditionsSchema) },
      },
    },
    async (request) => ({
      data: await wallet.withdrawConditions(requireUser(request).id, request.query.crypto_currency_code),
    }),
  );

  app.post(
    '/rest/v2/wallet/withdraw',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Send crypto to an address or to another user (Idempotency-Key header honoured)',
        description:
          "Sends `amount` of `crypto_currency_code` out of the caller's available balance: to an external `address` (pending until the chain takes it, or `awaiting_approval` by two staff members when worth more than WITHDRAW_APPROVAL_USD; WALLET_NETWORK_FEES on top) or to another user by `username` (instant, no fee); exactly one of the two. Answers 201 with the withdrawal. With an `Idempotency-Key` header a retried request answers the first withdrawal instead of sending twice (409 `IDEMPOTENCY_KEY_REUSED` when the key was used for another request). When the caller protects send-outs with two-factor authentication, `code` is required (403 `TWO_FACTOR_REQUIRED`). Refusals: 403 `WITHDRAW_DISABLED`, `BLOCKED_IN_LOCATION`, `ID_REQUIRED`, `NEED_TO_WAIT`, `EMAIL_NOT_VERIFIED`, the account state; 422 `INSUFFICIENT_FUNDS`, or on `amount` (`WITHDRAWAL_LIMIT`), `address` (`invalid_address`) or `username` (`unknown_user`, `self_transfer`). API keys need the `wallet-withdraw` scope.",
        body: withdrawBodySchema,
        headers: z.object({ 'idempotency-key': lineString().min(8).max(100).optional() }),
        response: { 201: dataEnvelope(withdrawalSchema) },
      },
    },
    async (request, reply) => {
      const { id } = requireUser(request);
      const result = await wallet.withdraw(id, request.body, request.headers['idempotency-key']);
      // The stored recipient, never the request's spelling: a replay answers exactly what the first did.
      return reply
        .code(201)
        .send({ data: await presentWithdrawal(wallet, result.withdrawal, result.recipientUsername) });
    },
  );

  app.get(
    '/rest/v2/wallet/withdrawals',
    {
      schema: {
        tags: ['wallet'],
        summary: 'The user’s withdrawals, newest first',
        description:
          "The caller's withdrawals, newest first (up to `limit`), with their kind (`external`, `internal`), status (`awaiting_approval` with `approvalCount` of `requiredApprovals`, `pending`, `completed`, `rejected` with `rejectionReason`, `failed`), recipient, amount and fee. Logged-in users.",
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: dataEnvelope(z.array(withdrawalSchema)) },
      },
    },
    async (request) => {
      const rows = await wallet.withdrawals(requireUser(request).id, { limit: request.query.limit });
      const data = [];
      for (const row of rows) {
        data.push(
          await presentWithdrawal(wallet, row.withdrawal, row.recipientUsername, Number(row.approvalCount)),
        );
      }
      return { data };
    },
  );

  app.get(
    '/rest/v2/wallet/bond',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Security deposit per coin: required, deposited, missing',
        description:
          "Per coin: the security deposit (bond) the caller's offers on risky payment methods (BOND_PAYMENT_GROUPS) need, what is deposited, what is missing, until when it is held after the last trade (BOND_HOLD_DAYS), and whether it may be deposited or returned now. Logged-in users.",
        response: { 200: dataEnvelope(bondStatusSchema) },
      },
    },
    async (request) => ({ data: await wallet.bondStatus(requireUser(request).id) }),
  );

  app.post(
    '/wallet/deposit-bond',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Move the missing security deposit from available to bond',
        description:
          "Moves the missing security deposit of `crypto_currency_code` from the caller's available balance to the bond, so offers needing it can be switched on. 409 `BOND_ALREADY_DEPOSITED`; 422 `INSUFFICIENT_FUNDS` when the available balance does not cover it. Logged-in users.",
        body: bondBodySchema,
        response: { 200: dataEnvelope(bondStatusSchema) },
      },
    },
    async (request) => ({
      data: await wallet.depositBond(requireUser(request).id, request.body.crypto_currency_code),
    }),
  );

  app.post(
    '/wallet/retrieve-bond',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Return the security deposit to available (all coins, or one)',
        description:
          "Returns the caller's security deposit to their available balance: of `crypto_currency_code`, or of every coin without a body. 409 `BOND_NOT_DEPOSITED`, or `BOND_LOCKED` while it is held after a trade or offers that need it are on. Logged-in users.",
        body: retrieveBondBodySchema.optional(),
        response: { 200: dataEnvelope(bondStatusSchema) },
      },
    },
    async (request) => ({
      data: await wallet.retrieveBond(requireUser(request).id, request.body?.crypto_currency_code),
    }),
  );
};

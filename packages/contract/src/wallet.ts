import { z } from 'zod';
import { secondFactorCodeSchema } from './two-factor.js';
import { amountStringSchema } from './money.js';
import { lineString } from './strings.js';

/** A coin code as the wallet calls take it (`BTC`, case-insensitive). */
export const cryptoCodeSchema = lineString()
  .trim()
  .min(2)
  .max(10)
  .regex(/^[A-Za-z]+$/, { message: 'Unknown crypto currency' })
  .transform((code) => code.toUpperCase());

/**
 * A dispute award kept out of reach while it can still be appealed (decision 0048): it becomes available
 * at `availableAt` (the appeal window's end), or when an appeal filed in time is rejected; an upheld appeal
 * pays it to the other party instead.
 */
export const heldAwardSchema = z.object({
  /** Decimal string with the coin's precision. */
  amount: z.string(),
  /** ISO 8601: when it becomes available unless an appeal is pending then. */
  availableAt: z.string(),
  /** An appeal was filed: it stays held until a second moderator decides, even past `availableAt`. */
  appealPending: z.boolean(),
  /** The trade whose dispute awarded it. */
  tradeHash: z.string(),
});
export type HeldAward = z.infer<typeof heldAwardSchema>;

/** `GET /rest/v2/wallet/balances`: the spec's fields plus what sits in escrow, in the bond and on hold. */
export const walletBalanceSchema = z.object({
  cryptoCurrencyCode: z.string(),
  /** Available to trade or withdraw, decimal string with the coin's precision. */
  balance: z.string(),
  /** Pending deposits not yet confirmed. */
  incomingAmount: z.string(),
  /** Locked in running trades. */
  escrowAmount: z.string(),
  /** Held as the security deposit. */
  bondAmount: z.string(),
  /** Dispute awards held while they can still be appealed (not in `balance`), the sum of `held`. */
  heldAmount: z.string(),
  /** Each held award, soonest available first. */
  held: z.array(heldAwardSchema),
  /** Price of one coin in the user's fiat currency, or null when no rate is known. */
  fiatRate: z.string().nullable(),
  fiatCurrencyCode: z.string(),
  fiatPrecision: z.number().int(),
  decimals: z.number().int(),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

/**
 * True while the coin runs on the simulated chain (decision 0047): demo money, the address is in the coin's
 * test-network form (Bitcoin and Litecoin regtest, Monero stagenet; Ethereum's has none) and belongs to
 * nobody, nothing sent to it arrives, and sends go nowhere. Clients show it on every deposit and send screen.
 */
const simulatedChainSchema = z.boolean();

export const depositAddressSchema = z.object({
  cryptoCurrencyCode: z.string(),
  address: z.string(),
  network: z.string(),
  requiredConfirmations: z.number().int(),
  simulated: simulatedChainSchema,
});

export const walletTransactionKinds = [
  'deposit',
  'withdrawal',
  'withdrawal_settle',
  'withdrawal_refund',
  'internal_transfer',
  'escrow_lock',
  'escrow_release',
  'escrow_refund',
  'bond_deposit',
  'bond_retrieve',
  // An upheld dispute appeal moved the award back (decisions 0024, 0048).
  'appeal_reversal',
  // A held dispute award became available: its appeal window ended, or its appeal was rejected (0048).
  'hold_release',
  // A credited chain deposit that a reorganisation took out of the best chain was taken back (0055).
  'deposit_reversal',
] as const;
export const walletTransactionKindSchema = z.enum(walletTransactionKinds);

/** One line of the wallet history: a ledger entry on one of the user's accounts. */
export const walletTransactionSchema = z.object({
  id: z.number().int(),
  kind: walletTransactionKindSchema,
  cryptoCurrencyCode: z.string(),
  /** Signed: negative left the account. */
  amount: z.string(),
  /** `deficit`: what the user owes after a reversed deposit they had already spent (decision 0055). */
  account: z.enum(['available', 'escrow', 'bond', 'held', 'deficit']),
  reference: z.object({ type: z.string(), id: z.string() }),
  createdAt: z.string(),
});
export const walletTransactionPageSchema = z.object({
  items: z.array(walletTransactionSchema),
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: z.number().int().nullable(),
});
export const walletTransactionsQuerySchema = z.object({
  crypto_currency_code: cryptoCodeSchema.optional(),
  kind: walletTransactionKindSchema.optional(),
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * `pending`: in the mempool (`inMempool`, 0 confirmations) or confirming; `confirmed`: credited;
 * `reversed`: credited, then a chain reorganisation took it away and the credit was taken back;
 * `dropped`: pending, then gone from the chain and the mempool, never credited (decision 0055).
 */
export const chainDepositStatuses = ['pending', 'confirmed', 'reversed', 'dropped'] as const;
export const chainDepositSchema = z.object({
  id: z.number().int(),
  cryptoCurrencyCode: z.string(),
  txid: z.string(),
  /** Which payment of the transaction (a Bitcoin output, an ERC-20 log); 0 for most. */
  outputIndex: z.number().int(),
  amount: z.string(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  status: z.enum(chainDepositStatuses),
  /** Seen, not yet in a block. */
  inMempool: z.boolean(),
  /** In plain words why it is reversed or dropped; null otherwise. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  reversedAt: z.string().nullable(),
});

export const withdrawalSchema = z.object({
  id: z.string(),
  cryptoCurrencyCode: z.string(),
  kind: z.enum(['external', 'internal']),
  address: z.string().nullable(),
  recipientUsername: z.string().nullable(),
  amount: z.string(),
  networkFee: z.string(),
  /**
   * `awaiting_approval`: above the operator's WITHDRAW_APPROVAL_USD, it waits for two staff members
   * (decision 0058); `pending`: the chain takes it next; `completed`; `rejected`: staff refused it and the
   * amount and fee went back to the available balance (`rejectionReason` says why); `failed`.
   */
  status: z.enum(['awaiting_approval', 'pending', 'completed', 'rejected', 'failed']),
  /** Staff approvals so far (of `requiredApprovals`) while it waits; 0 when it never needed any. */
  approvalCount: z.number().int(),
  /** How many staff approvals it needs before the chain takes it: 2 when it waited, 0 otherwise. */
  requiredApprovals: z.number().int(),
  /** Why staff rejected it, when `status` is `rejected`. */
  rejectionReason: z.string().nullable(),
  txid: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/**
 * `POST /rest/v2/wallet/withdraw`: to an external `address`, or to another user by `username` (no network
 * fee). A client may send an `Idempotency-Key` header so a retried request cannot send twice.
 */
export const withdrawBodySchema = z
  .object({
    crypto_currency_code: cryptoCodeSchema,
    amount: amountStringSchema,
    address: lineString().trim().min(1).max(200).optional(),
    username: lineString().trim().min(1).max(64).optional(),
    /** The two-factor code, when the user asks for one at send-out (decision 0028). */
    code: secondFactorCodeSchema.optional(),
  })
  .refine((body) => Boolean(body.address) !== Boolean(body.username), {
    message: 'Give either an address or a username',
    path: ['address'],
  });
export type WithdrawBody = z.infer<typeof withdrawBodySchema>;

/** The spec's withdraw conditions and wallet block reasons, plus the fee preview. */
export const withdrawConditionsSchema = z.object({
  cryptoCurrencyCode: z.string(),
  withdraw_enabled: z.boolean(),
  no_security_deposit: z.boolean(),
  have_active_trades: z.boolean(),
  need_to_wait_time_title: z.string().nullable(),
  blockReason: z.enum(['ID_REQUIRED', 'BLOCKED_IN_LOCATION']).nullable(),
  /** The operator asks for a verified e-mail before crypto leaves, and mine is not (decision 0026). */
  emailVerificationRequired: z.boolean(),
  networkFee: z.string(),
  /** Available minus the network fee (what an external withdrawal can send at most). */
  maxAmount: z.string(),
  decimals: z.number().int(),
  network: z.string(),
  simulated: simulatedChainSchema,
});

export const bondCoinSchema = z.object({
  currencyCode: z.string(),
  requiredAmount: z.string(),
  depositedAmount: z.string(),
  missingAmount: z.string(),
  /** A deposit is possible: something is missing and the available balance covers it. */
  canDeposit: z.boolean(),
  canRetrieve: z.boolean(),
  heldUntil: z.string().nullable(),
});
export const bondStatusSchema = z.object({
  paymentGroups: z.array(z.string()),
  holdDays: z.number().int(),
  coins: z.array(bondCoinSchema),
});
export const bondBodySchema = z.object({ crypto_currency_code: cryptoCodeSchema });
export const retrieveBondBodySchema = z.object({ crypto_currency_code: cryptoCodeSchema.optional() });

import { z } from 'zod';

/** The networks whose withdrawals the hot wallet pays in batches (decision 0057). */
export const payoutNetworks = ['BTC', 'LTC'] as const;
export const payoutStatuses = ['broadcast', 'confirmed', 'replaced', 'failed'] as const;
/** Why a ready withdrawal is not in a payout yet. */
export const payoutWaitReasons = [
  'over_tx_limit',
  'day_limit',
  'invalid_address',
  'below_dust',
  'next_batch',
] as const;

export const adminPayoutsQuerySchema = z.object({ network: z.enum(payoutNetworks).default('BTC') });

/** A withdrawal as the payouts view shows it; amounts in coin units. */
export const adminPayoutWithdrawalSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  address: z.string().nullable(),
  amount: z.string(),
  networkFee: z.string(),
  status: z.enum(['awaiting_approval', 'pending', 'completed', 'rejected', 'failed']),
  createdAt: z.string(),
});

/** One signed transaction of the hot wallet: its txid, fee and the withdrawals it pays. */
export const adminPayoutSchema = z.object({
  id: z.number().int(),
  txid: z.string(),
  status: z.enum(payoutStatuses),
  /** The chain fee it pays, in coin units. */
  fee: z.string(),
  /** The payout this one replaced by fee (RBF). */
  replacesId: z.number().int().nullable(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  withdrawals: z.array(adminPayoutWithdrawalSchema),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;

/** `GET /rest/v1/admin/payouts`: a network's hot-wallet payouts and what waits. */
export const adminPayoutsSchema = z.object({
  network: z.enum(payoutNetworks),
  limits: z.object({
    maxPerTx: z.string(),
    maxPerDay: z.string(),
    /** What live and confirmed payouts paid in the last 24 hours. */
    paidLast24h: z.string(),
    batchSeconds: z.number().int(),
    rbfAfterSeconds: z.number().int(),
  }),
  lastBatchAt: z.string().nullable(),
  /** Broadcast, not yet confirmed. */
  open: z.array(adminPayoutSchema),
  /** The last 7 days' payouts, newest first (at most 50). */
  recent: z.array(adminPayoutSchema),
  /** Ready withdrawals not in a payout yet, oldest first, with why they wait. */
  waiting: z.array(adminPayoutWithdrawalSchema.extend({ reason: z.enum(payoutWaitReasons) })),
});
export type AdminPayouts = z.infer<typeof adminPayoutsSchema>;

import { z } from 'zod';
import { staffReasonSchema } from './admin.js';
import { withdrawalSchema } from './wallet.js';

/**
 * The four-eyes queue of large withdrawals (issue 27; decision 0058). An external withdrawal worth more
 * than the operator's WITHDRAW_APPROVAL_USD waits as `awaiting_approval` until two different staff
 * members approve it (then the chain's sender takes it) or one rejects it with a reason (then its amount
 * and fee go back to the user). Nobody acts on their own withdrawal.
 */

/** Staff approvals a queued withdrawal needs before the chain takes it. */
export const REQUIRED_WITHDRAWAL_APPROVALS = 2;

/** One approval given so far: who and when. */
export const withdrawalApprovalSchema = z.object({
  staff: z.string().nullable(),
  at: z.string(),
});
export type WithdrawalApproval = z.infer<typeof withdrawalApprovalSchema>;

/** A withdrawal as the console's queue shows it. */
export const adminWithdrawalSchema = z.object({
  id: z.string(),
  /** The withdrawing user. */
  username: z.string(),
  cryptoCurrencyCode: z.string(),
  amount: z.string(),
  networkFee: z.string(),
  /** What `amount` was worth in USD when requested (what the threshold was compared with); null without a rate. */
  amountUsd: z.string().nullable(),
  address: z.string().nullable(),
  status: withdrawalSchema.shape.status,
  createdAt: z.string(),
  /** Seconds it has waited since it was requested. */
  ageSeconds: z.number().int(),
  approvals: z.array(withdrawalApprovalSchema),
  requiredApprovals: z.number().int(),
  rejectionReason: z.string().nullable(),
  /** The caller approved it already: only another staff member can give the second approval. */
  approvedByMe: z.boolean(),
  /** The caller is the withdrawing user: they may neither approve nor reject it. */
  mine: z.boolean(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

/** `GET /rest/v1/admin/withdrawals`: the queue, oldest first. */
export const adminWithdrawalQueueSchema = z.object({
  items: z.array(adminWithdrawalSchema),
  /** Every withdrawal waiting, beyond this page too. */
  total: z.number().int(),
});
export type AdminWithdrawalQueue = z.infer<typeof adminWithdrawalQueueSchema>;

export const adminWithdrawalQueueQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const adminWithdrawalParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a withdrawal id'),
});

/** `POST /rest/v1/admin/withdrawals/{id}/reject`: the reason the user reads and the audit log keeps. */
export const rejectWithdrawalBodySchema = z.object({ reason: staffReasonSchema });
export type RejectWithdrawalBody = z.infer<typeof rejectWithdrawalBodySchema>;

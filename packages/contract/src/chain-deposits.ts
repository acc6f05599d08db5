import { z } from 'zod';

/**
 * The console's view of what chain reorganisations did (decision 0055): deposits whose credit was taken
 * back, and the accounts that owe because they had spent it.
 */
export const adminReversedDepositSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  cryptoCurrencyCode: z.string(),
  txid: z.string(),
  outputIndex: z.number().int(),
  /** Decimal string in the coin's units. */
  amount: z.string(),
  /** The deposit's status now: `reversed`, or `pending`/`confirmed` again when it was mined again. */
  status: z.string(),
  reversedAt: z.string(),
});
export type AdminReversedDeposit = z.infer<typeof adminReversedDepositSchema>;

export const adminDeficitAccountSchema = z.object({
  username: z.string(),
  cryptoCurrencyCode: z.string(),
  /** Decimal string: what the user owes (positive). */
  owed: z.string(),
  /** The user's available balance of the coin, decimal string. */
  available: z.string(),
  /** The account's notice (0: problem with the account balance, the flag a reversal sets). */
  accountNotice: z.number().int().nullable(),
});
export type AdminDeficitAccount = z.infer<typeof adminDeficitAccountSchema>;

export const adminChainReversalsSchema = z.object({
  reversedDeposits: z.array(adminReversedDepositSchema),
  deficits: z.array(adminDeficitAccountSchema),
});
export type AdminChainReversals = z.infer<typeof adminChainReversalsSchema>;

export const adminChainReversalsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

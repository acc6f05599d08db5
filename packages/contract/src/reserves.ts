import { z } from 'zod';

/**
 * Proof of reserves (issue 27, decision 0060, docs/proof-of-reserves.md). Amounts here are BASE UNITS
 * as decimal integer strings (satoshi, wei), not the coin's decimal form: they are what the Merkle sum
 * tree hashes, so a verifier recomputes exactly; `decimals` says how to show them. Hashes are hex.
 */
const baseUnits = z.string().regex(/^\d+$/);
const hex32 = z.string().regex(/^[0-9a-f]{64}$/);

export const reservesCustodySchema = z.enum(['chain', 'simulated', 'none']);
export type ReservesCustody = z.infer<typeof reservesCustodySchema>;

export const reservesCoinSchema = z.object({
  cryptoCurrencyCode: z.string(),
  decimals: z.number().int(),
  /** The Merkle sum tree's root hash. */
  rootHash: hex32,
  /** The root's sum: every user's balance in the coin (liabilities). */
  liabilities: baseUnits,
  leafCount: z.number().int(),
  /** Users who owe the platform (a deficit above what they hold): in the tree with 0, their debt here. */
  owedCount: z.number().int(),
  owed: baseUnits,
  /** `chain`: addresses listed below; `simulated`: demo money on no chain; `none`: no custody view. */
  custody: reservesCustodySchema,
  /** What the listed addresses held on chain at publication. */
  reserves: baseUnits,
  /** Reserves at least the liabilities; null when nothing was proved (simulated or no custody). */
  covered: z.boolean().nullable(),
});
export type ReservesCoin = z.infer<typeof reservesCoinSchema>;

export const reservesAddressSchema = z.object({
  network: z.string(),
  cryptoCurrencyCode: z.string(),
  /** hot, deposit, cold or sweeping. */
  place: z.string(),
  address: z.string(),
  amount: baseUnits,
  /** bip322 or eip191; null when the server cannot sign for it (cold and deposit keys are not on it). */
  scheme: z.string().nullable(),
  message: z.string().nullable(),
  signature: z.string().nullable(),
});
export type ReservesAddress = z.infer<typeof reservesAddressSchema>;

export const reservesSnapshotSummarySchema = z.object({
  id: z.number().int(),
  /** ISO 8601: the moment the balances were read. */
  takenAt: z.string(),
  publishedAt: z.string(),
  roots: z.array(z.object({ cryptoCurrencyCode: z.string(), rootHash: hex32, liabilities: baseUnits })),
});

export const proofOfReservesSchema = z.object({
  /** Null before the first publication (the empty state). */
  snapshot: z
    .object({
      id: z.number().int(),
      takenAt: z.string(),
      publishedAt: z.string(),
      /** What every listed signature signs. */
      message: z.string(),
      /** A network that could not be read or could not sign when it was published. */
      problems: z.array(z.string()),
      coins: z.array(reservesCoinSchema),
      addresses: z.array(reservesAddressSchema),
    })
    .nullable(),
  /** Earlier publications, newest first (up to 30). */
  history: z.array(reservesSnapshotSummarySchema),
});
export type ProofOfReserves = z.infer<typeof proofOfReservesSchema>;

export const proofOfReservesQuerySchema = z.object({
  /** A snapshot of the history; the latest without it. */
  snapshot: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});

export const reservesPathStepSchema = z.object({
  /** Where the sibling stands: hash it on the left or on the right of the running node. */
  side: z.enum(['left', 'right']),
  hash: hex32,
  sum: baseUnits,
});

/** One coin's inclusion proof: everything `scripts/verify-reserves-proof.mjs` needs. */
export const reservesInclusionSchema = z.object({
  version: z.literal(1),
  snapshotId: z.number().int(),
  takenAt: z.string(),
  cryptoCurrencyCode: z.string(),
  decimals: z.number().int(),
  /** The account identifier hashed into the leaf: the username when the snapshot was taken. */
  account: z.string(),
  /** 32 random bytes, hex. */
  salt: hex32,
  balance: baseUnits,
  index: z.number().int(),
  leafHash: hex32,
  path: z.array(reservesPathStepSchema),
  root: z.object({ hash: hex32, sum: baseUnits }),
});
export type ReservesInclusion = z.infer<typeof reservesInclusionSchema>;

export const myProofOfReservesSchema = z.object({
  /** Null before the first publication. */
  snapshotId: z.number().int().nullable(),
  takenAt: z.string().nullable(),
  /** One per coin the caller had an account in at the snapshot. */
  proofs: z.array(reservesInclusionSchema),
});
export type MyProofOfReserves = z.infer<typeof myProofOfReservesSchema>;

/** The console's hot and cold balances per coin and what the hot wallet needs (issue 27). */
export const adminCustodyCoinSchema = z.object({
  cryptoCurrencyCode: z.string(),
  decimals: z.number().int(),
  custody: reservesCustodySchema,
  hot: baseUnits,
  deposit: baseUnits,
  cold: baseUnits,
  sweeping: baseUnits,
  /** External withdrawals not sent yet (waiting or awaiting approval). */
  waitingWithdrawals: baseUnits,
  /** HOT_WALLET_TARGET: the float the hot wallet keeps beyond the waiting withdrawals. */
  target: baseUnits,
  /** What must move from cold to hot: waiting withdrawals plus the target, minus the hot balance (>= 0). */
  refill: baseUnits,
});
export const adminCustodySchema = z.object({
  coins: z.array(adminCustodyCoinSchema),
  /** A network whose holdings could not be read now. */
  problems: z.array(z.string()),
});
export type AdminCustody = z.infer<typeof adminCustodySchema>;

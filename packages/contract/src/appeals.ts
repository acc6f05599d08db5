import { z } from 'zod';
import { idCursorSchema } from './common.js';
import { staffReasonSchema } from './admin.js';
import { textString } from './strings.js';

/** The spec's trade appeal status, for the viewer of a decided dispute. */
export const tradeAppealStatuses = ['available', 'not_available', 'expired', 'appealed'] as const;
export const tradeAppealStatusSchema = z.enum(tradeAppealStatuses);
export type TradeAppealStatus = z.infer<typeof tradeAppealStatusSchema>;

/** An appeal's own progress: waiting for a second moderator, then upheld or rejected. */
export const appealOutcomes = ['appealed', 'upheld', 'rejected'] as const;

/** What decides whether a party may appeal a dispute decision now. */
export type AppealFacts = {
  /** The operator's `disputeAppeal` feature flag. */
  enabled: boolean;
  viewer: 'buyer' | 'seller' | 'moderator';
  /** The dispute's outcome; null while undecided. `released_by_seller` is no decision to appeal. */
  resolution: 'buyer' | 'seller' | 'released_by_seller' | null;
  resolvedAt: Date | null;
  /** An appeal of this dispute already exists (any outcome). */
  appealed: boolean;
  windowHours: number;
  /**
   * When the window closes, when the award fixed it (its hold's date, decision 0048); without it the
   * window is counted from `resolvedAt` (awards made before holds existed).
   */
  closesAt?: Date | null;
  now: Date;
};

/** The side that lost a moderator's award, or null when nobody did (undecided, or the seller released). */
export const loserOf = (resolution: AppealFacts['resolution']): 'buyer' | 'seller' | null =>
  resolution === 'buyer' ? 'seller' : resolution === 'seller' ? 'buyer' : null;

/**
 * The spec's trade appeal status for one viewer (decision 0024):
 * - `appealed` once an appeal exists (its outcome is shown beside it);
 * - `not_available` with the flag off, for a dispute without a moderator's award, and for anyone but the
 *   losing party;
 * - `expired` after the appeal window (counted from the decision);
 * - `available` otherwise.
 */
export function appealStatus(facts: AppealFacts): TradeAppealStatus {
  if (facts.appealed) return 'appealed';
  const loser = loserOf(facts.resolution);
  if (!facts.enabled || !loser || !facts.resolvedAt || facts.viewer !== loser) return 'not_available';
  const closes = appealClosesAt(facts.resolvedAt, facts.windowHours, facts.closesAt)!;
  return facts.now.getTime() > closes.getTime() ? 'expired' : 'available';
}

/**
 * When the window closes, for the trade page ("you may appeal until ..."); null without a decision. An
 * award's hold fixes it (`fixed`); otherwise it is counted from the decision.
 */
export const appealClosesAt = (
  resolvedAt: Date | null,
  windowHours: number,
  fixed?: Date | null,
): Date | null => (!resolvedAt ? null : (fixed ?? new Date(resolvedAt.getTime() + windowHours * 3_600_000)));

/** What became of an award's hold (decision 0048): the server's ledger hold states. */
export const awardHoldStatuses = ['held', 'contested', 'released', 'reversed'] as const;
export type AwardHoldStatus = (typeof awardHoldStatuses)[number];

/**
 * An upheld appeal moves back what the award moved (decision 0024): from the award's hold, which always
 * holds all of it (decision 0048: `available` is the hold's amount, so the shortfall is zero), or, for an
 * award made before holds existed, from the first winner's available balance, never below zero. `owed` is what the appellant would have had; `fee` the platform fee of the
 * trade. The appellant is paid first, then the fee settled; what is missing is the shortfall.
 */
export function reversalPlan(input: {
  firstWinner: 'buyer' | 'seller';
  available: bigint;
  buyerReceives: bigint;
  fee: bigint;
}): { toAppellant: bigint; fee: bigint; shortfall: bigint } {
  const { available, buyerReceives, fee } = input;
  if (input.firstWinner === 'buyer') {
    // The buyer got `buyerReceives` and the platform the fee; the seller should have kept the whole
    // escrow: the buyer pays back what they can, and the platform returns its fee in full.
    const toAppellant = available < buyerReceives ? available : buyerReceives;
    return { toAppellant, fee: -fee, shortfall: buyerReceives - toAppellant };
  }
  // The seller got the whole escrow back; the buyer should have had `buyerReceives` and the platform the fee.
  const toAppellant = available < buyerReceives ? available : buyerReceives;
  const left = available - toAppellant;
  const feePaid = left < fee ? left : fee;
  return { toAppellant, fee: feePaid, shortfall: buyerReceives - toAppellant + (fee - feePaid) };
}

export const APPEAL_REASON_MAX = 2_000;

/** `POST /rest/v1/trade/{id}/appeal`: the losing party says why the decision is wrong. */
export const tradeAppealBodySchema = z.object({
  reason: textString()
    .trim()
    .min(1, 'Say why the decision is wrong and what proves it')
    .max(APPEAL_REASON_MAX, `At most ${APPEAL_REASON_MAX} characters`),
});
export type TradeAppealBody = z.input<typeof tradeAppealBodySchema>;

/** `GET /rest/v1/admin/appeals`: waiting appeals oldest first, decided ones newest first. */
export const adminAppealsQuerySchema = z.object({
  status: z.enum(appealOutcomes).default('appealed'),
  cursor: idCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminAppealsQuery = z.input<typeof adminAppealsQuerySchema>;

export const adminAppealSchema = z.object({
  id: z.number().int(),
  tradeHash: z.string(),
  cryptoCode: z.string(),
  appellant: z.string(),
  appellantRole: z.enum(['buyer', 'seller']),
  reason: z.string(),
  status: z.enum(appealOutcomes),
  createdAt: z.string(),
  /** The decision appealed against. */
  dispute: z.object({
    outcome: z.enum(['buyer', 'seller']),
    reason: z.string().nullable(),
    moderator: z.string().nullable(),
    at: z.string(),
  }),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  /** Moved back to the appellant by an upheld appeal, and what was missing (coin units, decimal). */
  reversedAmount: z.string().nullable(),
  shortfallAmount: z.string().nullable(),
});
export type AdminAppeal = z.infer<typeof adminAppealSchema>;

export const adminAppealPageSchema = z.object({
  items: z.array(adminAppealSchema),
  nextCursor: z.string().nullable(),
});
export type AdminAppealPage = z.infer<typeof adminAppealPageSchema>;

export const adminAppealParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** `POST /rest/v1/admin/appeals/{id}/decide`: a second moderator upholds or rejects, with a reason. */
export const adminAppealDecisionBodySchema = z.object({
  outcome: z.enum(['uphold', 'reject'], { error: 'Choose uphold or reject' }),
  reason: staffReasonSchema,
});
export type AdminAppealDecisionBody = z.input<typeof adminAppealDecisionBodySchema>;

import { z } from 'zod';
import { idCursorSchema } from './common.js';
import { staffReasonSchema } from './admin.js';
import { lineString, textString } from './strings.js';
import { tradeHashSchema, tradeMessageBodySchema, tradeMessageSchema, tradeStatusSchema } from './trades.js';

/**
 * The moderators' side of disputes (issue 11): the queue, taking a dispute, asking for evidence and the
 * award. `{tradeId}` in these paths is the trade hash, as on the trade page.
 */

/** The queue's tabs: open = undecided and nobody holds it; assigned = undecided and held; decided. */
export const adminDisputeStatuses = ['open', 'assigned', 'decided'] as const;
export type AdminDisputeStatus = (typeof adminDisputeStatuses)[number];

/** `GET /rest/v1/admin/disputes`: open and assigned oldest first, decided newest first; cursor pages. */
export const adminDisputesQuerySchema = z.object({
  status: z.enum(adminDisputeStatuses).default('open'),
  cursor: idCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminDisputesQuery = z.input<typeof adminDisputesQuerySchema>;

export const adminDisputeParamsSchema = z.object({ tradeId: tradeHashSchema });

/** A party as the moderator weighs them. */
export const disputePartySchema = z.object({
  username: z.string(),
  accountState: z.string(),
  registeredAt: z.string(),
  accountAgeDays: z.number().int(),
  /** Completed trades (released or won in a dispute as the buyer). */
  completedTrades: z.number().int(),
  feedback: z.object({ positive: z.number().int(), negative: z.number().int() }),
  emailVerified: z.boolean(),
  /** ID verification arrives with KYC (issue 15): false for everyone until then. */
  idVerified: z.boolean(),
});
export type DisputeParty = z.infer<typeof disputePartySchema>;

export const adminDisputeSchema = z.object({
  tradeHash: z.string(),
  tradeStatus: tradeStatusSchema,
  cryptoCode: z.string(),
  /** The escrow the decision moves, in the coin's units (decimal string). */
  escrowAmount: z.string(),
  fiatAmount: z.string(),
  fiatCurrencyCode: z.string(),
  paymentMethod: z.string(),
  tradeStartedAt: z.string(),
  buyer: disputePartySchema,
  seller: disputePartySchema,
  /**
   * The parties share an IP address: on the trade (their start or latest action) or among the sessions
   * either has open now.
   */
  sameIp: z.boolean(),
  reasonId: z.number().int(),
  reasonSlug: z.string().nullable(),
  reasonText: z.string(),
  openedBy: z.enum(['buyer', 'seller']),
  openedAt: z.string(),
  /** Seconds from opening to the decision, or to now while undecided. */
  openSeconds: z.number().int(),
  assignee: z.object({ username: z.string(), since: z.string() }).nullable(),
  decision: z
    .object({
      outcome: z.enum(['buyer', 'seller', 'released_by_seller']),
      reason: z.string().nullable(),
      moderator: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
});
export type AdminDispute = z.infer<typeof adminDisputeSchema>;

export const adminDisputePageSchema = z.object({
  items: z.array(adminDisputeSchema),
  /** Pass as `cursor` for the next page; null: this is the last page. */
  nextCursor: z.string().nullable(),
});
export type AdminDisputePage = z.infer<typeof adminDisputePageSchema>;

/** One dispute with what the moderator needs to decide it: the whole chat (files as attachment ids). */
export const adminDisputeDetailSchema = adminDisputeSchema.extend({
  offerTerms: z.string(),
  paymentDetails: z.string(),
  messages: z.array(tradeMessageSchema),
  /** The chat holds more messages than the detail carries (read the rest from the trade's messages). */
  moreMessages: z.boolean(),
});
export type AdminDisputeDetail = z.infer<typeof adminDisputeDetailSchema>;

/**
 * `POST /rest/v1/admin/disputes/{tradeId}/assign`. Without `username`: take it myself. `takeover`: take it
 * from the moderator who holds it. With `username` (permission disputes.assign): give it to that staff member.
 */
export const adminDisputeAssignBodySchema = z.object({
  username: lineString().trim().min(1).max(64).optional(),
  takeover: z.boolean().default(false),
  reason: textString().trim().max(2_000).optional(),
});
export type AdminDisputeAssignBody = z.input<typeof adminDisputeAssignBodySchema>;

/** `POST /rest/v1/admin/disputes/{tradeId}/release`: the holder puts the dispute back in the queue. */
export const adminDisputeReleaseBodySchema = z.object({
  reason: textString().trim().max(2_000).optional(),
});
export type AdminDisputeReleaseBody = z.input<typeof adminDisputeReleaseBodySchema>;

/** `POST /rest/v1/admin/disputes/{tradeId}/award`: the reason is shown to both parties in the chat. */
export const adminDisputeAwardBodySchema = z.object({
  winner: z.enum(['buyer', 'seller'], { error: 'Choose buyer or seller' }),
  reason: staffReasonSchema,
});
export type AdminDisputeAwardBody = z.input<typeof adminDisputeAwardBodySchema>;

export const EVIDENCE_REQUEST_MAX = 1_000;

/** `POST /rest/v1/admin/disputes/{tradeId}/evidence-request`: a request addressed to one party. */
export const adminEvidenceRequestBodySchema = z.object({
  party: z.enum(['buyer', 'seller'], { error: 'Choose buyer or seller' }),
  text: textString()
    .trim()
    .min(1, 'Say what the party should send')
    .max(EVIDENCE_REQUEST_MAX, `At most ${EVIDENCE_REQUEST_MAX} characters`),
});
export type AdminEvidenceRequestBody = z.input<typeof adminEvidenceRequestBodySchema>;

/**
 * `POST /rest/v1/admin/disputes/{tradeId}/messages`: a staff member writes to both parties in the trade
 * chat (the same text rules as a party's message). The message's author has the role `moderator`.
 */
export const adminDisputeMessageBodySchema = tradeMessageBodySchema;
export type AdminDisputeMessageBody = z.input<typeof adminDisputeMessageBodySchema>;

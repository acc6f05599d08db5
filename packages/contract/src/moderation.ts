import { z } from 'zod';
import { idCursorSchema } from './common.js';
import { staffReasonSchema } from './admin.js';
import { APPEAL_REASON_MAX } from './appeals.js';
import { offerReportReasonSchema } from './reports.js';
import { textString } from './strings.js';

/**
 * Offer moderation (issue 11, decision 0023): the reports queue, the moderator's actions on an offer, the
 * spec's offer moderation status and the system penalty.
 */

/** The spec's offer moderation status: 1 approved, 2 rejected, 3 no appeal, 4 appealed. */
export const offerModerationStatuses = [1, 2, 3, 4] as const;

/** The spec's error code for an offer a moderator cancelled with a penalty (activation refused). */
export const OFFER_PENALTY_ERROR = 'offer_has_cancelled_by_system_penalty';

export const adminReportStatuses = ['open', 'dismissed', 'actioned'] as const;

/** `GET /rest/v1/admin/reports`: open reports oldest first, handled ones newest first. */
export const adminReportsQuerySchema = z.object({
  status: z.enum(adminReportStatuses).default('open'),
  cursor: idCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminReportsQuery = z.input<typeof adminReportsQuerySchema>;

export const adminReportSchema = z.object({
  id: z.number().int(),
  reason: offerReportReasonSchema,
  message: z.string(),
  reporter: z.string(),
  createdAt: z.string(),
  status: z.enum(adminReportStatuses),
  handledBy: z.string().nullable(),
  handledAt: z.string().nullable(),
  resolution: z.string().nullable(),
  /** Open reports on the same offer, this one included. */
  openReportsOnOffer: z.number().int(),
  offer: z.object({
    hash: z.string(),
    owner: z.string(),
    type: z.enum(['buy', 'sell']),
    cryptoCode: z.string(),
    fiatCurrencyCode: z.string(),
    paymentMethod: z.string(),
    terms: z.string(),
    isActive: z.boolean(),
    moderationStatus: z.number().int(),
    penaltyUntil: z.string().nullable(),
  }),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminReportPageSchema = z.object({
  items: z.array(adminReportSchema),
  nextCursor: z.string().nullable(),
});
export type AdminReportPage = z.infer<typeof adminReportPageSchema>;

export const adminReportParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const adminReportActions = ['dismiss', 'deactivate', 'message_owner', 'penalty'] as const;
export const PENALTY_HOURS_MAX = 720;
export const OWNER_MESSAGE_MAX = 1_000;

/**
 * `POST /rest/v1/admin/reports/{id}`: dismiss the report, or act on the offer: deactivate it (moderation
 * status 2, rejected), message its owner (`text`), or cancel it by system penalty for `penaltyHours`.
 */
export const adminReportActionBodySchema = z
  .object({
    action: z.enum(adminReportActions, { error: 'Choose an action' }),
    reason: staffReasonSchema,
    /** What the owner reads in their offers (required to message them; optional otherwise). */
    text: textString().trim().max(OWNER_MESSAGE_MAX, `At most ${OWNER_MESSAGE_MAX} characters`).optional(),
    penaltyHours: z.coerce.number().int().min(1).max(PENALTY_HOURS_MAX).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.action === 'message_owner' && !body.text) {
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'Write the message to the owner' });
    }
    if (body.action === 'penalty' && body.penaltyHours === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['penaltyHours'],
        message: 'Say how many hours the penalty lasts',
      });
    }
  });
export type AdminReportActionBody = z.input<typeof adminReportActionBodySchema>;
/** The body as the server has it after validation (`penaltyHours` a number). */
export type AdminReportAction = z.infer<typeof adminReportActionBodySchema>;

/**
 * An owner's appeal against a moderator's rejection of their offer (decision 0023): while it waits the
 * offer's moderation status is 4 (appealed); upheld, the offer is approved (1) and any penalty lifted;
 * rejected, the status is 3 (no appeal). `withdrawn`: the owner edited the offer or reset its penalty, or a
 * moderator's new decision replaced the one appealed against, before anybody decided.
 */
export const offerAppealStatuses = ['appealed', 'upheld', 'rejected', 'withdrawn'] as const;
export type OfferAppealStatus = (typeof offerAppealStatuses)[number];

/** `POST /rest/v1/my-offers/{hash}/appeal`: the owner says why the rejection is wrong. */
export const offerAppealBodySchema = z.object({
  text: textString()
    .trim()
    .min(1, 'Say why the offer should be approved')
    .max(APPEAL_REASON_MAX, `At most ${APPEAL_REASON_MAX} characters`),
});
export type OfferAppealBody = z.input<typeof offerAppealBodySchema>;

/** What the owner gets back from the appeal. */
export const offerAppealSchema = z.object({
  id: z.number().int(),
  idHashed: z.string(),
  status: z.enum(offerAppealStatuses),
  text: z.string(),
  createdAt: z.string(),
  /** The offer's moderation status now (4 while the appeal waits). */
  moderationStatus: z.number().int(),
});
export type OfferAppeal = z.infer<typeof offerAppealSchema>;

/** `GET /rest/v1/admin/offer-appeals`: waiting appeals oldest first, the others newest first. */
export const adminOfferAppealsQuerySchema = z.object({
  status: z.enum(offerAppealStatuses).default('appealed'),
  cursor: idCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminOfferAppealsQuery = z.input<typeof adminOfferAppealsQuerySchema>;

export const adminOfferAppealSchema = z.object({
  id: z.number().int(),
  status: z.enum(offerAppealStatuses),
  owner: z.string(),
  text: z.string(),
  createdAt: z.string(),
  /** The rejection appealed against: who made it (null: an operator) and the note the owner was shown. */
  rejection: z.object({ moderator: z.string().nullable(), note: z.string().nullable() }),
  offer: adminReportSchema.shape.offer,
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
export type AdminOfferAppeal = z.infer<typeof adminOfferAppealSchema>;

export const adminOfferAppealPageSchema = z.object({
  items: z.array(adminOfferAppealSchema),
  nextCursor: z.string().nullable(),
});
export type AdminOfferAppealPage = z.infer<typeof adminOfferAppealPageSchema>;

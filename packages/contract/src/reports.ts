import { z } from 'zod';
import { textString } from './strings.js';

/**
 * Reporting an offer to the moderators (spec: the offer page's report-offer modal; the endpoint is ours:
 * `POST /rest/v1/offers/{hash}/report`). Decisions: docs/decisions/0008-offers.md, "Web: offer page,
 * report, profile".
 */

/**
 * The spec names one list of report reasons (section 3, "Trade report reasons"); an offer is reported
 * for the same things, so the offer report uses that list as it is.
 */
export const offerReportReasons = [
  'outside_escrow',
  'bad_offer_terms',
  'obvious_scam',
  'negotiation',
  'other',
] as const;
export const offerReportReasonSchema = z.enum(offerReportReasons, { error: 'Choose a reason' });
export type OfferReportReason = z.infer<typeof offerReportReasonSchema>;

/** Longest explanation, in characters (after trimming). */
export const OFFER_REPORT_MESSAGE_MAX = 1_000;

/** `other` says nothing by itself: the reporter must explain it. */
export const offerReportReasonNeedsMessage = (reason: OfferReportReason): boolean => reason === 'other';

/** `POST /rest/v1/offers/{hash}/report`. The server answers `other` without a message with `message_required`. */
export const offerReportBodySchema = z.object({
  reason: offerReportReasonSchema,
  message: textString()
    .trim()
    .max(OFFER_REPORT_MESSAGE_MAX, `At most ${OFFER_REPORT_MESSAGE_MAX} characters`)
    .default(''),
});
export type OfferReportBody = z.input<typeof offerReportBodySchema>;

/** The report form: the body plus the `other`-needs-a-message rule, so the form says it before sending. */
export const offerReportFormSchema = offerReportBodySchema.superRefine((body, ctx) => {
  if (offerReportReasonNeedsMessage(body.reason) && body.message === '') {
    ctx.addIssue({ code: 'custom', path: ['message'], message: 'Tell the moderators what is wrong' });
  }
});

/**
 * The viewer's report of one offer: `reported: false` (and nulls) while they have not reported it.
 * The answer of the report call and of `GET /rest/v1/offers/{hash}/report`.
 */
export const offerReportStateSchema = z.object({
  reported: z.boolean(),
  reason: offerReportReasonSchema.nullable(),
  createdAt: z.string().nullable(),
});
export type OfferReportState = z.infer<typeof offerReportStateSchema>;

/** `GET /rest/v1/offers/report-reasons`: the reasons in order, and which need a message. */
export const offerReportReasonsSchema = z.array(
  z.object({ reason: offerReportReasonSchema, requiresMessage: z.boolean() }),
);

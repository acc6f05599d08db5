import { z } from 'zod';
import { idCursorSchema } from './common.js';
import { staffReasonSchema } from './admin.js';
import { positiveDecimalSchema } from './offers.js';
import { textString } from './strings.js';
import { chargebackStatusSchema, tradeHashSchema } from './trades.js';

export const CHARGEBACK_DESCRIPTION_MAX = 2_000;

/**
 * `POST /rest/v1/user-reports/chargeback`: the seller of a completed trade reports that the buyer
 * reversed the fiat payment. `id_hashed` is the trade hash; the rest are the reporter's values.
 */
export const chargebackReportBodySchema = z.object({
  id_hashed: tradeHashSchema,
  /** The day the bank reversed the payment (YYYY-MM-DD), not in the future. */
  chargeback_date: z.iso
    .date('Use the date as YYYY-MM-DD')
    .refine((value) => Date.parse(`${value}T00:00:00Z`) <= Date.now(), 'The date cannot be in the future'),
  /** How much fiat was taken back, in the trade's currency. */
  amount: positiveDecimalSchema,
  description: textString()
    .trim()
    .min(1, 'Say what happened: the bank, the reference, what you were told')
    .max(CHARGEBACK_DESCRIPTION_MAX, `At most ${CHARGEBACK_DESCRIPTION_MAX} characters`),
});
export type ChargebackReportBody = z.input<typeof chargebackReportBodySchema>;

export const chargebackSchema = z.object({
  id: z.number().int(),
  tradeHash: z.string(),
  status: chargebackStatusSchema,
  reporter: z.string(),
  /** The buyer the report is against. */
  accused: z.string(),
  chargebackDate: z.string(),
  amount: z.string(),
  fiatCurrencyCode: z.string(),
  description: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
export type Chargeback = z.infer<typeof chargebackSchema>;

/** `GET /rest/v1/admin/chargebacks`: one status, oldest first while Pending, newest first otherwise. */
export const adminChargebacksQuerySchema = z.object({
  status: chargebackStatusSchema.default('Pending'),
  cursor: idCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminChargebacksQuery = z.input<typeof adminChargebacksQuerySchema>;

export const adminChargebackPageSchema = z.object({
  items: z.array(chargebackSchema),
  nextCursor: z.string().nullable(),
});
export type AdminChargebackPage = z.infer<typeof adminChargebackPageSchema>;

export const adminChargebackParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** `POST /rest/v1/admin/chargebacks/{id}`: a pending report is dismissed or confirmed, with a reason. */
export const adminChargebackDecisionBodySchema = z.object({
  status: z.enum(['Dismissed', 'Confirmed'], { error: 'Choose Dismissed or Confirmed' }),
  reason: staffReasonSchema,
});
export type AdminChargebackDecisionBody = z.input<typeof adminChargebackDecisionBodySchema>;

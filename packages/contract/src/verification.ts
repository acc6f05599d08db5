import { z } from 'zod';
import { emailSchema } from './auth.js';
import { secondFactorCodeSchema } from './two-factor.js';
import { lineString } from './strings.js';

/**
 * E-mail verification (issue 12, decision 0026): the spec's `POST /rest/v1/user-verification/email/...`
 * calls. Codes are the spec's two-factor length, six digits.
 */
export const CODE_LENGTH = 6;

export const oneTimeCodeSchema = lineString()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');

/** `POST /rest/v1/user-verification/email/verify-code`. */
export const emailVerifyCodeBodySchema = z.object({ code: oneTimeCodeSchema });
export type EmailVerifyCodeBody = z.input<typeof emailVerifyCodeBodySchema>;

/** `POST /rest/v1/user-verification/email/change-unconfirmed`: fix the address before it is verified. */
export const emailChangeUnconfirmedBodySchema = z.object({ email: emailSchema });
export type EmailChangeUnconfirmedBody = z.input<typeof emailChangeUnconfirmedBodySchema>;

/**
 * `POST /rest/v1/user-verification/email/change`: a verified address changes only with a proof that the
 * owner is here: a code mailed to the current address (or texted to the verified phone) by the step-up
 * channels, or the two-factor code.
 */
export const emailChangeBodySchema = z.object({ email: emailSchema, code: secondFactorCodeSchema });
export type EmailChangeBody = z.input<typeof emailChangeBodySchema>;

/** Where the e-mail verification stands (`GET /rest/v1/user-verification/email` and every call above). */
export const emailVerificationStateSchema = z.object({
  email: z.string(),
  isEmailVerified: z.boolean(),
  /** When another code may be sent (the resend countdown); null: now. */
  resendAvailableAt: z.string().nullable(),
  /** Mails are only kept in the operator's outbox (no mail server): the page says so. */
  mailIsKept: z.boolean(),
});
export type EmailVerificationState = z.infer<typeof emailVerificationStateSchema>;

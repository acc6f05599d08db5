import { z } from 'zod';
import { lineString } from './strings.js';

/**
 * Two-factor authentication (issue 12, decision 0028): an authenticator app (TOTP, RFC 6238; the spec's
 * type `ga`) or codes mailed to the verified address (`email`), for the spec's `twoFactor (login, release,
 * sendout)`, with recovery codes for a lost device.
 */
export const twoFactorMethods = ['ga', 'email'] as const;
export type TwoFactorMethod = (typeof twoFactorMethods)[number];

/** A second-factor code: six digits (app or mailed) or a recovery code (`abcd-efgh`). */
export const secondFactorCodeSchema = lineString()
  .trim()
  .regex(/^(\d{6}|[a-z0-9]{4}-?[a-z0-9]{4})$/i, 'Enter the 6-digit code or a recovery code');

/** `GET /rest/v1/users/two-factor`: where my two-factor authentication stands. */
export const twoFactorStateSchema = z.object({
  enabled: z.boolean(),
  /** The spec's two-factor type: `ga` (authenticator app), `email`, or `none`. */
  type: z.enum(['ga', 'email', 'none']),
  login: z.boolean(),
  release: z.boolean(),
  sendout: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorState = z.infer<typeof twoFactorStateSchema>;

/** `POST /rest/v1/users/two-factor/totp/setup`: the key to put in the app (manually or by QR code). */
export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** `.../totp/enable {code}`, `.../email/enable {code}`: the first code proves the setup works. */
export const twoFactorCodeBodySchema = z.object({ code: secondFactorCodeSchema });
export type TwoFactorCodeBody = z.input<typeof twoFactorCodeBodySchema>;

/** Answer to enabling: the recovery codes, shown once (only their hashes are kept). */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** `PUT /rest/v1/users/two-factor`: where a code is asked for (each change confirmed by a code). */
export const twoFactorFlagsBodySchema = z.object({
  login: z.boolean(),
  release: z.boolean(),
  sendout: z.boolean(),
  code: secondFactorCodeSchema,
});
export type TwoFactorFlagsBody = z.input<typeof twoFactorFlagsBodySchema>;

/** `POST /rest/v1/auth/login` when a second step is needed: no session yet, the code comes next. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  type: z.enum(twoFactorMethods),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** The step-up channels (`POST /auth/send-email-code`, ...): a code is on its way. */
export const stepUpSentSchema = z.object({
  channel: z.enum(['email', 'sms', 'voice']),
  /** Where it went, partly hidden (`a***@example.com`). */
  to: z.string(),
  resendAvailableAt: z.string().nullable(),
});
export type StepUpSent = z.infer<typeof stepUpSentSchema>;

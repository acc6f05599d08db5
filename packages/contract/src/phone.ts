import { z } from 'zod';
import { oneTimeCodeSchema } from './verification.js';
import { lineString } from './strings.js';

/**
 * Phone verification (issue 12, decision 0030): the spec's `send-phone-code`, `confirm-phone`,
 * `reset-phone`, its phone error types and its `phoneData` state.
 */

/** The spec's phone error types (the `code` of a refused number, on the field `phone`). */
export const phoneErrorTypes = [
  'limit_exceeded',
  'parse_error',
  'invalid_number',
  'wrong_phone_type',
  'sms_sending_not_supported',
] as const;
export type PhoneErrorType = (typeof phoneErrorTypes)[number];

/** `POST /rest/v1/users/send-phone-code`: the number (international, with +), SMS or a call. */
export const sendPhoneCodeBodySchema = z.object({
  phone: lineString().trim().min(4, 'Enter your phone number').max(32, 'At most 32 characters'),
  call: z.boolean().optional().default(false),
  isCitizenshipConsentAccepted: z.boolean().optional(),
});
export type SendPhoneCodeBody = z.input<typeof sendPhoneCodeBodySchema>;

/** `POST /rest/v1/users/confirm-phone`. */
export const confirmPhoneBodySchema = z.object({ phoneCode: oneTimeCodeSchema });
export type ConfirmPhoneBody = z.input<typeof confirmPhoneBodySchema>;

/** The spec's `phoneData`: the number being verified or verified, and the resend countdown. */
export const phoneDataSchema = z.object({
  /** The number in international form (`+34 600 111 222`), or null. */
  number: z.string().nullable(),
  /** Its country calling code (`34`). */
  code: z.string().nullable(),
  /** Seconds until another code may be sent (the web's countdown); null: now. */
  countdown: z.number().int().nullable(),
  /** Too many wrong codes: wait the countdown, then ask for a new one. */
  isAttemptsExceeded: z.boolean(),
  /** A code was sent and waits to be entered. */
  isCodeSent: z.boolean(),
  isVerified: z.boolean(),
});
export type PhoneData = z.infer<typeof phoneDataSchema>;

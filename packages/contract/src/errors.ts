import { z } from 'zod';

/**
 * The one catalogue of error codes the server may answer with. The web client switches on `code`,
 * never on the message text, so a code, once shipped, keeps its meaning.
 */
export const errorCodes = [
  'ERROR_INPUT_VALIDATION',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CSRF_TOKEN_MISMATCH',
  'INVALID_CREDENTIALS',
  'TOO_MANY_ATTEMPTS',
  'ACCOUNT_BANNED',
  'ACCOUNT_SUSPENDED',
  'ACCOUNT_STATE_FORBIDS_ACTION',
  'USERNAME_TAKEN',
  'EMAIL_TAKEN',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INSUFFICIENT_FUNDS',
  'IDEMPOTENCY_KEY_REUSED',
  'ESCROW_ALREADY_SETTLED',
  'WITHDRAW_DISABLED',
  'ID_REQUIRED',
  'BLOCKED_IN_LOCATION',
  'HAVE_ACTIVE_TRADES',
  'NEED_TO_WAIT',
  'BOND_ALREADY_DEPOSITED',
  'BOND_NOT_DEPOSITED',
  'BOND_LOCKED',
  'LEDGER_ASYNC_MODE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** One field problem inside a 422 answer: `field` is the request's own (snake_case or camelCase) name. */
export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
  code: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.array(fieldErrorSchema).optional(),
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Every failure has this body: `{ errors: [...] }`. */
export const errorEnvelopeSchema = z.object({
  errors: z.array(apiErrorSchema).min(1),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

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
  'UPGRADE_REQUIRED',
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
  'OFFER_NOT_AVAILABLE',
  'OFFER_CLOSED_NOW',
  'OFFER_CAP_REACHED',
  'OFFER_COUNTRY_NOT_ALLOWED',
  'OFFER_REQUIREMENTS_NOT_MET',
  'TRADE_WITH_YOURSELF',
  'TRADE_INVALID_STATUS',
  'TRADE_FORBIDDEN_ACTION',
  'TRADE_REQUIREMENTS_PENDING',
  'DISPUTE_NOT_AVAILABLE_YET',
  'SELLER_CANCEL_NOT_AVAILABLE',
  // The price moved beyond the confirmed one's tolerance at trade start; nothing started.
  'price_changed',
  // The spec's own names for start-trade refusals (section 3 enumerations); the web switches on them.
  'TradeLimit',
  'NewBuyerTradeLimit',
  'KycTradeLimit',
  'LowBalance',
  'max_per_trade_limit',
  'max_2_active_trades_id_not_verified',
  'reached_daily_compliance_limit',
  // The spec's trade chat block reasons.
  'ChatBlocked',
  'ChatBlockedAfterTradeIsCanceled',
  'ChatNotAvailableYet',
  'ChatNotAvailableAfterTradeCompleted',
  // Feedback (docs/decisions/0010-feedback-and-attachments.md).
  'FEEDBACK_NOT_AVAILABLE',
  'FEEDBACK_ALREADY_GIVEN',
  'FEEDBACK_NOT_RECEIVED',
  'FEEDBACK_ALREADY_REPLIED',
  // Offer reports (docs/decisions/0008-offers.md, "Web: offer page, report, profile").
  'ALREADY_REPORTED',
  'REPORT_OWN_OFFER',
  // The staff console (docs/decisions/0019-staff-roles-permissions-and-audit.md).
  'FORBIDDEN_ROLE',
  'FORBIDDEN_RANK',
  'ACCOUNT_COMPROMISED',
  'ACCOUNT_ACTION_NOT_APPLICABLE',
  'LEDGER_ASYNC_MODE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  'BANK_ACCOUNT_IN_USE',
  'BANK_ACCOUNTS_LIMIT',
  'MOBILE_MONEY_WALLET_IN_USE',
  'MOBILE_MONEY_WALLETS_LIMIT',
  // The four-eyes queue of large withdrawals (decision 0058).
  'WITHDRAWAL_NOT_AWAITING_APPROVAL',
  'WITHDRAWAL_ALREADY_APPROVED',
  'WITHDRAWAL_OWN',
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

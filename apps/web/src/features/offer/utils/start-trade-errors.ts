import { errorEnvelopeSchema, tradePriceChangedErrorSchema, type TradePriceChange } from '@app/contract';
import { isApiError } from '@/shared/api';

/** The start-trade error types the spec names (section 3 "Trade error alert types", section 8). */
export const startTradeErrorKinds = [
  'max_per_trade_limit',
  'reached_daily_compliance_limit',
  'max_2_active_trades_id_not_verified',
  // The verification level's lifetime volume is used up, or the level blocks this side (decision 0037).
  'KycTradeLimit',
  'KYC_ACTION_BLOCKED',
  'default',
] as const;
export type StartTradeErrorKind = (typeof startTradeErrorKinds)[number];

export type StartTradeError = { kind: StartTradeErrorKind; code: string; message: string };

export type StartTradeFailure = {
  /** The error list the page keeps and shows (spec: "error list stored and shown"). */
  errors: StartTradeError[];
  /** The server's words about the amount (a 422 detail on `fiat_amount`), for the amount field. */
  amountError: string | null;
};

const kindOf = (code: string): StartTradeErrorKind =>
  (startTradeErrorKinds as readonly string[]).includes(code) ? (code as StartTradeErrorKind) : 'default';

/**
 * A failed start as the page shows it: every entry of the `{ errors: [...] }` answer, typed by the spec's
 * kinds (anything else is `default` and shows the server's message), and the amount field's message when
 * the server pointed at `fiat_amount`. A failure without an answer (network) is one `default` entry.
 */
export function startTradeFailure(error: unknown, fallbackMessage: string): StartTradeFailure {
  if (!isApiError(error)) {
    return { errors: [{ kind: 'default', code: 'UNKNOWN', message: fallbackMessage }], amountError: null };
  }
  const envelope = errorEnvelopeSchema.safeParse(error.body);
  const entries = envelope.success
    ? envelope.data.errors
    : [{ code: error.code, message: error.message, details: [...error.details] }];
  const amountDetail = entries.flatMap((entry) => entry.details ?? []).find((d) => d.field === 'fiat_amount');
  const errors = entries
    // A validation answer about the amount alone is said at the field, not twice.
    .filter(
      (entry) => !(entry.code === 'ERROR_INPUT_VALIDATION' && amountDetail && entry.details?.length === 1),
    )
    .map((entry) => ({
      kind: kindOf(entry.code),
      code: entry.code,
      message: entry.message || fallbackMessage,
    }));
  return { errors, amountError: amountDetail?.message ?? null };
}

/**
 * The new price and amount when the start was refused because the price moved beyond the tolerance
 * since the user confirmed (409 `price_changed`); null for any other failure.
 */
export function priceChangeOf(error: unknown): TradePriceChange | null {
  if (!isApiError(error) || error.code !== 'price_changed') return null;
  const body = error.body as { errors?: unknown[] } | null;
  const entry = tradePriceChangedErrorSchema.safeParse(body?.errors?.[0]);
  return entry.success ? entry.data.priceChange : null;
}

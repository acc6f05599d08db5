import type { ErrorEnvelope, FieldError } from '@app/contract';

/** Codes the client itself produces when there is no usable answer from the server. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'INVALID_RESPONSE' | 'HTTP_ERROR';

/**
 * A failed API call: the HTTP status, the stable `code` from the contract's catalogue (or one of the
 * client's own codes), a message safe to show, and field `details` for 422 answers.
 * Components switch on `code`, never on the message.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly details: readonly FieldError[];
  /** Seconds from the `Retry-After` header (429 answers), when the server sent one. */
  readonly retryAfterSeconds: number | null;
  /** The parsed response body, for callers that need more than the first error. */
  readonly body: unknown;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { details?: readonly FieldError[]; retryAfterSeconds?: number | null; body?: unknown } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = options.details ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
    this.body = options.body;
  }

  get isValidationError(): boolean {
    return this.code === 'ERROR_INPUT_VALIDATION';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isFieldError = (value: unknown): value is FieldError =>
  isRecord(value) &&
  typeof value.field === 'string' &&
  typeof value.message === 'string' &&
  typeof value.code === 'string';

/**
 * The contract's errorEnvelopeSchema, checked by hand: every page's failures pass here, and the main
 * bundle does without zod (it loads with the pages that parse answers).
 */
function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  if (!isRecord(body) || !Array.isArray(body.errors) || body.errors.length === 0) return false;
  return body.errors.every(
    (error: unknown) =>
      isRecord(error) &&
      typeof error.message === 'string' &&
      typeof error.code === 'string' &&
      (error.details === undefined || (Array.isArray(error.details) && error.details.every(isFieldError))),
  );
}

/** Builds the ApiError for a non-2xx answer from its `{ errors: [...] }` body (or its status alone). */
export function apiErrorFromResponse(status: number, body: unknown, headers: Headers): ApiError {
  const retryAfterSeconds = parseRetryAfter(headers.get('retry-after'));
  if (isErrorEnvelope(body)) {
    const [first] = body.errors;
    if (first) {
      return new ApiError(status, first.code, first.message, {
        details: first.details ?? [],
        retryAfterSeconds,
        body,
      });
    }
  }
  return new ApiError(status, 'HTTP_ERROR', `The server answered with status ${status}`, {
    retryAfterSeconds,
    body,
  });
}

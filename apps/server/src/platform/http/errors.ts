import type { ErrorCode, FieldError } from '@app/contract';

/**
 * An expected failure: it carries the HTTP status, a stable code from the contract's catalogue and a
 * message safe to show the user. Anything thrown that is not an AppError is a bug and answers 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | (string & {}),
    message: string,
    readonly details?: FieldError[],
    readonly headers?: Record<string, string>,
    /** More of the error entry beside `code`, `message`, `details` (e.g. `priceChange`), in the contract. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const unauthenticated = (message = 'Please log in to continue') =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do this', code: ErrorCode = 'FORBIDDEN') =>
  new AppError(403, code, message);
export const conflict = (message: string, code: ErrorCode | (string & {}) = 'CONFLICT') =>
  new AppError(409, code, message);

/** A 422 with one or more field problems, the shape the web forms map onto their inputs. */
export const validationError = (details: FieldError[], message = 'The input is not valid') =>
  new AppError(422, 'ERROR_INPUT_VALIDATION', message, details);

export const fieldError = (field: string, message: string, code = 'invalid') =>
  validationError([{ field, message, code }]);

export const tooManyAttempts = (retryAfterSeconds: number) =>
  new AppError(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts. Please wait and try again.', undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

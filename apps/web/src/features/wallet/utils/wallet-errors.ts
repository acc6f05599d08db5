import type { TFunction } from 'i18next';
import { isApiError } from '@/shared/api';
import { translateFieldError, type FieldErrorLike } from '@/shared/forms/field-errors';

/**
 * Wallet failures in words. Components switch on the error's `code` (the contract's catalogue), never on
 * the server's English message; the message is only mined for a date the code alone does not carry.
 */

/** Field problems the wallet names: the contract's amount codes, the server's 422 codes, the form's own. */
const FIELD_CODES = [
  'not_a_number',
  'too_many_decimals',
  'not_positive',
  'too_large',
  'insufficient_funds',
  'invalid_address',
  // An address of the coin's other network: a mainnet one on the simulated chain (decision 0047).
  'wrong_network_address',
  'unknown_user',
  'self_transfer',
  'required',
  'too_long',
  'unknown_crypto_currency',
  // Above what the verification level lets leave the wallet in its window (decision 0037).
  'WITHDRAWAL_LIMIT',
] as const;
export type WalletFieldCode = (typeof FIELD_CODES)[number];

const isFieldCode = (value: unknown): value is WalletFieldCode =>
  typeof value === 'string' && (FIELD_CODES as readonly string[]).includes(value);

export type FieldErrorContext = { decimals: number; network: string; internal: boolean };

/**
 * A withdraw-form field error in the user's language. Server details carry their code in `type`; the
 * form's own checks put the code in `message` (zod custom issues). Unknown ones fall back to the shared
 * translation, then to the text as sent.
 */
export function translateWalletFieldError(
  t: TFunction,
  error: FieldErrorLike,
  context: FieldErrorContext,
): string | undefined {
  if (!error) return undefined;
  const code = isFieldCode(error.type) ? error.type : isFieldCode(error.message) ? error.message : null;
  switch (code) {
    case null:
      return translateFieldError(t, error);
    case 'not_a_number':
      return t('wallet.fieldErrors.not_a_number');
    case 'too_many_decimals':
      return t('wallet.fieldErrors.too_many_decimals', { count: context.decimals });
    case 'not_positive':
      return t('wallet.fieldErrors.not_positive');
    case 'too_large':
      return t('wallet.fieldErrors.too_large');
    case 'insufficient_funds':
      return context.internal
        ? t('wallet.fieldErrors.insufficient_funds_internal')
        : t('wallet.fieldErrors.insufficient_funds');
    case 'invalid_address':
      return t('wallet.fieldErrors.invalid_address', { network: context.network });
    case 'wrong_network_address':
      return t('wallet.fieldErrors.wrong_network_address', { network: context.network });
    case 'unknown_user':
      return t('wallet.fieldErrors.unknown_user');
    case 'self_transfer':
      return t('wallet.fieldErrors.self_transfer');
    case 'required':
      return t('wallet.fieldErrors.required');
    case 'too_long':
      return t('wallet.fieldErrors.too_long');
    case 'unknown_crypto_currency':
      return t('wallet.fieldErrors.unknown_crypto_currency');
    case 'WITHDRAWAL_LIMIT': {
      const left = usdLeftInMessage(error.message ?? '');
      return left === null
        ? t('wallet.fieldErrors.WITHDRAWAL_LIMIT')
        : t('wallet.fieldErrors.WITHDRAWAL_LIMIT_LEFT', { left });
    }
  }
}

/** What is left of the send-out limit in a WITHDRAWAL_LIMIT message (`...; 120.50 USD is left.`), if said. */
export function usdLeftInMessage(message: string): string | null {
  return /([\d.]+) USD is left/.exec(message)?.[1] ?? null;
}

/** The first ISO date in a server message (`... held until 2026-05-01T10:00:00.000Z.`), if any. */
export function dateInMessage(message: string): string | null {
  const match = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/.exec(message);
  return match ? match[0] : null;
}

/** Hours in the server's wait title ("Withdrawals open 5 h after registration"), if it says. */
export function hoursInWaitTitle(title: string): number | null {
  const match = /(\d+)\s*h\b/.exec(title);
  return match ? Number(match[1]) : null;
}

export type WalletErrorContext = {
  /** Formats a date from a BOND_LOCKED answer. */
  formatDate: (iso: string) => string;
  /** The hold known from the bond status, used when the message carries no date. */
  heldUntil?: string | null;
};

/** Any failed wallet call in words: withdraw, deposit or retrieve the security deposit. */
export function walletErrorMessage(t: TFunction, error: unknown, context: WalletErrorContext): string {
  if (!isApiError(error)) return t('common.unexpectedError');
  switch (error.code) {
    case 'WITHDRAW_DISABLED':
      return t('wallet.errors.WITHDRAW_DISABLED');
    case 'ID_REQUIRED':
      return t('wallet.errors.ID_REQUIRED');
    case 'BLOCKED_IN_LOCATION':
      return t('wallet.errors.BLOCKED_IN_LOCATION');
    case 'NEED_TO_WAIT': {
      const hours = hoursInWaitTitle(error.message);
      return hours === null
        ? t('wallet.errors.NEED_TO_WAIT')
        : t('wallet.conditions.needToWait', { count: hours });
    }
    case 'HAVE_ACTIVE_TRADES':
      return t('wallet.errors.HAVE_ACTIVE_TRADES');
    case 'ACCOUNT_STATE_FORBIDS_ACTION':
    case 'ACCOUNT_BANNED':
    case 'ACCOUNT_SUSPENDED':
      return t('wallet.errors.ACCOUNT_STATE_FORBIDS_ACTION');
    case 'INSUFFICIENT_FUNDS':
      return t('wallet.errors.INSUFFICIENT_FUNDS');
    case 'BOND_ALREADY_DEPOSITED':
      return t('wallet.errors.BOND_ALREADY_DEPOSITED');
    case 'BOND_NOT_DEPOSITED':
      return t('wallet.errors.BOND_NOT_DEPOSITED');
    case 'BOND_LOCKED': {
      const until = dateInMessage(error.message) ?? context.heldUntil ?? null;
      return until
        ? t('wallet.errors.BOND_LOCKED', { date: context.formatDate(until) })
        : t('wallet.errors.BOND_LOCKED_OFFERS');
    }
    case 'ERROR_INPUT_VALIDATION':
      return t('wallet.errors.ERROR_INPUT_VALIDATION');
    case 'RATE_LIMITED':
    case 'TOO_MANY_ATTEMPTS':
      return t('wallet.errors.RATE_LIMITED');
    case 'NETWORK_ERROR':
      return t('wallet.errors.NETWORK_ERROR');
    default:
      return t('common.unexpectedError');
  }
}

/** A failure worth the same request again (no answer, or the server failed): the send may not have happened. */
export const isRetryable = (error: unknown): boolean =>
  isApiError(error) && (error.status === 0 || error.status >= 500);

import {
  MIN_PAST_TRADES_MAX,
  OFFER_LABEL_MAX,
  OFFER_TEXT_MAX,
  PAYMENT_WINDOW_MAX,
  PAYMENT_WINDOW_MIN,
  PREDEFINED_AMOUNTS_MAX,
} from '@app/contract';
import type { TFunction } from 'i18next';
import { isApiError } from '@/shared/api';
import { translateFieldError, type FieldErrorLike } from '@/shared/forms/field-errors';

/**
 * Offer editor problems in the user's language. The form's own checks put their code in the message
 * (zod custom issues); the server's 422 details carry theirs in `type` (react-hook-form's error type).
 * Numbers the server puts in its English message (the margin bounds, the USD ceiling) are read from it;
 * the form's own checks of those bounds carry them after the code (`margin_out_of_bounds:-50:200`).
 * Anything unknown is shown as sent.
 */
const CODES = [
  'required',
  'price_required',
  'invalid_margin',
  'not_a_number',
  'too_many_decimals',
  'not_positive',
  'too_large',
  'positive_number',
  'min_greater_than_max',
  'too_many_amounts',
  'amount_mode_conflict',
  'amount_too_large',
  'new_buyer_limit_too_low',
  'payment_window_range',
  'too_long',
  'too_many_tags',
  'min_trades_range',
  'min_trades_required',
  'countries_required',
  'end_before_start',
  'invalid_bin',
  'too_many_bin_codes',
  'margin_out_of_bounds',
  'fixed_price_out_of_bounds',
  'unknown_tag',
  'tag_not_applicable',
  'unknown_country',
  'unknown_timezone',
  'bin_codes_not_enabled',
  'unknown_region',
  'regions_not_for_method',
  'method_not_for_crypto',
  'flow_not_for_method',
  'flow_not_for_crypto',
  'area_mismatch',
  'unknown_crypto_currency',
  'unknown_currency',
  'unknown_payment_method',
  'not_for_buy_offers',
  'not_for_method',
  'currency_mismatch',
  'method_mismatch',
  'unknown_bank_account',
  'unknown_wallet',
] as const;
type OfferErrorCode = (typeof CODES)[number];

const isCode = (value: unknown): value is OfferErrorCode =>
  typeof value === 'string' && (CODES as readonly string[]).includes(value);

/** Numbers in a server message, in order (`between -50% and 200%` -> ['-50', '200']). */
const numbersIn = (message: string | undefined) =>
  [...(message ?? '').matchAll(/-?\d+(?:\.\d+)?/g)].map((m) => m[0]);

export type OfferErrorContext = {
  /** The form path the error is on (`offer_terms`): says which length limit applies. */
  field: string;
  /** The fiat currency's decimals, when known. */
  fiatPrecision: number | null;
};

export function translateOfferFieldError(
  t: TFunction,
  error: FieldErrorLike,
  { field, fiatPrecision }: OfferErrorContext,
): string | undefined {
  if (!error) return undefined;
  const [head, ...args] = (error.message ?? '').split(':');
  const fromServer = isCode(error.type);
  const code = isCode(error.type) ? error.type : isCode(head) ? head : null;
  const numbers = fromServer ? numbersIn(error.message) : args;
  switch (code) {
    case null:
      return translateFieldError(t, error);
    case 'required':
      return t('offerManager.fieldErrors.required');
    case 'price_required':
      return t('offerManager.fieldErrors.price_required');
    case 'invalid_margin':
      return t('offerManager.fieldErrors.invalid_margin');
    case 'not_a_number':
      return t('offerManager.fieldErrors.not_a_number');
    case 'too_many_decimals': {
      const count = fromServer ? Number(numbers[0] ?? fiatPrecision ?? 2) : (fiatPrecision ?? 2);
      return count === 0
        ? t('offerManager.fieldErrors.no_decimals')
        : t('offerManager.fieldErrors.too_many_decimals', { count });
    }
    case 'not_positive':
      return t('offerManager.fieldErrors.not_positive');
    case 'too_large':
      return t('offerManager.fieldErrors.too_large');
    case 'positive_number':
      return t('offerManager.fieldErrors.positive_number');
    case 'min_greater_than_max':
      return t('offerManager.fieldErrors.min_greater_than_max');
    case 'too_many_amounts':
      return t('offerManager.fieldErrors.too_many_amounts', { count: PREDEFINED_AMOUNTS_MAX });
    case 'amount_mode_conflict':
      return t('offerManager.fieldErrors.amount_mode_conflict');
    case 'amount_too_large':
      return numbers[0]
        ? t('offerManager.fieldErrors.amount_too_large', { limit: numbers[0] })
        : t('offerManager.fieldErrors.too_large');
    case 'new_buyer_limit_too_low':
      return t('offerManager.fieldErrors.new_buyer_limit_too_low');
    case 'payment_window_range':
      return t('offerManager.fieldErrors.payment_window_range', {
        min: PAYMENT_WINDOW_MIN,
        max: PAYMENT_WINDOW_MAX,
      });
    case 'too_long':
      return t('validation.maxLength', {
        count: field === 'payment_method_label' ? OFFER_LABEL_MAX : OFFER_TEXT_MAX,
      });
    case 'too_many_tags':
      return t('offerManager.fieldErrors.too_many_tags', { count: 10 });
    case 'min_trades_range':
      return t('offerManager.fieldErrors.min_trades_range', { max: MIN_PAST_TRADES_MAX });
    case 'min_trades_required':
      return t('offerManager.fieldErrors.min_trades_required');
    case 'countries_required':
      return t('offerManager.fieldErrors.countries_required');
    case 'end_before_start':
      return t('offerManager.fieldErrors.end_before_start');
    case 'invalid_bin':
      return t('offerManager.fieldErrors.invalid_bin');
    case 'too_many_bin_codes':
      return t('offerManager.fieldErrors.too_many_bin_codes', { count: 50 });
    case 'margin_out_of_bounds':
      return numbers.length >= 2
        ? t('offerManager.fieldErrors.margin_out_of_bounds', { min: numbers[0], max: numbers[1] })
        : translateFieldError(t, error);
    case 'fixed_price_out_of_bounds':
      return numbers.length >= 3
        ? t('offerManager.fieldErrors.fixed_price_out_of_bounds', {
            min: numbers[0],
            max: numbers[1],
            market: numbers[2],
          })
        : translateFieldError(t, error);
    case 'unknown_tag':
      return t('offerManager.fieldErrors.unknown_tag');
    case 'tag_not_applicable':
      return t('offerManager.fieldErrors.tag_not_applicable');
    case 'unknown_country':
      return t('offerManager.fieldErrors.unknown_country');
    case 'unknown_timezone':
      return t('offerManager.fieldErrors.unknown_timezone');
    case 'bin_codes_not_enabled':
      return t('offerManager.fieldErrors.bin_codes_not_enabled');
    case 'unknown_region':
      return t('offerManager.fieldErrors.unknown_region');
    case 'regions_not_for_method':
      return t('offerManager.fieldErrors.regions_not_for_method');
    case 'method_not_for_crypto':
      return t('offerManager.fieldErrors.method_not_for_crypto');
    case 'flow_not_for_method':
      return t('offerManager.fieldErrors.flow_not_for_method');
    case 'flow_not_for_crypto':
      return t('offerManager.fieldErrors.flow_not_for_crypto');
    case 'area_mismatch':
      return t('offerManager.fieldErrors.area_mismatch');
    case 'unknown_crypto_currency':
      return t('offerManager.fieldErrors.unknown_crypto_currency');
    case 'unknown_currency':
      return t('offerManager.fieldErrors.unknown_currency');
    case 'unknown_payment_method':
      return t('offerManager.fieldErrors.unknown_payment_method');
    case 'not_for_buy_offers':
      return t('offerManager.fieldErrors.not_for_buy_offers');
    case 'not_for_method':
      return t('offerManager.fieldErrors.accounts_not_for_method');
    case 'currency_mismatch':
      return t('offerManager.fieldErrors.currency_mismatch');
    case 'method_mismatch':
      return t('offerManager.fieldErrors.method_mismatch');
    case 'unknown_bank_account':
      return t('offerManager.fieldErrors.unknown_bank_account');
    case 'unknown_wallet':
      return t('offerManager.fieldErrors.unknown_wallet');
  }
}

/**
 * A failed save or quick edit in words, by the error's code (never its English message): the account
 * and KYC refusals, the bond, a vanished offer, the network; anything else is the generic sentence.
 */
export function offerErrorMessage(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('common.unexpectedError');
  switch (error.code) {
    case 'OFFER_BOND_INSUFFICIENT':
      return t('offerManager.errors.bondInsufficient');
    case 'KYC_ACTION_BLOCKED':
      return t('offerManager.errors.kycBlocked');
    case 'ID_REQUIRED':
      return t('offerManager.errors.idRequired');
    case 'ACCOUNT_STATE_FORBIDS_ACTION':
      return t('offerManager.errors.accountState');
    case 'NOT_FOUND':
      return t('offerManager.errors.notFound');
    case 'NETWORK_ERROR':
      return t('offerManager.errors.network');
    case 'ERROR_INPUT_VALIDATION':
      return t('validation.checkForm');
    default:
      return t('common.unexpectedError');
  }
}

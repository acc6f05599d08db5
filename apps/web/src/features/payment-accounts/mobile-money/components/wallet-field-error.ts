import type { TFunction } from 'i18next';
import { translateFieldError, type FieldErrorLike } from '@/shared/forms/field-errors';

/** The server's detail codes for a wallet's fields (apps/server/src/modules/mobile-money/service.ts). */
const CODE_KEYS = {
  not_mobile_money: 'paymentAccounts.mobileMoney.errors.not_mobile_money',
  unknown_country: 'paymentAccounts.mobileMoney.errors.unknown_country',
  method_not_in_country: 'paymentAccounts.mobileMoney.errors.method_not_in_country',
  invalid_phone: 'paymentAccounts.mobileMoney.errors.invalid_phone',
  invalid_number: 'paymentAccounts.mobileMoney.errors.invalid_number',
  wrong_country: 'paymentAccounts.mobileMoney.errors.wrong_country',
  not_mobile: 'paymentAccounts.mobileMoney.errors.not_mobile',
  phone_number_non_unique: 'paymentAccounts.mobileMoney.errors.phone_number_non_unique',
  wallet_in_offers: 'paymentAccounts.mobileMoney.errors.wallet_in_offers',
  invalid_characters: 'paymentAccounts.mobileMoney.errors.invalid_characters',
} as const;

/** The contract schema's own messages (`mobileMoneyWalletBodySchema`), checked in the browser as typed. */
const MESSAGE_KEYS = {
  'Choose the mobile money provider': 'paymentAccounts.mobileMoney.errors.methodRequired',
  'Choose the country': 'paymentAccounts.mobileMoney.errors.countryRequired',
  'Use an ISO alpha-2 country code': 'paymentAccounts.mobileMoney.errors.countryRequired',
  'Enter the phone number': 'paymentAccounts.mobileMoney.errors.phoneRequired',
  'Enter the name on the wallet': 'paymentAccounts.mobileMoney.errors.holderRequired',
  'Remove line breaks and invisible control characters':
    'paymentAccounts.mobileMoney.errors.invalid_characters',
} as const;

const hasKey = <T extends object>(map: T, key: string): key is Extract<keyof T, string> =>
  Object.hasOwn(map, key);

/** A wallet field's error in the page's language: the server's code, the contract's message, else shared rules. */
export function walletFieldError(t: TFunction, error: FieldErrorLike): string | undefined {
  if (!error) return undefined;
  const type = typeof error.type === 'string' ? error.type : '';
  if (hasKey(CODE_KEYS, type)) return t(CODE_KEYS[type]);
  const message = error.message ?? '';
  if (hasKey(MESSAGE_KEYS, message)) return t(MESSAGE_KEYS[message]);
  return translateFieldError(t, error);
}

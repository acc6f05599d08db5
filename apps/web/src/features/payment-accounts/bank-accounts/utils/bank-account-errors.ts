import { BANK_ACCOUNT_ERROR_KEYS, type BankAccountErrorKey } from '@app/contract';
import type { TFunction } from 'i18next';
import { translateFieldError } from '@/shared/forms/field-errors';

/**
 * What the form says that the spec's keys (section 8) do not cover: the two pickers left empty, a
 * currency or country the server does not know (it answers `default` on those fields), a control
 * character, a value over the contract's hard cap, and the per-trader limit.
 */
export const WEB_ERROR_KEYS = [
  'countryRequired',
  'currencyRequired',
  'countryUnknown',
  'currencyUnknown',
  'invalidCharacters',
  'tooLong',
  'limit',
] as const;
export type WebErrorKey = (typeof WEB_ERROR_KEYS)[number];
export type BankFormErrorKey = BankAccountErrorKey | WebErrorKey;

const KNOWN: ReadonlySet<string> = new Set<string>([...BANK_ACCOUNT_ERROR_KEYS, ...WEB_ERROR_KEYS]);
export const isBankFormErrorKey = (key: string): key is BankFormErrorKey => KNOWN.has(key);

/** One error key in the page's language. */
export const bankErrorText = (t: TFunction, key: BankFormErrorKey): string => t(`bankAccounts.errors.${key}`);

/** A field's refusal from the server: its key when we have words for it, and the server's own words. */
export type ServerFieldError = { key: BankFormErrorKey | null; code: string; message: string };

/**
 * Reads a 422 detail. The spec's keys are said in the page's language; the server's `default` on the
 * country or the currency means it does not know that one; anything else keeps the server's words.
 */
export function serverFieldErrorOf(field: string, code: string, message: string): ServerFieldError {
  if (code === 'default' && field === 'countryId') return { key: 'countryUnknown', code, message };
  if (code === 'default' && field === 'fiatCurrencyId') return { key: 'currencyUnknown', code, message };
  if (code === 'invalid_characters') return { key: 'invalidCharacters', code, message };
  return { key: isBankFormErrorKey(code) ? code : null, code, message };
}

export function serverFieldErrorText(t: TFunction, error: ServerFieldError): string {
  if (error.key) return bankErrorText(t, error.key);
  return translateFieldError(t, { type: error.code, message: error.message }) ?? error.message;
}

import { BANK_ACCOUNT_ERROR_KEYS, supportedLocales } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { resources } from '@/shared/i18n/resources';
import { serverFieldErrorOf, WEB_ERROR_KEYS } from './bank-account-errors';

describe('bank account error keys', () => {
  for (const locale of supportedLocales) {
    it(`${locale}: should have a message for every spec key (section 8) and every key the web adds`, () => {
      const messages: Record<string, unknown> = resources[locale].translation.bankAccounts.errors;
      const missing = [...BANK_ACCOUNT_ERROR_KEYS, ...WEB_ERROR_KEYS].filter(
        (key) => typeof messages[key] !== 'string' || (messages[key] as string).trim() === '',
      );
      expect(missing).toEqual([]);
    });
  }

  it('should read the server’s details: spec keys by key, `default` on a picker as an unknown value', () => {
    expect(serverFieldErrorOf('accountNumber', 'account_number_non_unique', 'x').key).toBe(
      'account_number_non_unique',
    );
    expect(serverFieldErrorOf('countryId', 'default', 'x').key).toBe('countryUnknown');
    expect(serverFieldErrorOf('fiatCurrencyId', 'default', 'x').key).toBe('currencyUnknown');
    expect(serverFieldErrorOf('holderName', 'too_big', 'At most 140 characters')).toEqual({
      key: null,
      code: 'too_big',
      message: 'At most 140 characters',
    });
  });
});

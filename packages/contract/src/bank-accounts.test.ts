import { describe, expect, it } from 'vitest';
import {
  BANK_ACCOUNT_ERROR_KEYS,
  bankAccountBodySchema,
  bankByIbanQuerySchema,
  bankBySwiftQuerySchema,
  bankFormOf,
  bankSubmitPayloadOf,
  banksQuerySchema,
  isValidAbaRouting,
  isValidClabe,
  isValidIfsc,
  isValidNuban,
  isValidRuAccount,
  maskAccountNumber,
  normaliseBankAccount,
  parseBic,
  parseIban,
  routingLabelOf,
  validateBankAccount,
  type BankAccountBodyInput,
  type BankAccountErrorKey,
  type BankAccountFormState,
  type BankAccountRuleOptions,
} from './bank-accounts.js';

/** Every key a case below saw: the last test checks the rules can produce each key of the spec. */
const seen = new Set<BankAccountErrorKey>();

const body = (extra: Partial<BankAccountBodyInput>) =>
  bankAccountBodySchema.parse({
    fiat_currency_id: 'usd',
    holder_name: 'Jane Doe',
    is_personal: true,
    country_id: 'us',
    ...extra,
  });

/** The rules' answer as `{ field: key }`, recording every key seen. */
const errorsOf = (extra: Partial<BankAccountBodyInput>, options?: BankAccountRuleOptions) => {
  const errors = validateBankAccount(body(extra), options);
  for (const { key } of errors) seen.add(key);
  return Object.fromEntries(errors.map((e) => [e.field, e.key]));
};

/** The directory as the server gives it: GTBank's CBN code is 058. */
const directory: BankAccountRuleOptions = {
  bankCodeOf: (id) => ({ 'ng-gtbank': '058', 'ng-access': '044' })[id],
};

// A complete OTHER-form recipient (Commerzbank's Cologne branch address is public).
const recipient = { residency: 'DE', city: 'Köln', zip: '50667', address: 'Unter Sachsenhausen 21' };

describe('check digits with published identifiers', () => {
  it('should accept real ABA routing numbers and refuse a wrong check digit or an unassigned prefix', () => {
    // JPMorgan Chase NY, Federal Reserve Bank of Boston, Bank of America, Wells Fargo, Citibank.
    for (const routing of ['021000021', '011000015', '026009593', '121000248', '021000089']) {
      expect(isValidAbaRouting(routing), routing).toBe(true);
    }
    expect(isValidAbaRouting('021000022')).toBe(false);
    // 1·3 + 3·7 + 6·1 = 30 passes the checksum, but 13 is no Federal Reserve prefix.
    expect(isValidAbaRouting('130000006')).toBe(false);
    expect(isValidAbaRouting('02100002')).toBe(false);
  });

  it('should accept real CLABEs and refuse a wrong check digit', () => {
    expect(isValidClabe('032180000118359719')).toBe(true);
    // Banamex, Wikipedia's CLABE example.
    expect(isValidClabe('002010077777777771')).toBe(true);
    expect(isValidClabe('032180000118359718')).toBe(false);
    expect(isValidClabe('03218000011835971')).toBe(false);
  });

  it('should accept an IFSC of the RBI format only', () => {
    expect(isValidIfsc('SBIN0000300')).toBe(true);
    expect(isValidIfsc('SBIN1000300')).toBe(false);
    expect(isValidIfsc('SBIN000030')).toBe(false);
    expect(isValidIfsc('sbin0000300')).toBe(false);
  });

  it('should check Russian control keys against the BIK, correspondent accounts included', () => {
    expect(isValidRuAccount('044525225', '40702810938000000001')).toBe(true);
    expect(isValidRuAccount('044525225', '40702810038000000001')).toBe(false);
    // Correspondent accounts at the Bank of Russia: Sberbank, T-Bank, VTB.
    expect(isValidRuAccount('044525225', '30101810400000000225')).toBe(true);
    expect(isValidRuAccount('044525974', '30101810145250000974')).toBe(true);
    expect(isValidRuAccount('044525187', '30101810700000000187')).toBe(true);
    expect(isValidRuAccount('044525225', '30101810400000000226')).toBe(false);
    expect(isValidRuAccount('04452522', '40702810938000000001')).toBe(false);
  });

  it('should check the NUBAN digit with the 3-digit and the 6-digit bank code', () => {
    // 0·3+5·7+8·3 + 0·3+1·7+2·3 + 3·3+4·7+5·3 + 6·3+7·7+8·3 = 215, 10 - 5 = 5.
    expect(isValidNuban('058', '0123456785')).toBe(true);
    expect(isValidNuban('000058', '0123456785')).toBe(true);
    expect(isValidNuban('058', '0123456784')).toBe(false);
    expect(isValidNuban('044', '0123456785')).toBe(false);
    expect(isValidNuban('58', '0123456785')).toBe(false);
  });

  it('should read IBANs and BICs through ibantools', () => {
    expect(parseIban('gb29 nwbk 6016 1331 9268 19')).toMatchObject({
      iban: 'GB29NWBK60161331926819',
      countryCode: 'GB',
      bankIdentifier: 'NWBK',
      branchIdentifier: '601613',
    });
    expect(parseIban('GB82WEST12345698765432')).toMatchObject({ countryCode: 'GB', bankIdentifier: 'WEST' });
    expect(parseIban('FI2112345600000785')).toMatchObject({ countryCode: 'FI', bban: '12345600000785' });
    expect(parseIban('GB82WEST12345698765433')).toBeNull();
    expect(parseBic('nwbkgb2lxxx')).toEqual({
      bic: 'NWBKGB2LXXX',
      bic8: 'NWBKGB2L',
      bankCode: 'NWBK',
      countryCode: 'GB',
      branchCode: null,
    });
    expect(parseBic('NWBKZZ2L')).toBeNull();
    expect(parseBic('NWBKGB2')).toBeNull();
  });
});

describe('bank forms', () => {
  it('should give the seven countries their own form and every other country OTHER', () => {
    expect(['NG', 'us', 'FI', 'GB', 'IN', 'RU', 'mx'].map((code) => bankFormOf(code))).toEqual([
      'NG',
      'US',
      'FI',
      'GB',
      'IN',
      'RU',
      'MX',
    ]);
    expect(bankFormOf('DE')).toBe('OTHER');
    expect(bankFormOf('CA')).toBe('OTHER');
  });

  it('should give a euro account in the SEPA zone the SEPA form, and only a euro account', () => {
    expect(bankFormOf('DE', 'EUR')).toBe('SEPA');
    expect(bankFormOf('fr', ' eur ')).toBe('SEPA');
    // SEPA reaches beyond the euro area and the EU (Switzerland, Norway, Monaco).
    expect(bankFormOf('CH', 'EUR')).toBe('SEPA');
    expect(bankFormOf('NO', 'EUR')).toBe('SEPA');
    // Other currencies of the zone go by international wire.
    expect(bankFormOf('DE', 'USD')).toBe('OTHER');
    expect(bankFormOf('PL', 'PLN')).toBe('OTHER');
    // Outside the zone a euro account is a wire too; the countries with their own form keep it.
    expect(bankFormOf('CA', 'EUR')).toBe('OTHER');
    expect(bankFormOf('FI', 'EUR')).toBe('FI');
    expect(bankFormOf('GB', 'EUR')).toBe('GB');
  });

  it('should label the routing number per country', () => {
    expect(['GB', 'RU', 'IN', 'US', 'NG'].map(routingLabelOf)).toEqual([
      'sortCode',
      'bik',
      'ifsc',
      'routingNumber',
      'routingNumber',
    ]);
  });

  it('should list the spec section 8 keys once each', () => {
    expect(new Set(BANK_ACCOUNT_ERROR_KEYS).size).toBe(BANK_ACCOUNT_ERROR_KEYS.length);
    expect(BANK_ACCOUNT_ERROR_KEYS).toHaveLength(39);
    expect(BANK_ACCOUNT_ERROR_KEYS).toContain('error_recipient_state_country_invalid');
    expect(BANK_ACCOUNT_ERROR_KEYS).toContain('additionalInfoLength');
  });
});

describe('the body schema', () => {
  it('should uppercase codes and refuse control characters and malformed codes', () => {
    const parsed = body({ country_id: ' gb ', fiat_currency_id: 'gbp' });
    expect(parsed).toMatchObject({ country_id: 'GB', fiat_currency_id: 'GBP' });
    const control = bankAccountBodySchema.safeParse({ ...parsed, holder_name: 'Jane\u0000Doe' });
    expect(control.success).toBe(false);
    const lineBreak = bankAccountBodySchema.safeParse({ ...parsed, account_number: '123\n456' });
    expect(lineBreak.error?.issues[0]?.path).toEqual(['account_number']);
    expect(bankAccountBodySchema.safeParse({ ...parsed, country_id: 'GBR' }).success).toBe(false);
    expect(bankAccountBodySchema.safeParse({ ...parsed, fiat_currency_id: 'US' }).success).toBe(false);
    expect(bankAccountBodySchema.safeParse({ ...parsed, holder_name: 'x'.repeat(141) }).success).toBe(false);
    expect(bankAccountBodySchema.safeParse({ ...parsed, is_personal: 'yes' }).success).toBe(false);
    // Additional info is free text: line breaks are fine there.
    expect(
      bankAccountBodySchema.safeParse({ ...parsed, additional_info: 'Line one\nLine two' }).success,
    ).toBe(true);
  });
});

describe('validateBankAccount', () => {
  describe('holder name (every country)', () => {
    it('should require 2-100 characters of a name', () => {
      expect(
        errorsOf({ holder_name: '   ', account_number: '123456789', routing_number: '021000021' }),
      ).toEqual({
        holderName: 'holderNameRequired',
      });
      const us = { account_number: '123456789', routing_number: '021000021' };
      expect(errorsOf({ ...us, holder_name: 'J' })).toEqual({
        holderName: 'account_holder_name_not_correct_length',
      });
      expect(errorsOf({ ...us, holder_name: 'J'.repeat(101) })).toEqual({
        holderName: 'account_holder_name_not_correct_length',
      });
      expect(errorsOf({ ...us, holder_name: 'J0hn Doe' })).toEqual({
        holderName: 'account_holder_name_invalid',
      });
      expect(errorsOf({ ...us, holder_name: 'Jane_Doe' })).toEqual({
        holderName: 'account_holder_name_invalid',
      });
      expect(errorsOf({ ...us, holder_name: 'Zoë O’Brien' })).toEqual({});
      expect(errorsOf({ ...us, holder_name: "Zoë O'Brien-Łukasz Jr." })).toEqual({});
      expect(errorsOf({ ...us, holder_name: 'Иван Петров' })).toEqual({});
      // A business may use digits and & , ( ) /.
      expect(errorsOf({ ...us, is_personal: false, holder_name: 'Smith & Sons (3M), LLC' })).toEqual({});
      expect(errorsOf({ ...us, is_personal: true, holder_name: 'Smith & Sons' })).toEqual({
        holderName: 'account_holder_name_invalid',
      });
    });
  });

  describe('NG', () => {
    const ng = { country_id: 'NG', fiat_currency_id: 'NGN', bank_id: 'ng-gtbank' };

    it('should accept a 10-digit NUBAN whose check digit fits the bank', () => {
      expect(errorsOf({ ...ng, account_number: '012 345 6785' }, directory)).toEqual({});
      expect(errorsOf({ ...ng, account_number: '0123456785' })).toEqual({});
    });

    it('should refuse a missing bank, a bad NUBAN and an unknown bank', () => {
      expect(errorsOf({ ...ng, bank_id: undefined, account_number: '0123456785' })).toEqual({
        bankId: 'bankRequired',
      });
      expect(errorsOf({ ...ng, account_number: '' })).toEqual({ accountNumber: 'accountNumberRequired' });
      expect(errorsOf({ ...ng, account_number: '012345678' })).toEqual({
        accountNumber: 'account_number_not_correct_length',
      });
      expect(errorsOf({ ...ng, account_number: '01234567O5' })).toEqual({
        accountNumber: 'account_number_invalid',
      });
      // 0123456785 is a GTBank NUBAN, not an Access Bank one.
      expect(errorsOf({ ...ng, bank_id: 'ng-access', account_number: '0123456785' }, directory)).toEqual({
        accountNumber: 'account_number_invalid',
      });
      expect(errorsOf({ ...ng, bank_id: 'ng-nowhere', account_number: '0123456785' }, directory)).toEqual({
        bankId: 'bank_id_not_exist',
      });
      expect(errorsOf({ ...ng, bank_id: 'GT Bank!', account_number: '0123456785' })).toEqual({
        bankId: 'bank_id_invalid',
      });
      expect(errorsOf({ ...ng, bank_id: `ng-${'a'.repeat(70)}`, account_number: '0123456785' })).toEqual({
        bankId: 'bank_id_not_correct_length',
      });
      expect(errorsOf({ ...ng, bank_id: 'gb-barclays', account_number: '0123456785' })).toEqual({
        bankId: 'country_doesnt_match',
      });
    });
  });

  describe('US', () => {
    const us = { account_number: '000123456789', routing_number: '021000021' };

    it('should accept a 4-17 digit account with a valid ABA routing number', () => {
      expect(errorsOf(us)).toEqual({});
      expect(errorsOf({ ...us, routing_number: '011000015', swift_code: 'CHASUS33' })).toEqual({});
    });

    it('should refuse bad account and routing numbers', () => {
      expect(errorsOf({ ...us, account_number: undefined })).toEqual({
        accountNumber: 'accountNumberRequired',
      });
      expect(errorsOf({ ...us, account_number: '123' })).toEqual({
        accountNumber: 'account_number_not_correct_length',
      });
      expect(errorsOf({ ...us, account_number: '1'.repeat(18) })).toEqual({
        accountNumber: 'account_number_not_correct_length',
      });
      expect(errorsOf({ ...us, account_number: 'ABC12345' })).toEqual({
        accountNumber: 'account_number_invalid',
      });
      expect(errorsOf({ ...us, routing_number: ' ' })).toEqual({ routingNumber: 'routingNumberRequired' });
      expect(errorsOf({ ...us, routing_number: '02100002' })).toEqual({
        routingNumber: 'routing_number_not_correct_length',
      });
      expect(errorsOf({ ...us, routing_number: '021000022' })).toEqual({
        routingNumber: 'routing_number_invalid',
      });
      expect(errorsOf({ ...us, routing_number: '02100002A' })).toEqual({
        routingNumber: 'routing_number_invalid',
      });
    });

    it('should check a BIC given for any country: length, format, country', () => {
      expect(errorsOf({ ...us, swift_code: 'CHASUS3' })).toEqual({
        swiftCode: 'swift_code_not_correct_length',
      });
      expect(errorsOf({ ...us, swift_code: 'CHASZZ33' })).toEqual({ swiftCode: 'swift_code_invalid' });
      expect(errorsOf({ ...us, swift_code: 'NWBKGB2L' })).toEqual({ swiftCode: 'swift_not_match_country' });
    });
  });

  describe('GB', () => {
    // GB29 NWBK 6016 1331 9268 19 is the IBAN registry's own UK example (NatWest, sort code 60-16-13).
    const gb = {
      country_id: 'GB',
      fiat_currency_id: 'GBP',
      account_number: '31926819',
      routing_number: '60-16-13',
    };

    it('should accept an 8-digit account, a sort code and an optional matching IBAN', () => {
      expect(errorsOf(gb)).toEqual({});
      expect(
        errorsOf({ ...gb, sepa: { iban: 'gb29 nwbk 6016 1331 9268 19' }, swift_code: 'NWBKGB2L' }),
      ).toEqual({});
    });

    it('should refuse bad sort codes, account numbers and IBANs', () => {
      expect(errorsOf({ ...gb, routing_number: undefined })).toEqual({
        routingNumber: 'routingNumberRequired',
      });
      expect(errorsOf({ ...gb, routing_number: '60-16-1' })).toEqual({
        routingNumber: 'sort_code_not_correct_length',
      });
      expect(errorsOf({ ...gb, routing_number: '60-16-AB' })).toEqual({
        routingNumber: 'sort_code_routing_number_invalid',
      });
      expect(errorsOf({ ...gb, account_number: '3192681' })).toEqual({
        accountNumber: 'account_number_not_correct_length',
      });
      expect(errorsOf({ ...gb, sepa: { iban: 'GB29NWBK60161331926818' } })).toEqual({
        iban: 'account_number_invalid',
      });
      expect(errorsOf({ ...gb, sepa: { iban: 'FI2112345600000785' } })).toEqual({
        iban: 'country_doesnt_match',
      });
      expect(errorsOf({ ...gb, sepa: { iban: `GB29${'1'.repeat(32)}` } })).toEqual({
        iban: 'account_number_not_correct_length',
      });
      // A valid IBAN of another account: GB82 WEST 1234 5698 7654 32.
      expect(errorsOf({ ...gb, sepa: { iban: 'GB82WEST12345698765432' } })).toEqual({
        iban: 'account_number_invalid',
      });
    });

    it("should refuse a BIC of another bank than the IBAN's", () => {
      // Barclays' BIC with a NatWest IBAN: the IBAN's bank code is the BIC's first four letters.
      expect(errorsOf({ ...gb, sepa: { iban: 'GB29NWBK60161331926819' }, swift_code: 'BUKBGB22' })).toEqual({
        swiftCode: 'iban_dont_match_swift_code',
      });
    });
  });

  describe('FI', () => {
    const fi = { country_id: 'FI', fiat_currency_id: 'EUR' };

    it('should take the IBAN as the account number', () => {
      expect(errorsOf({ ...fi, account_number: 'FI21 1234 5600 0007 85', swift_code: 'NDEAFIHH' })).toEqual(
        {},
      );
    });

    it('should refuse a bad checksum and an IBAN of another country', () => {
      expect(errorsOf({ ...fi, account_number: 'FI2112345600000786' })).toEqual({
        accountNumber: 'account_number_invalid',
      });
      expect(errorsOf({ ...fi, account_number: '123456-785' })).toEqual({
        accountNumber: 'account_number_invalid',
      });
      expect(errorsOf({ ...fi, account_number: 'DE89 3704 0044 0532 0130 00' })).toEqual({
        accountNumber: 'country_doesnt_match',
      });
      expect(errorsOf({ ...fi, account_number: `FI21${'1'.repeat(32)}` })).toEqual({
        accountNumber: 'account_number_not_correct_length',
      });
    });
  });

  describe('IN', () => {
    const india = { country_id: 'IN', fiat_currency_id: 'INR', account_number: '30012345678' };

    it('should accept a 9-18 digit account with an IFSC', () => {
      expect(errorsOf({ ...india, ifsc: 'sbin0000300' })).toEqual({});
    });

    it('should require a well-formed IFSC and a 9-18 digit account', () => {
      expect(errorsOf(india)).toEqual({ ifsc: 'ifscRequired' });
      expect(errorsOf({ ...india, ifsc: 'SBIN000030' })).toEqual({ ifsc: 'ifscInvalid' });
      expect(errorsOf({ ...india, ifsc: 'SBIN1000300' })).toEqual({ ifsc: 'ifscInvalid' });
      expect(errorsOf({ ...india, ifsc: 'SBIN0000300', account_number: '12345678' })).toEqual({
        accountNumber: 'account_number_not_correct_length',
      });
    });
  });

  describe('RU', () => {
    // Sberbank Moscow's BIK; the account's control key was computed with it (see isValidRuAccount).
    const ru = {
      country_id: 'RU',
      fiat_currency_id: 'RUB',
      routing_number: '044525225',
      account_number: '40702810938000000001',
    };

    it('should accept a 20-digit account whose key fits the BIK', () => {
      expect(errorsOf(ru)).toEqual({});
      expect(errorsOf({ ...ru, swift_code: 'SABRRUMM' })).toEqual({});
    });

    it('should refuse a bad BIK, a bad key and an account of another currency', () => {
      expect(errorsOf({ ...ru, routing_number: undefined })).toEqual({
        routingNumber: 'routingNumberRequired',
      });
      expect(errorsOf({ ...ru, routing_number: '04452522' })).toEqual({
        routingNumber: 'routing_number_not_correct_length',
      });
      expect(errorsOf({ ...ru, routing_number: '054525225' })).toEqual({
        routingNumber: 'routing_number_invalid',
      });
      expect(errorsOf({ ...ru, account_number: '40702810038000000001' })).toEqual({
        accountNumber: 'account_number_invalid',
      });
      // 810 in digits 6-8 is a rouble account.
      expect(errorsOf({ ...ru, fiat_currency_id: 'USD' })).toEqual({
        accountNumber: 'account_number_invalid',
      });
      expect(errorsOf({ ...ru, account_number: '4070281093800000000' })).toEqual({
        accountNumber: 'account_number_not_correct_length',
      });
    });
  });

  describe('MX', () => {
    const mx = { country_id: 'MX', fiat_currency_id: 'MXN' };

    it('should take the CLABE as the account (no account number needed)', () => {
      expect(errorsOf({ ...mx, clabe: '002 010 07777777777 1' })).toEqual({});
      expect(errorsOf({ ...mx, clabe: '032180000118359719', swift_code: 'BNMXMXMM' })).toEqual({});
    });

    it('should require a valid 18-digit CLABE', () => {
      expect(errorsOf(mx)).toEqual({ clabe: 'clabeRequired' });
      expect(errorsOf({ ...mx, clabe: '032180000118359718' })).toEqual({ clabe: 'clabeInvalid' });
      expect(errorsOf({ ...mx, clabe: '03218000011835971' })).toEqual({ clabe: 'clabeInvalid' });
    });
  });

  describe('SEPA', () => {
    const germany = { country_id: 'DE', fiat_currency_id: 'EUR' };

    it('should need only the IBAN and the holder: no BIC, bank name or address', () => {
      expect(errorsOf({ ...germany, account_number: 'DE89 3704 0044 0532 0130 00' })).toEqual({});
      expect(errorsOf({ ...germany, country_id: 'AT', account_number: 'AT611904300234573201' })).toEqual({});
      expect(errorsOf({ ...germany })).toEqual({ accountNumber: 'accountNumberRequired' });
      expect(errorsOf({ ...germany, holder_name: '' })).toMatchObject({ holderName: 'holderNameRequired' });
    });

    it('should check the IBAN: checksum, national format and country', () => {
      expect(errorsOf({ ...germany, account_number: 'DE89370400440532013001' })).toEqual({
        accountNumber: 'account_number_invalid',
      });
      expect(errorsOf({ ...germany, account_number: '0532013000' })).toEqual({
        accountNumber: 'account_number_invalid',
      });
      expect(errorsOf({ ...germany, account_number: 'FR1420041010050500013M02606' })).toEqual({
        accountNumber: 'country_doesnt_match',
      });
      expect(errorsOf({ ...germany, account_number: 'DE89'.padEnd(35, '0') })).toEqual({
        accountNumber: 'account_number_not_correct_length',
      });
    });

    it('should still check a BIC when one is given', () => {
      const iban = { ...germany, account_number: 'DE89370400440532013000' };
      expect(errorsOf({ ...iban, swift_code: 'COBADEFFXXX' })).toEqual({});
      expect(errorsOf({ ...iban, swift_code: 'ABNANL2A' })).toEqual({ swiftCode: 'swift_not_match_country' });
      expect(errorsOf({ ...iban, swift_code: 'COBADEF' })).toEqual({
        swiftCode: 'swift_code_not_correct_length',
      });
    });

    it('should store the IBAN as the account and in sepa, and drop what the rail does not use', () => {
      expect(
        normaliseBankAccount(
          body({
            ...germany,
            account_number: 'de89 3704 0044 0532 0130 00',
            routing_number: '37040044',
            swift: recipient,
          }),
        ),
      ).toEqual({
        fiat_currency_id: 'EUR',
        holder_name: 'Jane Doe',
        is_personal: true,
        country_id: 'DE',
        account_number: 'DE89370400440532013000',
        sepa: { iban: 'DE89370400440532013000' },
      });
    });
  });

  describe('OTHER', () => {
    // A dollar account in Germany goes by international wire (a euro one is SEPA, above).
    const germany = {
      country_id: 'DE',
      fiat_currency_id: 'USD',
      account_number: 'DE89 3704 0044 0532 0130 00',
      swift_code: 'COBADEFFXXX',
      bank_name: 'Commerzbank',
      swift: recipient,
    };
    const canada = {
      country_id: 'CA',
      fiat_currency_id: 'CAD',
      account_number: '1234567',
      swift_code: 'ROYCCAT2',
      bank_name: 'Royal Bank of Canada',
      swift: { residency: 'US', state: 'ny', city: 'New York', zip: '10118', address: '350 Fifth Avenue' },
    };

    it('should accept an IBAN country and a non-IBAN country with BIC, bank and recipient', () => {
      expect(errorsOf(germany)).toEqual({});
      expect(errorsOf(canada)).toEqual({});
    });

    it('should require the BIC, the bank name and the recipient address', () => {
      expect(
        errorsOf({ country_id: 'CA', fiat_currency_id: 'CAD', account_number: '1234567', swift: undefined }),
      ).toEqual({
        swiftCode: 'swift_code_not_correct_length',
        bankName: 'bankNameEmptyWithoutSwift',
        'swift.residency': 'recipient_country_of_residency_not_correct_length',
        'swift.city': 'recipient_city_not_correct_length',
        'swift.zip': 'recipient_zip_not_correct_length',
        'swift.address': 'recipient_address_not_correct_length',
      });
      expect(errorsOf({ ...canada, bank_name: ' ' })).toEqual({ bankName: 'bankNameEmptyWithSwift' });
      expect(errorsOf({ ...canada, account_number: undefined })).toEqual({
        accountNumber: 'accountNumberRequired',
      });
    });

    it('should check the recipient fields', () => {
      const withRecipient = (swift: Record<string, string>) =>
        errorsOf({ ...canada, swift: { ...recipient, ...swift } });
      expect(withRecipient({ residency: 'DEU' })).toEqual({
        'swift.residency': 'recipient_country_of_residency_not_correct_length',
      });
      expect(withRecipient({ residency: 'ZZ' })).toEqual({
        'swift.residency': 'recipient_country_of_residency_invalid',
      });
      // A US address needs a USPS state code; elsewhere a state, when given, is a name.
      expect(withRecipient({ residency: 'US', state: 'New York' })).toEqual({
        'swift.state': 'error_recipient_state_country_invalid',
      });
      expect(withRecipient({ residency: 'US' })).toEqual({
        'swift.state': 'error_recipient_state_country_invalid',
      });
      expect(withRecipient({ state: '12' })).toEqual({
        'swift.state': 'error_recipient_state_country_invalid',
      });
      expect(withRecipient({ state: 'Nordrhein-Westfalen' })).toEqual({});
      expect(withRecipient({ city: 'K' })).toEqual({ 'swift.city': 'recipient_city_not_correct_length' });
      expect(withRecipient({ city: 'K0ln' })).toEqual({ 'swift.city': 'recipient_city_invalid' });
      expect(withRecipient({ zip: '5'.repeat(17) })).toEqual({
        'swift.zip': 'recipient_zip_not_correct_length',
      });
      expect(withRecipient({ zip: '#5066' })).toEqual({ 'swift.zip': 'recipient_zip_invalid' });
      expect(withRecipient({ address: 'Rd 1' })).toEqual({
        'swift.address': 'recipient_address_not_correct_length',
      });
      expect(withRecipient({ address: '12345 678' })).toEqual({
        'swift.address': 'recipient_address_invalid',
      });
      expect(withRecipient({ address: 'Main St 1; DROP' })).toEqual({
        'swift.address': 'recipient_address_invalid',
      });
    });

    it('should check account numbers: 34 letters and digits, and IBANs where they are used', () => {
      expect(errorsOf({ ...canada, account_number: '1'.repeat(35) })).toEqual({
        accountNumber: 'account_number_not_correct_length',
      });
      expect(errorsOf({ ...canada, account_number: '1234/567' })).toEqual({
        accountNumber: 'account_number_invalid',
      });
      // SEPA countries use IBANs only.
      expect(errorsOf({ ...germany, account_number: '0532013000' })).toEqual({
        accountNumber: 'account_number_invalid',
      });
      // Elsewhere, a number written as an IBAN must be one.
      expect(errorsOf({ ...canada, account_number: 'GB29NWBK60161331926818' })).toEqual({
        accountNumber: 'account_number_invalid',
      });
    });

    it('should refuse an IBAN and a BIC of different countries or banks', () => {
      expect(errorsOf({ ...germany, swift_code: 'ABNANL2A' })).toEqual({
        swiftCode: 'swift_not_match_country',
      });
      expect(errorsOf({ ...germany, account_number: 'NL91ABNA0417164300' })).toEqual({
        accountNumber: 'country_doesnt_match',
        swiftCode: 'iban_dont_match_swift_code',
      });
      expect(
        errorsOf({
          ...germany,
          country_id: 'NL',
          account_number: 'NL91ABNA0417164300',
          swift_code: 'INGBNL2A',
        }),
      ).toEqual({ swiftCode: 'iban_dont_match_swift_code' });
      expect(
        errorsOf({
          ...germany,
          country_id: 'NL',
          account_number: 'NL91ABNA0417164300',
          swift_code: 'ABNANL2A',
        }),
      ).toEqual({});
    });
  });

  it('should limit the additional information to 500 characters', () => {
    const us = { account_number: '123456789', routing_number: '021000021' };
    expect(errorsOf({ ...us, additional_info: 'é'.repeat(500) })).toEqual({});
    expect(errorsOf({ ...us, additional_info: 'x'.repeat(501) })).toEqual({
      additionalInfo: 'additionalInfoLength',
    });
  });

  it('should be able to report every spec key but the server-side and generic ones', () => {
    // Uniqueness needs the user's other accounts (the server's check); `default` is the web's fallback.
    const elsewhere = ['account_number_non_unique', 'swift_code_not_unique', 'default'];
    expect(BANK_ACCOUNT_ERROR_KEYS.filter((key) => !seen.has(key))).toEqual(elsewhere);
  });
});

describe('normaliseBankAccount and the submit payload (spec section 5)', () => {
  it('should put the uppercased UK IBAN in sepa and strip grouping from numbers', () => {
    const stored = normaliseBankAccount(
      body({
        country_id: 'gb',
        fiat_currency_id: 'gbp',
        holder_name: '  Jane   Doe ',
        account_number: '3192 6819',
        routing_number: '60-16-13',
        sepa: { iban: 'gb29 nwbk 6016 1331 9268 19' },
        swift_code: 'nwbkgb2lxxx',
        ifsc: 'SBIN0000300',
        bank_name: '',
      }),
    );
    expect(stored).toEqual({
      fiat_currency_id: 'GBP',
      holder_name: 'Jane Doe',
      is_personal: true,
      country_id: 'GB',
      account_number: '31926819',
      routing_number: '601613',
      sepa: { iban: 'GB29NWBK60161331926819' },
      swift_code: 'NWBKGB2L',
    });
  });

  it('should send the CLABE as the Mexican account number and omit sepa', () => {
    expect(
      normaliseBankAccount(
        body({
          country_id: 'MX',
          fiat_currency_id: 'MXN',
          account_number: '1234',
          clabe: '002 010 07777777777 1',
          sepa: { iban: 'GB29NWBK60161331926819' },
        }),
      ),
    ).toEqual({
      fiat_currency_id: 'MXN',
      holder_name: 'Jane Doe',
      is_personal: true,
      country_id: 'MX',
      account_number: '002010077777777771',
      clabe: '002010077777777771',
    });
  });

  it('should also send an IBAN account number as sepa.iban, and only an IBAN', () => {
    const fi = normaliseBankAccount(body({ country_id: 'FI', account_number: 'fi21 1234 5600 0007 85' }));
    expect(fi).toMatchObject({ account_number: 'FI2112345600000785', sepa: { iban: 'FI2112345600000785' } });
    const us = normaliseBankAccount(body({ account_number: '1234-5678', routing_number: '021000021' }));
    expect(us.sepa).toBeUndefined();
    expect(us).toMatchObject({ account_number: '12345678', routing_number: '021000021' });
  });

  it('should keep the recipient only for the OTHER form, without empty fields', () => {
    const other = normaliseBankAccount(
      body({
        country_id: 'DE',
        account_number: 'DE89370400440532013000',
        swift: {
          residency: 'de',
          state: ' ',
          city: ' Köln ',
          zip: '50667',
          address: 'Unter  Sachsenhausen 21',
        },
      }),
    );
    expect(other.swift).toEqual({
      residency: 'DE',
      city: 'Köln',
      zip: '50667',
      address: 'Unter Sachsenhausen 21',
    });
    expect(normaliseBankAccount(body({ country_id: 'DE', swift: { city: ' ' } })).swift).toBeUndefined();
    expect(normaliseBankAccount(body({ account_number: '123456', swift: recipient })).swift).toBeUndefined();
  });

  it('should be idempotent and stay within the schema', () => {
    const once = normaliseBankAccount(
      body({
        country_id: 'gb',
        account_number: '3192-6819',
        routing_number: '60 16 13',
        sepa: { iban: 'gb29nwbk60161331926819' },
      }),
    );
    expect(normaliseBankAccount(once)).toEqual(once);
    expect(bankAccountBodySchema.parse(once)).toEqual(once);
  });

  it('should build the web payload from the camelCase form with the same rules', () => {
    const empty: BankAccountFormState = {
      countryId: 'GB',
      fiatCurrencyId: 'GBP',
      holderName: 'Jane Doe',
      isPersonal: false,
      accountNumber: '',
      iban: '',
      routingNumber: '',
      bankId: '',
      swiftCode: '',
      bankName: '',
      ifsc: '',
      clabe: '',
      additionalInfo: '',
      swift: { residency: '', state: '', city: '', zip: '', address: '' },
    };
    expect(
      bankSubmitPayloadOf({
        ...empty,
        accountNumber: '31926819',
        routingNumber: '60-16-13',
        iban: 'gb29 nwbk 6016 1331 9268 19',
        bankId: 'gb-natwest',
        additionalInfo: ' Business current account ',
      }),
    ).toEqual({
      fiat_currency_id: 'GBP',
      holder_name: 'Jane Doe',
      is_personal: false,
      country_id: 'GB',
      account_number: '31926819',
      routing_number: '601613',
      sepa: { iban: 'GB29NWBK60161331926819' },
      bank_id: 'gb-natwest',
      additional_info: 'Business current account',
    });
    expect(
      bankSubmitPayloadOf({ ...empty, countryId: 'MX', fiatCurrencyId: 'MXN', clabe: '002010077777777771' }),
    ).toEqual({
      fiat_currency_id: 'MXN',
      holder_name: 'Jane Doe',
      is_personal: false,
      country_id: 'MX',
      account_number: '002010077777777771',
      clabe: '002010077777777771',
    });
  });
});

describe('maskAccountNumber', () => {
  it('should show the last 4 characters, or the last 2 of a short number', () => {
    expect(maskAccountNumber('31926819')).toBe('•••• 6819');
    expect(maskAccountNumber('GB29 NWBK 6016 1331 9268 19')).toBe('•••• 6819');
    expect(maskAccountNumber('123456')).toBe('•••• 56');
    expect(maskAccountNumber('12')).toBe('••••');
    expect(maskAccountNumber('')).toBe('••••');
  });
});

describe('banks directory queries', () => {
  it('should bound the list limit and check IBANs and BICs with the spec keys', () => {
    expect(banksQuerySchema.parse({ country_id: 'gb' })).toEqual({ country_id: 'GB', limit: 1000 });
    expect(banksQuerySchema.safeParse({ country_id: 'GB', limit: '1001' }).success).toBe(false);
    expect(banksQuerySchema.safeParse({ country_id: 'GB', limit: '0' }).success).toBe(false);
    const iban = bankByIbanQuerySchema.safeParse({ iban: 'GB29NWBK60161331926818' });
    expect(iban.error?.issues[0]).toMatchObject({
      path: ['iban'],
      params: { code: 'account_number_invalid' },
    });
    const short = bankBySwiftQuerySchema.safeParse({ swift_code: 'NWBKGB2' });
    expect(short.error?.issues).toHaveLength(1);
    expect(short.error?.issues[0]).toMatchObject({ params: { code: 'swift_code_not_correct_length' } });
    const invalid = bankBySwiftQuerySchema.safeParse({ swift_code: 'NWBKZZ2L' });
    expect(invalid.error?.issues[0]).toMatchObject({ params: { code: 'swift_code_invalid' } });
    expect(bankBySwiftQuerySchema.parse({ swift_code: 'nwbkgb2l' })).toEqual({ swift_code: 'nwbkgb2l' });
  });
});

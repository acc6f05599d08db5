import type { BankAccountDetail } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  clientErrorsOf,
  defaultCurrencyOf,
  deletionBlockersOf,
  emptyBankForm,
  fieldOfDetail,
  formatSortCode,
  formStateOf,
  lookupRequestOf,
  withCountry,
  withCurrency,
} from './bank-form';

const gb = () => ({
  ...emptyBankForm('GB', 'GBP'),
  holderName: 'Alice Smith',
  routingNumber: '60-16-13',
  accountNumber: '31926819',
});

describe('bank account form', () => {
  it('should write a sort code in pairs whatever is typed or pasted', () => {
    expect(formatSortCode('6')).toBe('6');
    expect(formatSortCode('601')).toBe('60-1');
    expect(formatSortCode('60 16 13 99')).toBe('60-16-13');
    expect(formatSortCode('60-16-1a3')).toBe('60-16-13');
  });

  it('should pick the currency from the catalogue, else the form country’s own', () => {
    expect(defaultCurrencyOf('DE', 'EUR')).toBe('EUR');
    expect(defaultCurrencyOf('GB')).toBe('GBP');
    expect(defaultCurrencyOf('FI', null)).toBe('EUR');
    expect(defaultCurrencyOf('KE')).toBe('');
  });

  it('should find nothing wrong with a complete UK account', () => {
    expect([...clientErrorsOf(gb())]).toEqual([]);
  });

  it('should ask for the pickers and report the contract’s keys on the form’s fields', () => {
    const errors = clientErrorsOf(emptyBankForm());
    expect(errors.get('countryId')).toBe('countryRequired');
    expect(errors.get('fiatCurrencyId')).toBe('currencyRequired');
    expect(errors.get('holderName')).toBe('holderNameRequired');
    const us = clientErrorsOf({
      ...emptyBankForm('US', 'USD'),
      holderName: 'Al Jones',
      routingNumber: '021000022',
      accountNumber: '123456789',
    });
    expect([...us]).toEqual([['routingNumber', 'routing_number_invalid']]);
    const mx = clientErrorsOf({
      ...emptyBankForm('MX', 'MXN'),
      holderName: 'Ana Ruiz',
      clabe: '032180000118359710',
    });
    expect(mx.get('clabe')).toBe('clabeInvalid');
    // A line break is only spacing once squashed; an invisible control character is refused.
    expect(clientErrorsOf({ ...gb(), holderName: 'Alice\nSmith' }).get('holderName')).toBeUndefined();
    expect(clientErrorsOf({ ...gb(), bankName: 'Nat\u0000West' }).get('bankName')).toBe('invalidCharacters');
    expect(clientErrorsOf({ ...gb(), additionalInfo: 'x'.repeat(501) }).get('additionalInfo')).toBe(
      'additionalInfoLength',
    );
  });

  it('should look a bank up only once the code has the right shape', () => {
    expect(lookupRequestOf({ ...gb(), routingNumber: '60-16' })).toBeNull();
    expect(lookupRequestOf(gb())).toEqual({
      kind: 'routing',
      value: '601613',
      countryId: 'GB',
      field: 'routingNumber',
    });
    const us = { ...emptyBankForm('US', 'USD'), routingNumber: '021000022' };
    expect(lookupRequestOf(us)).toBeNull();
    expect(lookupRequestOf({ ...us, routingNumber: '021000021' })).toMatchObject({
      kind: 'routing',
      countryId: 'US',
    });
    expect(lookupRequestOf({ ...emptyBankForm('RU', 'RUB'), routingNumber: '044525225' })).toMatchObject({
      value: '044525225',
    });
    expect(lookupRequestOf({ ...emptyBankForm('IN', 'INR'), ifsc: 'sbin0000300' })).toMatchObject({
      value: 'SBIN0000300',
      field: 'ifsc',
    });
    expect(
      lookupRequestOf({ ...emptyBankForm('FI', 'EUR'), accountNumber: 'FI21 1234 5600 0007 85' }),
    ).toMatchObject({
      kind: 'iban',
      value: 'FI2112345600000785',
    });
    // A dollar account in Germany is a wire (OTHER): the BIC names the bank first, else the IBAN.
    const other = { ...emptyBankForm('DE', 'USD'), accountNumber: 'DE89 3704 0044 0532 0130 00' };
    expect(lookupRequestOf(other)).toMatchObject({ kind: 'iban', field: 'accountNumber' });
    expect(lookupRequestOf({ ...other, swiftCode: 'COBADEFF' })).toMatchObject({
      kind: 'swift',
      value: 'COBADEFF',
    });
    // A euro one is SEPA: the IBAN names the bank.
    expect(lookupRequestOf({ ...other, fiatCurrencyId: 'EUR' })).toEqual({
      kind: 'iban',
      value: 'DE89370400440532013000',
      countryId: 'DE',
      field: 'accountNumber',
    });
    expect(lookupRequestOf({ ...other, fiatCurrencyId: 'EUR', accountNumber: 'DE89 3704' })).toBeNull();
    expect(lookupRequestOf({ ...emptyBankForm('NG', 'NGN'), accountNumber: '0123456789' })).toBeNull();
  });

  it('should ask a SEPA account for the IBAN and the holder only, and a wire for the rest', () => {
    const sepa = {
      ...emptyBankForm('DE', 'EUR'),
      holderName: 'Jonas Weber',
      accountNumber: 'DE89 3704 0044 0532 0130 00',
    };
    expect([...clientErrorsOf(sepa)]).toEqual([]);
    expect(clientErrorsOf({ ...sepa, accountNumber: 'DE89370400440532013001' }).get('accountNumber')).toBe(
      'account_number_invalid',
    );
    expect([...clientErrorsOf({ ...sepa, fiatCurrencyId: 'USD' }).keys()]).toEqual([
      'swiftCode',
      'bankName',
      'swift.residency',
      'swift.city',
      'swift.zip',
      'swift.address',
    ]);
  });

  it('should switch between the SEPA form and a wire with the currency, keeping the IBAN', () => {
    const sepa = { ...emptyBankForm('DE', 'EUR'), holderName: 'Jo', accountNumber: 'DE89370400440532013000' };
    const wire = withCurrency(sepa, 'USD');
    expect(wire).toMatchObject({
      fiatCurrencyId: 'USD',
      holderName: 'Jo',
      accountNumber: 'DE89370400440532013000',
    });
    const filled = { ...wire, swiftCode: 'COBADEFF', swift: { ...wire.swift, city: 'Köln' } };
    // Back to euros: what only a wire asks is gone (it would be checked unseen otherwise).
    expect(withCurrency(filled, 'EUR')).toMatchObject({
      fiatCurrencyId: 'EUR',
      accountNumber: 'DE89370400440532013000',
      swiftCode: '',
      swift: { city: '' },
    });
    // Another country's number is not kept.
    expect(withCountry(sepa, 'FR', 'EUR').accountNumber).toBe('DE89370400440532013000');
    expect(withCountry(sepa, 'US', 'USD').accountNumber).toBe('');
  });

  it('should keep what was typed within one form and start another form afresh', () => {
    const de = {
      ...emptyBankForm('DE', 'USD'),
      holderName: 'Jo',
      swiftCode: 'COBADEFF',
      additionalInfo: 'ref',
    };
    expect(withCountry(de, 'FR', 'USD')).toMatchObject({ countryId: 'FR', swiftCode: 'COBADEFF' });
    expect(withCountry(de, 'GB', 'GBP')).toMatchObject({
      countryId: 'GB',
      fiatCurrencyId: 'GBP',
      holderName: 'Jo',
      additionalInfo: 'ref',
      swiftCode: '',
    });
  });

  it('should load a stored account into the form the way it was typed', () => {
    const stored: BankAccountDetail = {
      id: 1,
      isPersonal: true,
      accountType: 'User',
      countryCode: 'GB',
      fiatCurrencyCode: 'GBP',
      holderName: 'Alice Smith',
      accountNumber: '31926819',
      iban: 'GB29NWBK60161331926819',
      routingNumber: '601613',
      bankId: null,
      bankName: 'NatWest',
      swiftCode: null,
      ifsc: null,
      clabe: null,
      swift: null,
      additionalInfo: '',
      isMasked: false,
      offerCount: 0,
      createdAt: '2025-01-01T00:00:00.000Z',
      usage: { offers: [], trades: [] },
    };
    expect(formStateOf(stored)).toMatchObject({ routingNumber: '60-16-13', iban: 'GB29NWBK60161331926819' });
    const mx = formStateOf({
      ...stored,
      countryCode: 'MX',
      iban: null,
      accountNumber: '032180000118359719',
      clabe: '032180000118359719',
    });
    expect(mx).toMatchObject({ accountNumber: '', clabe: '032180000118359719', iban: '' });
    // A SEPA account's BIC came from the directory: the form does not send it back (a new IBAN at
    // another bank would contradict it), the server finds it again.
    const sepa = formStateOf({
      ...stored,
      countryCode: 'DE',
      fiatCurrencyCode: 'EUR',
      accountNumber: 'DE89370400440532013000',
      iban: 'DE89370400440532013000',
      routingNumber: null,
      bankName: 'Commerzbank',
      swiftCode: 'COBADEFF',
    });
    expect(sepa).toMatchObject({
      accountNumber: 'DE89370400440532013000',
      swiftCode: '',
      bankName: 'Commerzbank',
    });
  });

  it('should name the form field of a server detail, whichever spelling it uses', () => {
    expect(fieldOfDetail('swift.city')).toBe('swift.city');
    expect(fieldOfDetail('holder_name')).toBe('holderName');
    expect(fieldOfDetail('sepa.iban')).toBe('iban');
    expect(fieldOfDetail('fiat_currency_id')).toBe('fiatCurrencyId');
    expect(fieldOfDetail('is_personal')).toBeUndefined();
  });

  it('should read the offers and trades that keep an account from a refused deletion', () => {
    expect(
      deletionBlockersOf([
        { field: 'offers', code: 'activeOffer', message: 'off1' },
        { field: 'trades', code: 'activeTrade', message: 'tr1' },
      ]),
    ).toEqual({ offers: ['off1'], trades: ['tr1'] });
  });
});

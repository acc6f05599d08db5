import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  bankSchema,
  dataEnvelope,
  isValidAbaRouting,
  isValidRuAccount,
  parseBic,
  validateBankAccount,
  bankAccountBodySchema,
} from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import {
  bankByIban,
  bankById,
  bankByRoutingNumber,
  bankBySwift,
  bankCodeOf,
  banksOf,
  presentBank,
  DIRECTORY,
} from './directory.js';
import fiFile from './directory/fi.json' with { type: 'json' };
import gbFile from './directory/gb.json' with { type: 'json' };
import inFile from './directory/in.json' with { type: 'json' };
import mxFile from './directory/mx.json' with { type: 'json' };
import ngFile from './directory/ng.json' with { type: 'json' };
import ruFile from './directory/ru.json' with { type: 'json' };
import usFile from './directory/us.json' with { type: 'json' };

const idOf = (bank: { id: string } | undefined) => bank?.id;

describe('the shipped directory', () => {
  it('should name a source and hold 10-30 banks per country', () => {
    for (const file of [ngFile, usFile, gbFile, inFile, ruFile, mxFile, fiFile]) {
      expect(file.source.length).toBeGreaterThan(20);
      expect(file.banks.length).toBeGreaterThanOrEqual(10);
      expect(file.banks.length).toBeLessThanOrEqual(30);
    }
  });

  it('should carry identifiers that pass their own checks', () => {
    for (const bank of DIRECTORY) {
      // Every BIC is a real one of the bank's country.
      if (bank.swift) expect(parseBic(bank.swift)?.countryCode, bank.id).toBe(bank.countryCode);
      for (const routing of bank.routingNumbers ?? []) expect(isValidAbaRouting(routing), routing).toBe(true);
      // The correspondent account's control key is computed with the BIK.
      if (bank.bik) expect(isValidRuAccount(bank.bik, bank.correspondentAccount ?? ''), bank.id).toBe(true);
      for (const [from, to] of bank.sortCodeRanges ?? []) expect(from <= to, bank.id).toBe(true);
    }
    const national: Record<string, (b: (typeof DIRECTORY)[number]) => unknown> = {
      NG: (b) => b.code,
      MX: (b) => b.code,
      US: (b) => b.routingNumbers,
      GB: (b) => b.sortCodeRanges,
      IN: (b) => b.ifscPrefix,
      RU: (b) => b.bik,
      FI: (b) => b.bankCodes,
    };
    for (const bank of DIRECTORY) {
      expect(national[bank.countryCode]?.(bank) ?? bank.bankCodes, bank.id).toBeTruthy();
    }
  });

  it('should list a country by name, bounded by the limit', () => {
    const nigeria = banksOf('ng', 1000);
    expect(nigeria.length).toBe(ngFile.banks.length);
    expect(nigeria.map((b) => b.name)).toEqual(
      [...nigeria.map((b) => b.name)].sort((a, b) => a.localeCompare(b, 'en')),
    );
    expect(presentBank(nigeria.find((b) => b.id === 'ng-gtbank')!)).toEqual({
      id: 'ng-gtbank',
      name: 'Guaranty Trust Bank',
      countryCode: 'NG',
      swiftCode: 'GTBINGLA',
      code: '058',
    });
    expect(banksOf('GB', 3)).toHaveLength(3);
    expect(banksOf('ZW', 1000)).toEqual([]);
    expect(banksOf('DE', 1000).map((b) => b.id)).toContain('de-commerzbank');
  });

  it('should find banks by id and give NG/MX codes for the NUBAN check', () => {
    expect(bankById('ng-access')?.name).toBe('Access Bank');
    expect(bankById(' NG-ACCESS ')?.id).toBe('ng-access');
    expect(bankById('ng-nowhere')).toBeUndefined();
    expect(bankCodeOf('ng-zenith')).toBe('057');
    expect(bankCodeOf('mx-bbva')).toBe('012');
    expect(bankCodeOf('gb-barclays')).toBeNull();
    expect(bankCodeOf('ng-nowhere')).toBeUndefined();
    // 0123456785 carries GTBank's NUBAN check digit (058), not Zenith's (057).
    const body = (bankId: string) =>
      bankAccountBodySchema.parse({
        fiat_currency_id: 'NGN',
        holder_name: 'Ada Obi',
        is_personal: true,
        country_id: 'NG',
        account_number: '0123456785',
        bank_id: bankId,
      });
    expect(validateBankAccount(body('ng-gtbank'), { bankCodeOf })).toEqual([]);
    expect(validateBankAccount(body('ng-zenith'), { bankCodeOf })).toEqual([
      { field: 'accountNumber', key: 'account_number_invalid' },
    ]);
    expect(validateBankAccount(body('ng-nowhere'), { bankCodeOf })).toEqual([
      { field: 'bankId', key: 'bank_id_not_exist' },
    ]);
  });

  it('should find the bank of an IBAN', () => {
    // The IBAN registry's UK example: NatWest, sort code 60-16-13.
    expect(bankByIban('GB29 NWBK 6016 1331 9268 19')).toMatchObject({
      id: 'gb-natwest',
      matchedCode: '60-16-13',
    });
    expect(idOf(bankByIban('GB33BUKB20201555555555'))).toBe('gb-barclays');
    expect(bankByIban('FI2112345600000785')).toMatchObject({ id: 'fi-nordea', matchedCode: '1' });
    expect(bankByIban('DE89370400440532013000')).toMatchObject({
      id: 'de-commerzbank',
      matchedCode: '37040044',
    });
    expect(idOf(bankByIban('NL91ABNA0417164300'))).toBe('nl-abn-amro');
    expect(idOf(bankByIban('FR1420041010050500013M02606'))).toBe('fr-la-banque-postale');
    expect(idOf(bankByIban('ES9121000418450200051332'))).toBe('es-caixabank');
    expect(idOf(bankByIban('IE29AIBK93115212345678'))).toBe('ie-aib');
    // A valid IBAN of a bank not in the directory, and an invalid one.
    expect(bankByIban('GB82WEST12345698765432')).toBeUndefined();
    expect(bankByIban('GB29NWBK60161331926818')).toBeUndefined();
  });

  it('should find the bank of a routing number, sort code, BIK, IFSC or national code', () => {
    expect(bankByRoutingNumber('021000021')).toMatchObject({ id: 'us-chase', matchedCode: '021000021' });
    expect(idOf(bankByRoutingNumber('121000248'))).toBe('us-wells-fargo');
    expect(idOf(bankByRoutingNumber('011000015'))).toBe('us-frb-boston');
    expect(bankByRoutingNumber('044525225')).toMatchObject({ id: 'ru-sberbank', matchedCode: '044525225' });
    expect(idOf(bankByRoutingNumber('044525974', 'RU'))).toBe('ru-t-bank');
    expect(bankByRoutingNumber('20-20-15')).toMatchObject({ id: 'gb-barclays', matchedCode: '20-20-15' });
    // Starling's 60-83-71 sits inside NatWest's 60 range: the narrower range wins.
    expect(idOf(bankByRoutingNumber('608371', 'GB'))).toBe('gb-starling');
    expect(idOf(bankByRoutingNumber('60 16 13', 'gb'))).toBe('gb-natwest');
    expect(idOf(bankByRoutingNumber('09-01-28'))).toBe('gb-santander');
    expect(bankByRoutingNumber('sbin0000300')).toMatchObject({ id: 'in-sbi', matchedCode: 'SBIN' });
    expect(idOf(bankByRoutingNumber('UTIB0000004', 'IN'))).toBe('in-axis');
    expect(bankByRoutingNumber('058', 'NG')).toMatchObject({ id: 'ng-gtbank', matchedCode: '058' });
    expect(bankByRoutingNumber('002010077777777771', 'MX')).toMatchObject({
      id: 'mx-banamex',
      matchedCode: '002',
    });
    expect(idOf(bankByRoutingNumber('072', 'MX'))).toBe('mx-banorte');
    // The wrong country's kind, an unknown number, a national code without its country.
    expect(bankByRoutingNumber('044525225', 'US')).toBeUndefined();
    expect(bankByRoutingNumber('999999999')).toBeUndefined();
    expect(bankByRoutingNumber('058')).toBeUndefined();
    expect(bankByRoutingNumber('021000021', 'DE')).toBeUndefined();
  });

  it('should find the bank of a BIC by its first 8 characters', () => {
    expect(idOf(bankBySwift('NWBKGB2LXXX'))).toBe('gb-natwest');
    expect(idOf(bankBySwift('sabrrumm'))).toBe('ru-sberbank');
    expect(idOf(bankBySwift('DEUTDEFF500'))).toBe('de-deutsche-bank');
    expect(idOf(bankBySwift('CHASUS33'))).toBe('us-chase');
    expect(presentBank(bankBySwift('ZEIBNGLA')!).code).toBe('057');
    // Barclays Bank PLC (not the UK ring-fenced bank of the directory), and a BIC of no country.
    expect(bankBySwift('BARCGB22')).toBeUndefined();
    expect(bankBySwift('NWBKZZ2L')).toBeUndefined();
  });
});

describe('banks routes', () => {
  let t: TestApp;
  let visitor: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    visitor = t.client();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const ok = async (url: string) => {
    const response = await visitor.get(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    return response;
  };
  const detailOf = async (url: string, status = 422) => {
    const response = await visitor.get(url);
    expect(response.statusCode, response.body).toBe(status);
    const error = response.json().errors[0];
    expect(error.code).toBe(status === 422 ? 'ERROR_INPUT_VALIDATION' : 'NOT_FOUND');
    return error.details?.[0] as { field: string; code: string } | undefined;
  };

  it("should list a country's banks to anyone, bounded by the limit", async () => {
    const all = dataEnvelope(z.array(bankSchema)).parse(
      (await ok('/rest/v1/banks?country_id=GB&limit=1000')).json(),
    );
    expect(all.data.length).toBe(gbFile.banks.length);
    expect(all.data.find((b) => b.id === 'gb-natwest')).toEqual({
      id: 'gb-natwest',
      name: 'National Westminster Bank (NatWest)',
      countryCode: 'GB',
      swiftCode: 'NWBKGB2L',
      code: '60-00-00 – 60-99-99',
    });
    expect((await ok('/rest/v1/banks?country_id=ng')).json().data).toHaveLength(ngFile.banks.length);
    expect((await ok('/rest/v1/banks?country_id=RU&limit=2')).json().data).toHaveLength(2);
    expect((await ok('/rest/v1/banks?country_id=ZW')).json().data).toEqual([]);
  });

  it('should refuse a missing or malformed country and an out-of-range limit', async () => {
    expect((await detailOf('/rest/v1/banks'))?.field).toBe('country_id');
    expect((await detailOf('/rest/v1/banks?country_id=GBR'))?.field).toBe('country_id');
    expect((await detailOf('/rest/v1/banks?country_id=GB&limit=1001'))?.field).toBe('limit');
    expect((await detailOf('/rest/v1/banks?country_id=GB&limit=0'))?.field).toBe('limit');
    expect(await detailOf('/rest/v1/banks?country_id=G%00')).toMatchObject({
      field: 'country_id',
      code: 'invalid_characters',
    });
    expect((await detailOf(`/rest/v1/banks?country_id=${'G'.repeat(5000)}`))?.field).toBe('country_id');
  });

  it('should look a bank up by IBAN', async () => {
    const answer = dataEnvelope(bankSchema).parse(
      (await ok('/rest/v1/banks/by-iban?iban=GB29%20NWBK%206016%201331%209268%2019')).json(),
    );
    expect(answer.data).toEqual({
      id: 'gb-natwest',
      name: 'National Westminster Bank (NatWest)',
      countryCode: 'GB',
      swiftCode: 'NWBKGB2L',
      code: '60-16-13',
    });
    expect((await ok('/rest/v1/banks/by-iban?iban=FI2112345600000785')).json().data.id).toBe('fi-nordea');
    expect(await detailOf('/rest/v1/banks/by-iban?iban=GB82WEST12345698765432', 404)).toBeUndefined();
    expect(await detailOf('/rest/v1/banks/by-iban?iban=GB29NWBK60161331926818')).toMatchObject({
      field: 'iban',
      code: 'account_number_invalid',
    });
    expect(await detailOf('/rest/v1/banks/by-iban?iban=GB29NWBK%0A60161331926819')).toMatchObject({
      field: 'iban',
      code: 'invalid_characters',
    });
    expect((await detailOf(`/rest/v1/banks/by-iban?iban=${'GB29'.repeat(1250)}`))?.field).toBe('iban');
    expect((await detailOf('/rest/v1/banks/by-iban'))?.field).toBe('iban');
  });

  it('should look a bank up by routing number, with or without its country', async () => {
    expect((await ok('/rest/v1/banks/by-routing-number?routing_number=021000021')).json().data).toMatchObject(
      {
        id: 'us-chase',
        code: '021000021',
      },
    );
    expect((await ok('/rest/v1/banks/by-routing-number?routing_number=044525225')).json().data.id).toBe(
      'ru-sberbank',
    );
    expect(
      (await ok('/rest/v1/banks/by-routing-number?routing_number=60-83-71&country_id=gb')).json().data.id,
    ).toBe('gb-starling');
    expect(
      (await ok('/rest/v1/banks/by-routing-number?routing_number=SBIN0000300&country_id=IN')).json().data.id,
    ).toBe('in-sbi');
    expect(
      (await ok('/rest/v1/banks/by-routing-number?routing_number=044&country_id=NG')).json().data.id,
    ).toBe('ng-access');
    expect(await detailOf('/rest/v1/banks/by-routing-number?routing_number=123456789', 404)).toBeUndefined();
    expect(
      await detailOf('/rest/v1/banks/by-routing-number?routing_number=044525225&country_id=US', 404),
    ).toBeUndefined();
    expect((await detailOf('/rest/v1/banks/by-routing-number?routing_number=0210%2400021'))?.field).toBe(
      'routing_number',
    );
    expect(
      (await detailOf(`/rest/v1/banks/by-routing-number?routing_number=${'1'.repeat(5000)}`))?.field,
    ).toBe('routing_number');
    expect(
      (await detailOf('/rest/v1/banks/by-routing-number?routing_number=021000021&country_id=U1'))?.field,
    ).toBe('country_id');
  });

  it('should look a bank up by SWIFT code', async () => {
    expect((await ok('/rest/v1/banks/by-swift?swift_code=nwbkgb2lxxx')).json().data.id).toBe('gb-natwest');
    expect((await ok('/rest/v1/banks/by-swift?swift_code=SABRRUMM')).json().data).toMatchObject({
      id: 'ru-sberbank',
      code: '044525225',
    });
    expect(await detailOf('/rest/v1/banks/by-swift?swift_code=BARCGB22', 404)).toBeUndefined();
    expect(await detailOf('/rest/v1/banks/by-swift?swift_code=NWBKGB2')).toMatchObject({
      field: 'swift_code',
      code: 'swift_code_not_correct_length',
    });
    expect(await detailOf('/rest/v1/banks/by-swift?swift_code=NWBKZZ2L')).toMatchObject({
      field: 'swift_code',
      code: 'swift_code_invalid',
    });
    expect(await detailOf('/rest/v1/banks/by-swift?swift_code=NWBK%1FGB2L')).toMatchObject({
      code: 'invalid_characters',
    });
    expect((await detailOf(`/rest/v1/banks/by-swift?swift_code=${'N'.repeat(5000)}`))?.field).toBe(
      'swift_code',
    );
  });

  it('should document the four routes in the OpenAPI document', async () => {
    const response = await visitor.get('/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths as object).filter((path) =>
      path.startsWith('/rest/v1/banks'),
    );
    expect(paths.sort()).toEqual([
      '/rest/v1/banks',
      '/rest/v1/banks/by-iban',
      '/rest/v1/banks/by-routing-number',
      '/rest/v1/banks/by-swift',
    ]);
  });

  it('should answer in snake_case on request', async () => {
    const list = (await ok('/rest/v1/banks?country_id=MX&limit=1&case=snake')).json().data;
    expect(list).toEqual([
      { id: 'mx-banamex', name: 'Banamex', country_code: 'MX', swift_code: 'BNMXMXMM', code: '002' },
    ]);
    const one = (await ok('/rest/v1/banks/by-swift?swift_code=GTBINGLA&case=snake')).json().data;
    expect(one).toEqual({
      id: 'ng-gtbank',
      name: 'Guaranty Trust Bank',
      country_code: 'NG',
      swift_code: 'GTBINGLA',
      code: '058',
    });
  });
});

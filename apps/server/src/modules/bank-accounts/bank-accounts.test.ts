import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccountDetailSchema, bankAccountSchema, dataEnvelope, tradeSchema } from '@app/contract';
import { z } from 'zod';
import { createTestApp, sellOfferBody, type TestApp } from '../../../test/helpers.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';

/** A UK personal account: sort code 60-16-13 is NatWest's range in the shipped directory. */
const gbAccount = (extra: Record<string, unknown> = {}) => ({
  fiat_currency_id: 'GBP',
  holder_name: 'Alice Smith',
  is_personal: true,
  country_id: 'GB',
  routing_number: '60-16-13',
  account_number: '31926819',
  ...extra,
});

const errorsOf = (response: { json: () => unknown }) =>
  (response.json() as { errors: { code: string; details?: { field: string; code: string }[] }[] }).errors[0]!;

describe('bank accounts', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  let seller: Party;
  let buyer: Party;
  let stranger: Party;

  const create = async (who: Party, body: Record<string, unknown>) =>
    who.c.post('/rest/v1/bankaccounts', body);
  const created = async (who: Party, body: Record<string, unknown>) => {
    const response = await create(who, body);
    expect(response.statusCode, response.body).toBe(201);
    return dataEnvelope(bankAccountDetailSchema).parse(response.json()).data;
  };
  const list = async (who: Party) => {
    const response = await who.c.get('/rest/v1/bankaccounts');
    expect(response.statusCode, response.body).toBe(200);
    return dataEnvelope(z.array(bankAccountSchema)).parse(response.json()).data;
  };
  const gbpOffer = async (owner: Party, extra: Record<string, unknown> = {}) => {
    const response = await owner.c.post(
      '/rest/v1/my-offers',
      sellOfferBody({ fiat_currency_code: 'GBP', trade_details: 'Reference: your username', ...extra }),
    );
    return response;
  };

  beforeAll(async () => {
    t = await createTestApp();
    s = tradeScenario(t);
    seller = await s.party('bseller');
    buyer = await s.party('bbuyer');
    stranger = await s.party('bstranger');
    await s.fund(seller.name, '1');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('should add a UK account, list it masked and give its owner the whole numbers', async () => {
    const account = await created(seller, gbAccount());
    expect(account).toMatchObject({
      countryCode: 'GB',
      fiatCurrencyCode: 'GBP',
      accountType: 'User',
      accountNumber: '31926819',
      routingNumber: '601613',
      isMasked: false,
      offerCount: 0,
      usage: { offers: [], trades: [] },
    });
    // The bank's name comes from the directory when the form leaves it empty.
    expect(account.bankName).toMatch(/NatWest/i);
    const [listed] = await list(seller);
    expect(listed).toMatchObject({ id: account.id, isMasked: true });
    expect(listed!.accountNumber).not.toContain('3192');
    expect(listed!.accountNumber).toMatch(/6819$/);
    const snake = await seller.c.get('/rest/v1/bankaccounts?case=snake');
    expect(snake.json().data[0]).toHaveProperty('account_number');
    expect(snake.json().data[0]).toHaveProperty('is_masked', true);
  });

  it('should take a SEPA account from the IBAN and the holder alone, the bank and BIC from the IBAN', async () => {
    // Commerzbank's IBAN (bank code 37040044 in the shipped directory), nothing but what SEPA needs.
    const sepa = { fiat_currency_id: 'EUR', holder_name: 'Jonas Weber', is_personal: true, country_id: 'DE' };
    const known = await created(seller, { ...sepa, account_number: 'DE89 3704 0044 0532 0130 00' });
    expect(known).toMatchObject({
      countryCode: 'DE',
      fiatCurrencyCode: 'EUR',
      accountNumber: 'DE89370400440532013000',
      iban: 'DE89370400440532013000',
      bankName: 'Commerzbank',
      swiftCode: 'COBADEFF',
      swift: null,
      routingNumber: null,
    });
    // A bank the directory does not know: still an account (the name may be typed, it is not asked).
    const unknown = await created(seller, {
      ...sepa,
      country_id: 'AT',
      account_number: 'AT611904300234573201',
    });
    expect(unknown).toMatchObject({ iban: 'AT611904300234573201', bankName: '', swiftCode: null });
    const named = await created(seller, {
      ...sepa,
      country_id: 'AT',
      account_number: 'AT483200000012345864',
      bank_name: 'Raiffeisen Wien',
    });
    expect(named.bankName).toBe('Raiffeisen Wien');
    // The IBAN is checked: its checksum and its country; a missing one is asked for.
    const cases: [Record<string, unknown>, string][] = [
      [{ ...sepa, account_number: 'DE89370400440532013001' }, 'account_number_invalid'],
      [{ ...sepa, account_number: 'AT611904300234573201' }, 'country_doesnt_match'],
      [{ ...sepa }, 'accountNumberRequired'],
    ];
    for (const [body, code] of cases) {
      const response = await create(seller, body);
      expect(response.statusCode, response.body).toBe(422);
      expect(errorsOf(response).details).toContainEqual({
        field: 'accountNumber',
        code,
        message: expect.any(String),
      });
    }
    // The same account in dollars is an international wire: BIC, bank name and address are asked.
    const wire = await create(seller, {
      ...sepa,
      fiat_currency_id: 'USD',
      account_number: 'DE02120300000000202051',
    });
    expect(wire.statusCode).toBe(422);
    expect(errorsOf(wire).details!.map((d) => d.field)).toEqual(
      expect.arrayContaining(['swiftCode', 'swift.residency', 'swift.city', 'swift.zip', 'swift.address']),
    );
    // snake_case answers carry the same, and a visitor is told to log in first.
    const snake = await seller.c.get(`/rest/v1/bankaccounts/${known.id}?case=snake`);
    expect(snake.json().data).toMatchObject({ bank_name: 'Commerzbank', swift_code: 'COBADEFF' });
    const visitor = await t
      .client()
      .post('/rest/v1/bankaccounts', { ...sepa, account_number: 'DE89370400440532013000' });
    expect([401, 403]).toContain(visitor.statusCode);
  });

  it('should answer the spec error keys per country, on the form’s fields', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [gbAccount({ holder_name: '' }), 'holderName', 'holderNameRequired'],
      [gbAccount({ routing_number: '60-16' }), 'routingNumber', 'sort_code_not_correct_length'],
      [
        {
          ...gbAccount({ country_id: 'US', fiat_currency_id: 'USD' }),
          routing_number: '021000022',
          account_number: '123456789',
        },
        'routingNumber',
        'routing_number_invalid',
      ],
      [
        {
          ...gbAccount({ country_id: 'MX', fiat_currency_id: 'MXN' }),
          routing_number: undefined,
          clabe: '032180000118359710',
        },
        'clabe',
        'clabeInvalid',
      ],
      [
        {
          ...gbAccount({ country_id: 'IN', fiat_currency_id: 'INR' }),
          routing_number: undefined,
          account_number: '123456789012',
          ifsc: 'SBIN000030',
        },
        'ifsc',
        'ifscInvalid',
      ],
      [
        {
          ...gbAccount({ country_id: 'FI', fiat_currency_id: 'EUR' }),
          routing_number: undefined,
          account_number: 'FI2112345600000786',
        },
        'accountNumber',
        'account_number_invalid',
      ],
    ];
    for (const [body, field, code] of cases) {
      const response = await create(seller, body);
      expect(response.statusCode, response.body).toBe(422);
      expect(errorsOf(response).details, JSON.stringify(body)).toContainEqual(
        expect.objectContaining({ field, code }),
      );
    }
    const unknownBank = await create(seller, {
      ...gbAccount({ country_id: 'NG', fiat_currency_id: 'NGN' }),
      routing_number: undefined,
      account_number: '0123456789',
      bank_id: 'ng-nope',
    });
    expect(unknownBank.statusCode).toBe(422);
    expect(errorsOf(unknownBank).details).toContainEqual(
      expect.objectContaining({ field: 'bankId', code: 'bank_id_not_exist' }),
    );
  });

  it('should refuse a second account with the same number, also when 20 arrive at once', async () => {
    const body = gbAccount({ account_number: '55779911' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => create(seller, body)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(19);
    for (const answer of answers.filter((a) => a.statusCode === 422)) {
      expect(errorsOf(answer).details).toContainEqual(
        expect.objectContaining({ field: 'accountNumber', code: 'account_number_non_unique' }),
      );
    }
  });

  it('should keep accounts to their owner: strangers 404, visitors 401, writes without CSRF 403', async () => {
    const [account] = await list(seller);
    const url = `/rest/v1/bankaccounts/${account!.id}`;
    expect((await stranger.c.get(url)).statusCode).toBe(404);
    expect((await stranger.c.put(url, gbAccount({ account_number: '11112222' }))).statusCode).toBe(404);
    expect((await stranger.c.delete(url)).statusCode).toBe(404);
    expect(await list(stranger)).toEqual([]);
    expect((await t.client().get('/rest/v1/bankaccounts')).statusCode).toBe(401);
    expect((await seller.c.post('/rest/v1/bankaccounts', gbAccount(), { csrf: false })).statusCode).toBe(403);
    expect((await seller.c.get('/rest/v1/bankaccounts/0')).statusCode).toBe(422);
    expect((await seller.c.get('/rest/v1/bankaccounts/99999999')).statusCode).toBe(404);
    const control = await create(seller, gbAccount({ holder_name: 'Alice\u0000Smith' }));
    expect(control.statusCode).toBe(422);
    const huge = await create(
      seller,
      gbAccount({ holder_name: 'A'.repeat(5000), additional_info: 'x'.repeat(5000) }),
    );
    expect(huge.statusCode).toBe(422);
  });

  it('should edit an account and keep the number unique', async () => {
    const account = await created(seller, gbAccount({ account_number: '70871234' }));
    const edited = await seller.c.put(
      `/rest/v1/bankaccounts/${account.id}`,
      gbAccount({
        account_number: '70871234',
        holder_name: 'Alice B Smith',
        is_personal: false,
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ holderName: 'Alice B Smith', accountType: 'Business' });
    const clash = await seller.c.put(
      `/rest/v1/bankaccounts/${account.id}`,
      gbAccount({ account_number: '55779911' }),
    );
    expect(clash.statusCode).toBe(422);
    expect(errorsOf(clash).details).toContainEqual(
      expect.objectContaining({ code: 'account_number_non_unique' }),
    );
  });

  it('should attach accounts to sell offers only, of the offer’s currency, and the owner’s own', async () => {
    const [account] = await list(seller);
    const foreign = await created(stranger, gbAccount({ account_number: '40404040' }));
    const buy = await gbpOffer(seller, { type: 'buy', bank_accounts: [account!.id] });
    expect(buy.statusCode).toBe(422);
    expect(errorsOf(buy).details![0]).toMatchObject({ field: 'bank_accounts', code: 'not_for_buy_offers' });
    const usd = await seller.c.post('/rest/v1/my-offers', sellOfferBody({ bank_accounts: [account!.id] }));
    expect(errorsOf(usd).details![0]).toMatchObject({ field: 'bank_accounts', code: 'currency_mismatch' });
    const theirs = await gbpOffer(seller, { bank_accounts: [foreign.id] });
    expect(errorsOf(theirs).details![0]).toMatchObject({
      field: 'bank_accounts',
      code: 'unknown_bank_account',
    });
    const wrongMethod = await gbpOffer(seller, { payment_method: 'paypal', bank_accounts: [account!.id] });
    expect(wrongMethod.statusCode).toBe(422);
  });

  it('should hold the account back from the buyer until the photo ID the offer asks for is in', async () => {
    const account = await created(seller, gbAccount({ account_number: '88776655' }));
    const offer = await gbpOffer(seller, { bank_accounts: [account.id], tags: ['photo-id-required'] });
    expect(offer.statusCode, offer.body).toBe(201);
    const trade = await s.start(buyer, offer.json().data.idHashed as string, '20');
    const accountsSeenBy = async (who: Party) =>
      dataEnvelope(tradeSchema).parse((await who.c.get(`/rest/v1/trade/${trade.id}`)).json()).data;
    const before = await accountsSeenBy(buyer);
    expect(before.flow.step).toBe('beforeRevealPaymentDetails');
    expect(before.paymentAccounts).toBeNull();
    expect((await accountsSeenBy(seller)).paymentAccounts).toHaveLength(1);
    const [photoId] = before.flow.state.beforeRevealPaymentDetails;
    await t.app.trades.setRequirementUploaded(undefined, {
      tradeId: (await t.app.trades.participantsOf(trade.id, buyer.id))!.tradeId,
      requirementId: photoId!.id,
      status: 'uploaded',
    });
    expect((await accountsSeenBy(buyer)).paymentAccounts).toEqual([
      expect.objectContaining({ kind: 'bank', accountNumber: '88776655' }),
    ]);
    expect((await buyer.c.post(`/rest/v1/trade/${trade.id}/cancel`)).statusCode).toBe(200);
  });

  it('should drop accounts that no longer fit when an edit leaves the lists out', async () => {
    const [account] = await list(seller);
    const offer = await gbpOffer(seller, { bank_accounts: [account!.id] });
    expect(offer.statusCode, offer.body).toBe(201);
    const hash = offer.json().data.idHashed as string;
    const accountsOf = async () =>
      (await seller.c.get(`/rest/v1/my-offers/${hash}`)).json().data.body.bank_accounts;
    const edit = (extra: Record<string, unknown>) =>
      seller.c.put(
        `/rest/v1/my-offers/${hash}`,
        sellOfferBody({ fiat_currency_code: 'GBP', trade_details: 'Reference: your username', ...extra }),
      );
    // Same method and currency: kept.
    expect((await edit({ offer_terms: 'Be quick.' })).statusCode).toBe(200);
    expect(await accountsOf()).toEqual([account!.id]);
    // Another currency: a GBP account no longer fits a EUR offer.
    expect((await edit({ fiat_currency_code: 'EUR' })).statusCode).toBe(200);
    expect(await accountsOf()).toEqual([]);
    expect((await edit({ bank_accounts: [account!.id] })).statusCode).toBe(200);
    expect(await accountsOf()).toEqual([account!.id]);
    // Another method: PayPal buyers are never shown a bank account.
    expect((await edit({ payment_method: 'paypal' })).statusCode).toBe(200);
    expect(await accountsOf()).toEqual([]);
    // Switched off and on again (the activation holds the accounts against a deletion), they stay.
    expect((await edit({ bank_accounts: [account!.id] })).statusCode).toBe(200);
    for (const new_status of [false, true]) {
      expect((await seller.c.put(`/rest/v1/my-offers/${hash}/status`, { new_status })).statusCode).toBe(200);
    }
    expect(await accountsOf()).toEqual([account!.id]);
  });

  it('should show the account to the trade’s buyer and seller only, and refuse deletion while it is used', async () => {
    const account = await created(seller, gbAccount({ account_number: '12312312' }));
    const offer = await gbpOffer(seller, { bank_accounts: [account.id] });
    expect(offer.statusCode, offer.body).toBe(201);
    const hash = offer.json().data.idHashed as string;
    const mine = (await seller.c.get('/rest/v1/my-offers/list')).json().data.offers as {
      idHashed: string;
      bankAccounts: { id: number; maskedNumber: string }[];
    }[];
    const listed = mine.find((o) => o.idHashed === hash)!;
    expect(listed.bankAccounts).toEqual([expect.objectContaining({ id: account.id })]);
    expect(listed.bankAccounts[0]!.maskedNumber).toMatch(/2312$/);
    expect(listed.bankAccounts[0]!.maskedNumber).not.toContain('1231');
    const editor = (await seller.c.get(`/rest/v1/my-offers/${hash}`)).json().data.body;
    expect(editor.bank_accounts).toEqual([account.id]);

    // An active offer keeps it.
    const refused = await seller.c.delete(`/rest/v1/bankaccounts/${account.id}`);
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused).code).toBe('BANK_ACCOUNT_IN_USE');
    expect((await seller.c.get(`/rest/v1/bankaccounts/${account.id}`)).json().data.usage.offers).toEqual([
      hash,
    ]);

    const trade = await s.start(buyer, hash, '20');
    const view = async (who: Party) => {
      const response = await who.c.get(`/rest/v1/trade/${trade.id}`);
      return response.statusCode === 200
        ? dataEnvelope(tradeSchema).parse(response.json()).data
        : response.statusCode;
    };
    const seen = await view(buyer);
    expect(typeof seen === 'object' && seen.paymentAccounts).toEqual([
      expect.objectContaining({
        kind: 'bank',
        accountNumber: '12312312',
        routingNumber: '601613',
        holderName: 'Alice Smith',
      }),
    ]);
    expect(JSON.stringify(seen)).not.toContain('accountId');
    const sellerView = await view(seller);
    expect(typeof sellerView === 'object' && sellerView.paymentAccounts).toHaveLength(1);
    expect(await view(stranger)).toBe(404);
    // The trade page's trust/block starts from what the viewer thinks of the other party.
    expect(typeof seen === 'object' && seen.viewerRelation).toEqual({ isTrusted: false, isBlocked: false });
    expect(
      (await buyer.c.put(`/rest/v1/users/${seller.name}/relations`, { action: 'trusted' })).statusCode,
    ).toBe(200);
    const trusting = await view(buyer);
    expect(typeof trusting === 'object' && trusting.viewerRelation).toEqual({
      isTrusted: true,
      isBlocked: false,
    });
    const trusted = await view(seller);
    expect(typeof trusted === 'object' && trusted.viewerRelation).toEqual({
      isTrusted: false,
      isBlocked: false,
    });

    // Switched off, the offer lets go, but the running trade that copied it still holds it.
    expect((await seller.c.put(`/rest/v1/my-offers/${hash}/status`, { new_status: false })).statusCode).toBe(
      200,
    );
    const stillRefused = await seller.c.delete(`/rest/v1/bankaccounts/${account.id}`);
    expect(stillRefused.statusCode).toBe(422);
    expect((await seller.c.get(`/rest/v1/bankaccounts/${account.id}`)).json().data.usage).toEqual({
      offers: [],
      trades: [trade.id],
    });
    expect((await buyer.c.post(`/rest/v1/trade/${trade.id}/cancel`)).statusCode).toBe(200);
    const deleted = await seller.c.delete(`/rest/v1/bankaccounts/${account.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The trade keeps its copy; the offer has no account left.
    const after = await view(buyer);
    expect(typeof after === 'object' && after.paymentAccounts).toHaveLength(1);
    expect((await seller.c.get(`/rest/v1/my-offers/${hash}`)).json().data.body.bank_accounts).toEqual([]);
  });
});

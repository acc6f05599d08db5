import { offerBodySchema, type OfferEditorState } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  applyLiteChanges,
  buildOfferFormSchema,
  defaultOfferFormValues,
  errorPaths,
  fieldsOfStep,
  firstStepWithError,
  formFromBody,
  formPathOfBodyField,
  offerFormIssues,
  REVIEW_STEP,
  requirementsFromBody,
  requirementsToBody,
  stepIssues,
  stepOfPath,
  toOfferBody,
  type OfferFormContext,
  type OfferFormValues,
} from './offer-form';

const ctx: OfferFormContext = {
  fiatPrecision: 2,
  method: {
    isGiftCard: false,
    isBankTransfer: true,
    isMobileMoney: false,
    isBinCodeEnabled: false,
    liteExcluded: false,
  },
};

/** A complete, valid form: a sell offer of BTC for EUR by SEPA at 2 % over the market, 50 to 500 EUR. */
const valid = (overrides: Partial<OfferFormValues> = {}) =>
  defaultOfferFormValues({
    fiat_currency_code: 'EUR',
    payment_method: 'sepa',
    margin: '2',
    range_min: '50',
    range_max: '500',
    ...overrides,
  });

const savedBody = (overrides: Partial<OfferEditorState['body']> = {}): OfferEditorState['body'] => ({
  area: 'otc',
  type: 'sell',
  crypto_currency_code: 'BTC',
  fiat_currency_code: 'EUR',
  payment_method: 'sepa',
  margin: '2.5000',
  range_min: '50.00',
  range_max: '500.00',
  new_buyer_limit: '100.00',
  payment_window: 60,
  offer_terms: 'Be quick',
  trade_details: 'IBAN in chat',
  payment_method_label: 'N26',
  tags: ['no-receipt-needed'],
  requirements: [{ type: 'VerifyIAndShowFullName' }, { type: 'RemainingTrades', value: 3 }],
  is_trusted_only: true,
  country_list_mode: 'deny',
  countries: ['US'],
  opening_hours: [{ day: 1, start_time: '09:00', end_time: '17:00', active: true }],
  timezone: 'Europe/Berlin',
  offer_cap: { amount: '2000.00', active: false },
  gift_card_bin_codes: [],
  card_regions: [],
  flow_type: 'lite',
  custom_rate: '1.05',
  is_third_party_allowed: false,
  is_gift_code_check_enabled: false,
  is_active: true,
  bank_accounts: [4],
  mobile_money_wallets: [],
  ...overrides,
});

describe('toOfferBody', () => {
  it('should send one price and one kind of amounts, and leave blank optional values out', () => {
    const body = toOfferBody(valid(), ctx.method);
    expect(body).toMatchObject({ margin: '2', range_min: '50', range_max: '500', payment_window: 90 });
    expect(body).not.toHaveProperty('fixed_price');
    expect(body).not.toHaveProperty('predefined_amount');
    expect(body).not.toHaveProperty('new_buyer_limit');
    expect(body).not.toHaveProperty('offer_cap');
    expect(body).not.toHaveProperty('custom_rate');
    expect(offerBodySchema.safeParse(body).success).toBe(true);

    const fixed = toOfferBody(
      valid({
        price_mode: 'fixed',
        fixed_price: '81000',
        amount_mode: 'predefined',
        predefined_amount: ['50'],
      }),
      ctx.method,
    );
    expect(fixed).toMatchObject({ fixed_price: '81000', predefined_amount: ['50'] });
    expect(fixed).not.toHaveProperty('margin');
    expect(fixed).not.toHaveProperty('range_min');
  });

  it('should drop what the chosen method does not take, and the countries of an "everyone" list', () => {
    const values = valid({
      gift_card_bin_codes: ['411111'],
      card_regions: [3],
      is_gift_code_check_enabled: true,
      country_list_mode: 'all',
      countries: ['DE'],
    });
    expect(toOfferBody(values, ctx.method)).toMatchObject({
      gift_card_bin_codes: [],
      card_regions: [],
      is_gift_code_check_enabled: false,
      countries: [],
    });
    const giftCard = {
      isGiftCard: true,
      isBankTransfer: false,
      isMobileMoney: false,
      isBinCodeEnabled: true,
      liteExcluded: false,
    };
    expect(toOfferBody(values, giftCard)).toMatchObject({
      gift_card_bin_codes: ['411111'],
      card_regions: [3],
      is_gift_code_check_enabled: true,
    });
    // Unknown method (catalogue still loading): nothing is dropped.
    expect(toOfferBody(values, null)).toMatchObject({ gift_card_bin_codes: ['411111'], card_regions: [3] });
  });

  it('should send the receiving accounts of its group on a sell offer, the other list empty, none on a buy offer', () => {
    const values = valid({ bank_accounts: [4, 7], mobile_money_wallets: [9] });
    expect(toOfferBody(values, ctx.method)).toMatchObject({
      bank_accounts: [4, 7],
      mobile_money_wallets: [],
    });
    const mobileMoney = { ...ctx.method!, isBankTransfer: false, isMobileMoney: true };
    expect(toOfferBody(values, mobileMoney)).toMatchObject({ bank_accounts: [], mobile_money_wallets: [9] });
    // Another method: whatever an earlier method had attached is dropped.
    const paypal = { ...ctx.method!, isBankTransfer: false };
    expect(toOfferBody(values, paypal)).toMatchObject({ bank_accounts: [], mobile_money_wallets: [] });
    // A buy offer (the server refuses accounts there) and an unknown method (unchanged) send neither.
    for (const body of [toOfferBody({ ...values, type: 'buy' }, ctx.method), toOfferBody(values, null)]) {
      expect(body).not.toHaveProperty('bank_accounts');
      expect(body).not.toHaveProperty('mobile_money_wallets');
    }
  });

  it('should turn the requirement checkboxes into the spec types and back', () => {
    const all = { verified_id: true, full_name: true, min_trades_on: true, min_trades: '5', vpn: true };
    expect(requirementsToBody(all)).toEqual([
      { type: 'VerifyIAndShowFullName' },
      { type: 'RemainingTrades', value: 5 },
      { type: 'Vpn' },
    ]);
    expect(requirementsToBody({ ...all, full_name: false, min_trades_on: false, vpn: false })).toEqual([
      { type: 'VerifyId' },
    ]);
    expect(requirementsFromBody([{ type: 'ShowFullName' }, { type: 'RemainingTrades', value: 9 }])).toEqual({
      verified_id: false,
      full_name: true,
      min_trades_on: true,
      min_trades: '9',
      vpn: false,
    });
  });
});

describe('formFromBody', () => {
  it('should load a saved offer so that saving it unchanged sends the same offer', () => {
    const body = savedBody();
    const values = formFromBody(body);
    expect(values).toMatchObject({ price_mode: 'margin', margin: '2.5', amount_mode: 'min_max' });
    expect(values.offer_cap).toEqual({ amount: '2000.00', active: false });
    const again = offerBodySchema.parse(toOfferBody(values, ctx.method));
    expect(again).toEqual(offerBodySchema.parse({ ...body, margin: '2.5' }));
  });

  it('should load fixed prices and predefined amounts into their modes', () => {
    const values = formFromBody(
      savedBody({
        margin: undefined,
        fixed_price: '81000.00',
        range_min: undefined,
        range_max: undefined,
        predefined_amount: ['50.00', '100.00'],
        offer_cap: undefined,
      }),
    );
    expect(values).toMatchObject({
      price_mode: 'fixed',
      fixed_price: '81000.00',
      amount_mode: 'predefined',
      predefined_amount: ['50.00', '100.00'],
      range_min: '',
      offer_cap: { amount: '', active: true },
    });
  });
});

describe('applyLiteChanges', () => {
  it('should change only price, amounts, payment window and the active flag', () => {
    const body = savedBody();
    const values = {
      ...formFromBody(body),
      price_mode: 'fixed' as const,
      fixed_price: '80000',
      amount_mode: 'predefined' as const,
      predefined_amount: ['100', '200'],
      new_buyer_limit: '',
      payment_window: '30',
      is_active: false,
      // Fields the lite screen does not show are never taken from the form.
      offer_terms: 'changed elsewhere',
    };
    const next = applyLiteChanges(body, values);
    const { margin: _margin, range_min: _min, range_max: _max, new_buyer_limit: _limit, ...rest } = body;
    expect(next).toEqual({
      ...rest,
      fixed_price: '80000',
      predefined_amount: ['100', '200'],
      payment_window: 30,
      is_active: false,
    });
    expect(offerBodySchema.safeParse(next).success).toBe(true);
  });
});

describe('steps and field names', () => {
  it('should give every form field to exactly one of the four editing steps', () => {
    const fields = [0, 1, 2, 3].flatMap(fieldsOfStep);
    expect(new Set(fields).size).toBe(fields.length);
    expect(fields.sort()).toEqual(Object.keys(valid()).sort());
    expect(fieldsOfStep(REVIEW_STEP)).toEqual([]);
  });

  it('should map server field names onto the inputs that show them', () => {
    expect(formPathOfBodyField('range_max')).toBe('range_max');
    expect(formPathOfBodyField('predefined_amount.2')).toBe('predefined_amount');
    expect(formPathOfBodyField('tags')).toBe('tags');
    expect(formPathOfBodyField('countries.0')).toBe('countries');
    expect(formPathOfBodyField('requirements')).toBe('requirements.min_trades');
    expect(formPathOfBodyField('requirements.1.value')).toBe('requirements.min_trades');
    expect(formPathOfBodyField('offer_cap.amount')).toBe('offer_cap.amount');
    expect(formPathOfBodyField('offer_cap')).toBe('offer_cap.amount');
    expect(formPathOfBodyField('opening_hours.3.start_time')).toBe('opening_hours.3.start_time');
    expect(formPathOfBodyField('opening_hours.3.end_time')).toBe('opening_hours.3.end_time');
    expect(formPathOfBodyField('opening_hours')).toBe('opening_hours');
    expect(formPathOfBodyField('bank_accounts')).toBe('bank_accounts');
    expect(formPathOfBodyField('mobile_money_wallets.5')).toBe('mobile_money_wallets');
    expect(formPathOfBodyField('searchId')).toBeNull();
    expect(formPathOfBodyField('price_mode.x')).toBeNull();
  });

  it('should find the step of a path and the first step holding an error', () => {
    expect(stepOfPath('payment_method')).toBe(0);
    expect(stepOfPath('range_max')).toBe(1);
    expect(stepOfPath('requirements.min_trades')).toBe(2);
    expect(stepOfPath('opening_hours.1.end_time')).toBe(3);
    expect(stepOfPath('_')).toBe(REVIEW_STEP);
    expect(firstStepWithError(['timezone', 'new_buyer_limit', 'offer_terms'])).toBe(1);
    expect(firstStepWithError([])).toBeNull();
  });

  it("should list the paths of react-hook-form's nested errors", () => {
    expect(
      errorPaths({
        margin: { type: 'custom', message: 'required' },
        requirements: { min_trades: { type: 'custom', message: 'min_trades_range' } },
        opening_hours: [undefined, { end_time: { type: 'custom', message: 'end_before_start' } }],
        tags: { root: { type: 'custom', message: 'too_many_tags' } },
      } as never),
    ).toEqual(['margin', 'requirements.min_trades', 'opening_hours.1.end_time', 'tags']);
  });
});

describe('step validation', () => {
  it('should pass a complete offer on every step', () => {
    for (const step of [0, 1, 2, 3, REVIEW_STEP]) expect(stepIssues(valid(), ctx, step)).toEqual([]);
  });

  it('should report each problem on the step that shows it, and only there', () => {
    const values = valid({
      payment_method: '',
      margin: '',
      range_min: '600',
      offer_terms: 'x'.repeat(2501),
      country_list_mode: 'allow',
      opening_hours: [{ day: 2, start_time: '18:00', end_time: '09:00', active: true }],
    });
    expect(stepIssues(values, ctx, 0)).toEqual(['payment_method']);
    expect(stepIssues(values, ctx, 1)).toEqual(['margin', 'range_max']);
    expect(stepIssues(values, ctx, 2)).toEqual(['offer_terms']);
    expect(stepIssues(values, ctx, 3)).toEqual(['countries', 'opening_hours.0.end_time']);
  });

  it("should apply the currency's precision and the server's amount rules", () => {
    const issues = (overrides: Partial<OfferFormValues>, fiatPrecision: number | null = 2) =>
      offerFormIssues(valid(overrides), { ...ctx, fiatPrecision });
    expect(issues({ range_min: '10.555' })).toEqual([{ path: 'range_min', code: 'too_many_decimals' }]);
    expect(issues({ range_min: '10.5' }, 0)).toEqual([{ path: 'range_min', code: 'too_many_decimals' }]);
    expect(issues({ range_min: '0' })).toEqual([{ path: 'range_min', code: 'not_positive' }]);
    expect(issues({ new_buyer_limit: '20' })).toEqual([
      { path: 'new_buyer_limit', code: 'new_buyer_limit_too_low' },
    ]);
    expect(issues({ amount_mode: 'predefined', predefined_amount: [] })).toEqual([
      { path: 'predefined_amount', code: 'required' },
    ]);
    expect(
      issues({
        amount_mode: 'predefined',
        predefined_amount: Array.from({ length: 21 }, (_, i) => `${i + 1}`),
      }),
    ).toEqual([{ path: 'predefined_amount', code: 'too_many_amounts' }]);
    expect(issues({ price_mode: 'fixed', fixed_price: '' })).toEqual([
      { path: 'fixed_price', code: 'required' },
    ]);
    expect(issues({ margin: '2.12345' })).toEqual([{ path: 'margin', code: 'invalid_margin' }]);
    expect(issues({ payment_window: '20' })).toEqual([
      { path: 'payment_window', code: 'payment_window_range' },
    ]);
    expect(
      issues({ requirements: { ...valid().requirements, min_trades_on: true, min_trades: '0' } }),
    ).toEqual([{ path: 'requirements.min_trades', code: 'min_trades_range' }]);
    // BIN codes are only checked where the method takes them (else they are not sent).
    expect(issues({ gift_card_bin_codes: ['12'] })).toEqual([]);
    expect(
      offerFormIssues(valid({ gift_card_bin_codes: ['12'] }), {
        ...ctx,
        method: { ...ctx.method!, isBinCodeEnabled: true },
      }),
    ).toEqual([{ path: 'gift_card_bin_codes', code: 'invalid_bin' }]);
  });

  describe("the server's bounds (GET /rest/v1/my-offers/rules)", () => {
    /** The server's defaults, EUR at 0.93 per USD, 1 BTC = 80,000 EUR. */
    const bounded: OfferFormContext = {
      ...ctx,
      bounds: {
        rules: { marginMin: -50, marginMax: 200, maxLimitUsd: 100_000 },
        usdFiat: '0.93',
        market: '80000.00000000',
      },
    };
    const issues = (overrides: Partial<OfferFormValues>, context = bounded) =>
      offerFormIssues(valid(overrides), context);

    it('should refuse a margin out of range, and take its edges', () => {
      expect(issues({ margin: '-80' })).toEqual([
        { path: 'margin', code: 'margin_out_of_bounds', args: ['-50', '200'] },
      ]);
      expect(issues({ margin: '200.0001' })).toEqual([
        { path: 'margin', code: 'margin_out_of_bounds', args: ['-50', '200'] },
      ]);
      expect(issues({ margin: '-50' })).toEqual([]);
      expect(issues({ margin: '200' })).toEqual([]);
      // Without the bounds (still loading) the server is left to judge.
      expect(issues({ margin: '-80' }, ctx)).toEqual([]);
    });

    it('should refuse a fixed price beyond the bounds around the market', () => {
      expect(issues({ price_mode: 'fixed', fixed_price: '39999.99' })).toEqual([
        {
          path: 'fixed_price',
          code: 'fixed_price_out_of_bounds',
          args: ['-50', '200', '80000.00000000'],
        },
      ]);
      expect(issues({ price_mode: 'fixed', fixed_price: '40000' })).toEqual([]);
      expect(
        issues(
          { price_mode: 'fixed', fixed_price: '1' },
          { ...bounded, bounds: { ...bounded.bounds!, market: null } },
        ),
      ).toEqual([]);
    });

    it('should refuse a maximum or a predefined amount above the USD ceiling in the currency', () => {
      // 100,000 USD x 0.93 = 93,000 EUR.
      expect(issues({ range_max: '999999999' })).toEqual([
        { path: 'range_max', code: 'amount_too_large', args: ['100000'] },
      ]);
      expect(issues({ range_max: '93000' })).toEqual([]);
      expect(issues({ range_max: '93000.01' })).toEqual([
        { path: 'range_max', code: 'amount_too_large', args: ['100000'] },
      ]);
      expect(issues({ amount_mode: 'predefined', predefined_amount: ['50', '93001'] })).toEqual([
        { path: 'predefined_amount', code: 'amount_too_large', args: ['100000'] },
      ]);
      // No rate for the currency: no ceiling, as on the server.
      expect(
        issues({ range_max: '999999999' }, { ...bounded, bounds: { ...bounded.bounds!, usdFiat: null } }),
      ).toEqual([]);
    });

    it('should hold "Next" on the price step only, with the numbers in the message', () => {
      const values = valid({ margin: '-80', range_max: '999999999' });
      expect(stepIssues(values, bounded, 1)).toEqual(['margin', 'range_max']);
      for (const step of [0, 2, 3]) expect(stepIssues(values, bounded, step)).toEqual([]);
      const parsed = buildOfferFormSchema(bounded).safeParse(values);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
        'margin_out_of_bounds:-50:200',
        'amount_too_large:100000',
      ]);
    });
  });
});

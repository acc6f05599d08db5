import type { MyOffer } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  quickAmountBody,
  quickAmountDefaults,
  quickAmountSchema,
  quickPriceDefaults,
  quickPriceRequest,
  quickPriceSchema,
  toggleQuickEdit,
} from './quick-edit';

const offer = (overrides: Partial<MyOffer> = {}): MyOffer => ({
  idHashed: 'AbC123xyz789',
  type: 'sell',
  area: 'otc',
  cryptoCurrencyCode: 'BTC',
  fiatCurrencyCode: 'EUR',
  paymentMethod: { id: 1, groupId: 5, slug: 'sepa' },
  flowType: 'default',
  isActive: true,
  isEnabled: true,
  hasGiftCards: false,
  margin: '2.5000',
  fixedPrice: null,
  pricePerCoin: '83000.00',
  amountMode: 'min_max',
  rangeMin: '50.00',
  rangeMax: '500.00',
  predefinedAmount: [],
  newBuyerMaxFiatLimit: null,
  offerCap: null,
  depositInfo: { isBondInsufficient: false },
  tags: [],
  bankAccounts: [],
  mobileMoneyWallets: [],
  manualEscrowFee: null,
  pinnedPosition: null,
  moderationStatus: 1,
  moderatorNote: null,
  penalty: null,
  appeal: null,
  ...overrides,
});

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.success ? [] : (result.error?.issues ?? []).map((i) => `${i.path.join('.')}:${i.message}`));

describe('quick edit', () => {
  it('should close the panel chosen again and open any other (selection by hash and kind)', () => {
    const price = { id: 'a', kind: 'price' as const };
    expect(toggleQuickEdit(null, price)).toEqual(price);
    expect(toggleQuickEdit(price, price)).toBeNull();
    expect(toggleQuickEdit(price, { id: 'a', kind: 'amount' })).toEqual({ id: 'a', kind: 'amount' });
    expect(toggleQuickEdit(price, { id: 'b', kind: 'price' })).toEqual({ id: 'b', kind: 'price' });
  });

  it('should start from the offer and send the call that fits the chosen price', () => {
    expect(quickPriceDefaults(offer())).toEqual({
      price_mode: 'margin',
      new_margin: '2.5',
      new_fixed_price: '',
    });
    expect(quickPriceDefaults(offer({ margin: null, fixedPrice: '80000.00' }))).toEqual({
      price_mode: 'fixed',
      new_margin: '',
      new_fixed_price: '80000.00',
    });
    expect(quickPriceRequest('a', { price_mode: 'margin', new_margin: ' 3 ', new_fixed_price: '1' })).toEqual(
      {
        id: 'a',
        margin: '3',
      },
    );
    expect(
      quickPriceRequest('a', { price_mode: 'fixed', new_margin: '3', new_fixed_price: '81000' }),
    ).toEqual({
      id: 'a',
      fixedPrice: '81000',
    });
  });

  it('should check the price and amounts like the server', () => {
    expect(
      messages(quickPriceSchema(2).safeParse({ price_mode: 'margin', new_margin: '', new_fixed_price: '' })),
    ).toEqual(['new_margin:required']);
    expect(
      messages(
        quickPriceSchema(2).safeParse({ price_mode: 'fixed', new_margin: '', new_fixed_price: '1.001' }),
      ),
    ).toEqual(['new_fixed_price:too_many_decimals']);
    const amounts = quickAmountSchema(2);
    expect(
      messages(
        amounts.safeParse({
          amount_mode: 'min_max',
          range_min: '500',
          range_max: '50',
          predefined_amount: [],
        }),
      ),
    ).toEqual(['range_max:min_greater_than_max']);
    expect(
      messages(
        amounts.safeParse({ amount_mode: 'predefined', range_min: '', range_max: '', predefined_amount: [] }),
      ),
    ).toEqual(['predefined_amount:required']);
    expect(
      messages(
        amounts.safeParse({ amount_mode: 'min_max', range_min: '', range_max: '5', predefined_amount: [] }),
      ),
    ).toEqual(['range_min:required']);
  });

  it('should send predefined amounts or a range, never both', () => {
    expect(quickAmountDefaults(offer({ amountMode: 'predefined', predefinedAmount: ['50.00'] }))).toEqual({
      amount_mode: 'predefined',
      range_min: '',
      range_max: '',
      predefined_amount: ['50.00'],
    });
    expect(
      quickAmountBody({
        amount_mode: 'predefined',
        range_min: '1',
        range_max: '2',
        predefined_amount: ['50', ' '],
      }),
    ).toEqual({ predefined_amount: ['50'] });
    expect(
      quickAmountBody({
        amount_mode: 'min_max',
        range_min: '10',
        range_max: '20',
        predefined_amount: ['50'],
      }),
    ).toEqual({ range_min: '10', range_max: '20' });
  });
});

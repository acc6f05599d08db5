import { describe, expect, it } from 'vitest';
import { buildOfferListing } from '../testing/factories';
import { sanitizeAmountText, toAmountValue } from './amount-input';
import {
  formatCompletionRate,
  formatFiat,
  formatLimits,
  formatMargin,
  marginDirection,
  offerHref,
  offerLimits,
  offerRequirements,
  releaseTimeParts,
} from './offer-format';

describe('formatFiat', () => {
  it('should group the digits and keep the precision the server sent', () => {
    expect(formatFiat('85544.85', 'EUR', 'en')).toBe('85,544.85 EUR');
    expect(formatFiat('85544.85', 'EUR', 'es')).toBe('85.544,85 EUR');
    expect(formatFiat('14250000', 'JPY', 'en')).toBe('14,250,000 JPY');
    expect(formatFiat('10.00', 'USD', 'en')).toBe('10.00 USD');
    expect(formatFiat('1234567890123.4567', 'XAU', 'en')).toBe('1,234,567,890,123.4567 XAU');
  });
});

describe('formatMargin', () => {
  it('should show the sign and drop the trailing zeros', () => {
    expect(formatMargin('5.3800', 'en')).toBe('+5.38%');
    expect(formatMargin('-1.5000', 'en')).toBe('\u22121.5%');
    expect(formatMargin('0.0000', 'en')).toBe('0%');
    expect(formatMargin('12.1250', 'es')).toBe('+12,125%');
  });

  it('should say where the price is against the market', () => {
    expect(marginDirection('2.0000')).toBe('above');
    expect(marginDirection('-0.0100')).toBe('below');
    expect(marginDirection('0.0000')).toBe('market');
  });
});

describe('offer limits', () => {
  it('should show a min-max range', () => {
    const offer = buildOfferListing({ fiatAmountRangeMin: '1000.00', fiatAmountRangeMax: '25000.00' });
    const limits = offerLimits(offer, 'en');
    expect(limits).toEqual({ kind: 'range', min: '1,000.00', max: '25,000.00', currencyCode: 'EUR' });
    expect(formatLimits(limits)).toBe('1,000.00 – 25,000.00 EUR');
    const spanish = buildOfferListing({ fiatAmountRangeMin: '50.00', fiatAmountRangeMax: '25000.00' });
    expect(formatLimits(offerLimits(spanish, 'es'))).toBe('50,00 – 25.000,00 EUR');
  });

  it('should show predefined amounts instead of the range when the offer has them', () => {
    const offer = buildOfferListing({
      predefinedAmount: ['50.00', '100.00', '1500.00'],
      fiatAmountRangeMin: '50.00',
      fiatAmountRangeMax: '1500.00',
    });
    const limits = offerLimits(offer, 'en');
    expect(limits).toEqual({
      kind: 'predefined',
      amounts: ['50.00', '100.00', '1,500.00'],
      currencyCode: 'EUR',
    });
    expect(formatLimits(limits)).toBe('50.00, 100.00, 1,500.00 EUR');
  });
});

describe('offerHref', () => {
  it('should link to the offer, with the searched amount when there is one', () => {
    expect(offerHref('KG1hZXDzl84J')).toBe('/offer/KG1hZXDzl84J');
    expect(offerHref('KG1hZXDzl84J', '250.5')).toBe('/offer/KG1hZXDzl84J?fiat-min=250.5');
    expect(offerHref('KG1hZXDzl84J', null)).toBe('/offer/KG1hZXDzl84J');
  });
});

describe('offerRequirements', () => {
  it('should list what the offer asks of the visitor', () => {
    expect(offerRequirements(buildOfferListing())).toEqual([]);
    expect(
      offerRequirements(
        buildOfferListing({
          requireVerifiedId: true,
          requireFullNameVisibility: true,
          requireMinPastTrades: 5,
        }),
      ),
    ).toEqual([{ kind: 'verifiedId' }, { kind: 'fullName' }, { kind: 'minPastTrades', count: 5 }]);
  });
});

describe('amount input', () => {
  it('should accept digits and one decimal point only (spec), reading a comma as the point', () => {
    expect(sanitizeAmountText('12.5')).toBe('12.5');
    expect(sanitizeAmountText('12,5')).toBe('12.5');
    expect(sanitizeAmountText('')).toBe('');
    expect(sanitizeAmountText('12.')).toBe('12.');
    expect(sanitizeAmountText('1.2.3')).toBeNull();
    expect(sanitizeAmountText('12a')).toBeNull();
    expect(sanitizeAmountText('-1')).toBeNull();
    expect(sanitizeAmountText('1234567890123456')).toBeNull();
    expect(sanitizeAmountText('1.123456789')).toBeNull();
  });

  it('should turn the text into the numeric fiat-min of the address, or nothing', () => {
    expect(toAmountValue('12.')).toBe('12');
    expect(toAmountValue('.5')).toBe('0.5');
    expect(toAmountValue('007.50')).toBe('7.5');
    expect(toAmountValue('')).toBeNull();
    expect(toAmountValue('.')).toBeNull();
    expect(toAmountValue('0.00')).toBeNull();
  });
});

describe('formatCompletionRate', () => {
  it('should write the rate in percent with at most one decimal, localised', () => {
    expect(formatCompletionRate('97.5', 'en')).toBe('97.5%');
    expect(formatCompletionRate('100.0', 'en')).toBe('100%');
    expect(formatCompletionRate('66.7', 'es')).toBe('66,7%');
    expect(formatCompletionRate('0.0', 'es')).toBe('0%');
  });
});

describe('releaseTimeParts', () => {
  it('should round to whole minutes and switch to hours from an hour on', () => {
    expect(releaseTimeParts(20)).toEqual({ kind: 'underMinute' });
    expect(releaseTimeParts(89)).toEqual({ kind: 'minutes', minutes: 1 });
    expect(releaseTimeParts(6 * 60 + 40)).toEqual({ kind: 'minutes', minutes: 7 });
    expect(releaseTimeParts(59 * 60 + 40)).toEqual({ kind: 'hours', hours: 1, minutes: 0 });
    expect(releaseTimeParts(2 * 3600 + 15 * 60)).toEqual({ kind: 'hours', hours: 2, minutes: 15 });
  });
});

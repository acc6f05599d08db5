import {
  compareDecimals,
  parseAmount,
  parseDecimal,
  PREDEFINED_AMOUNTS_MAX,
  type MyOffer,
} from '@app/contract';
import { z } from 'zod';
import { MARGIN_PATTERN, trimMargin } from './offer-form';

/**
 * The my-offers page's quick edits: price (`PUT .../margin` or `.../fixed-price`) and amounts
 * (`PUT .../amount`). Field names are the requests' own, so the server's 422 details land on them;
 * issue messages are codes that offer-errors.ts says in words.
 */

export type QuickEditKind = 'price' | 'amount' | 'cap';

/** Which panel is open: one offer and one kind (spec: selection is by offer hash and type). */
export type QuickEditSelection = { id: string; kind: QuickEditKind } | null;

/** Choosing the open panel again closes it; anything else opens that one (spec, my offers). */
export function toggleQuickEdit(current: QuickEditSelection, next: { id: string; kind: QuickEditKind }) {
  return current && current.id === next.id && current.kind === next.kind ? null : next;
}

export type QuickPriceValues = {
  price_mode: 'margin' | 'fixed';
  new_margin: string;
  new_fixed_price: string;
};
export type QuickAmountValues = {
  amount_mode: 'min_max' | 'predefined';
  range_min: string;
  range_max: string;
  predefined_amount: string[];
};

/** The offer cap's form: the request's `offer_cap` (its 422 details name `offer_cap`). */
export type QuickCapValues = { offer_cap: string; active: boolean };

export const quickCapDefaults = (offer: MyOffer): QuickCapValues => ({
  offer_cap: offer.offerCap?.amount ?? '',
  active: offer.offerCap?.active ?? true,
});

export function quickCapSchema(precision: number) {
  return z.custom<QuickCapValues>().superRefine((values, ctx) => {
    if (!values.offer_cap.trim()) {
      ctx.addIssue({ code: 'custom', path: ['offer_cap'], message: 'required' });
      return;
    }
    const code = amountCode(values.offer_cap, precision);
    if (code) ctx.addIssue({ code: 'custom', path: ['offer_cap'], message: code });
  });
}

export const quickPriceDefaults = (offer: MyOffer): QuickPriceValues => ({
  price_mode: offer.fixedPrice !== null && offer.margin === null ? 'fixed' : 'margin',
  new_margin: offer.margin === null ? '' : trimMargin(offer.margin),
  new_fixed_price: offer.fixedPrice ?? '',
});

export const quickAmountDefaults = (offer: MyOffer): QuickAmountValues => ({
  amount_mode: offer.amountMode,
  range_min: offer.amountMode === 'min_max' ? offer.rangeMin : '',
  range_max: offer.amountMode === 'min_max' ? offer.rangeMax : '',
  predefined_amount: offer.amountMode === 'predefined' ? [...offer.predefinedAmount] : [],
});

const amountCode = (value: string, precision: number) => {
  const parsed = parseAmount(value.trim(), precision);
  return parsed.ok ? null : parsed.code;
};

export function quickPriceSchema(precision: number) {
  return z.custom<QuickPriceValues>().superRefine((values, ctx) => {
    if (values.price_mode === 'margin') {
      const margin = values.new_margin.trim();
      if (!margin) ctx.addIssue({ code: 'custom', path: ['new_margin'], message: 'required' });
      else if (!MARGIN_PATTERN.test(margin)) {
        ctx.addIssue({ code: 'custom', path: ['new_margin'], message: 'invalid_margin' });
      }
    } else if (!values.new_fixed_price.trim()) {
      ctx.addIssue({ code: 'custom', path: ['new_fixed_price'], message: 'required' });
    } else {
      const code = amountCode(values.new_fixed_price, precision);
      if (code) ctx.addIssue({ code: 'custom', path: ['new_fixed_price'], message: code });
    }
  });
}

export function quickAmountSchema(precision: number) {
  return z.custom<QuickAmountValues>().superRefine((values, ctx) => {
    const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (values.amount_mode === 'predefined') {
      const amounts = values.predefined_amount.map((a) => a.trim()).filter(Boolean);
      if (amounts.length === 0) add('predefined_amount', 'required');
      else if (amounts.length > PREDEFINED_AMOUNTS_MAX) add('predefined_amount', 'too_many_amounts');
      else {
        const code = amounts.map((a) => amountCode(a, precision)).find((c) => c !== null);
        if (code) add('predefined_amount', code);
      }
      return;
    }
    const min = values.range_min.trim();
    const max = values.range_max.trim();
    const minCode = min ? amountCode(min, precision) : 'required';
    const maxCode = max ? amountCode(max, precision) : 'required';
    if (minCode) add('range_min', minCode);
    if (maxCode) add('range_max', maxCode);
    if (!minCode && !maxCode && compareDecimals(parseDecimal(min), parseDecimal(max)) > 0) {
      add('range_max', 'min_greater_than_max');
    }
  });
}

/** The `PUT .../margin|fixed-price` input from the form. */
export const quickPriceRequest = (id: string, values: QuickPriceValues) =>
  values.price_mode === 'margin'
    ? { id, margin: values.new_margin.trim() }
    : { id, fixedPrice: values.new_fixed_price.trim() };

/** The `PUT .../amount` body from the form: predefined amounts, or a range (never both). */
export const quickAmountBody = (values: QuickAmountValues) =>
  values.amount_mode === 'predefined'
    ? { predefined_amount: values.predefined_amount.map((a) => a.trim()).filter(Boolean) }
    : { range_min: values.range_min.trim(), range_max: values.range_max.trim() };

import {
  countryListModes,
  isAmountInput,
  offerAreas,
  offerFlowTypes,
  traderRequirements,
  weekDaySchema,
} from '@app/contract';
import {
  MARGIN_PATTERN,
  requirementsFromBody,
  type OfferFormValues,
  type OpeningHourValues,
  type TraderRequirement,
} from './offer-form';

/**
 * "Create an offer from parameters" (spec route `/offer-manager/edit` with a query): every field of the
 * offer body may come prefilled from the address, under its body name (`crypto_currency_code`) or a
 * shorter camelCase alias (`crypto`), e.g. `?type=sell&crypto=BTC&currency=EUR&paymentMethod=sepa&margin=2`.
 *
 * A value that cannot be right (an unknown type, letters in an amount) is ignored, so the field keeps its
 * default; values the catalogue decides on (a coin, a method, a tag) are taken as given and checked by the
 * form and the server like typed ones. Lists are comma separated or repeated (`tags=a,b` = `tags=a&tags=b`).
 *
 * | field | query names | value |
 * |---|---|---|
 * | type | `type` | `buy` or `sell` |
 * | area | `area` | `otc`, `silent-pool`, `gift-cards` |
 * | crypto_currency_code | `crypto`, `cryptoCurrencyCode`, `crypto_currency_code` | coin code (`btc` -> `BTC`) |
 * | fiat_currency_code | `currency`, `currencyCode`, `fiat_currency_code` | ISO 4217 code |
 * | payment_method | `paymentMethod`, `payment-method`, `payment_method` | method slug |
 * | payment_method_label | `label`, `paymentMethodLabel`, `payment_method_label` | text |
 * | margin / fixed_price | `margin`; `fixedPrice`, `fixed_price` | a margin wins over a fixed price |
 * | range_min / range_max | `rangeMin`, `range_min`, `min`; `rangeMax`, `range_max`, `max` | amounts |
 * | predefined_amount | `predefinedAmount`, `predefined_amount`, `amounts` | amounts (wins over a range) |
 * | new_buyer_limit | `newBuyerLimit`, `new_buyer_limit` | amount |
 * | payment_window | `paymentWindow`, `payment_window` | minutes |
 * | offer_terms / trade_details | `offerTerms`, `offer_terms` / `tradeDetails`, `trade_details` | text |
 * | tags | `tags` | tag slugs |
 * | requirements | `requirements` | `VerifyId`, `ShowFullName`, `VerifyIAndShowFullName`, `Vpn`, `RemainingTrades:5` |
 * | is_trusted_only | `trustedOnly`, `is_trusted_only` | `1`/`true`/`0`/`false` |
 * | country_list_mode / countries | `countryListMode`, `country_list_mode` / `countries` | `all`/`allow`/`deny` / ISO codes |
 * | opening_hours | `openingHours`, `opening_hours` | `day:HH:MM-HH:MM` (day 1 = Monday), e.g. `1:09:00-17:00` |
 * | timezone | `timezone` | IANA zone |
 * | offer_cap | `offerCap`, `offer_cap` | amount (the cap is on) |
 * | gift_card_bin_codes | `binCodes`, `gift_card_bin_codes` | 6 to 8 digits each |
 * | card_regions | `cardRegions`, `card_regions` | region ids |
 * | flow_type | `flowType`, `flow_type` | `default`, `gcc-auto`, `lite`, `bt-auto` |
 * | custom_rate | `customRate`, `custom_rate` | decimal |
 * | is_third_party_allowed | `thirdParty`, `is_third_party_allowed` | flag |
 * | is_gift_code_check_enabled | `giftCodeCheck`, `is_gift_code_check_enabled` | flag |
 * | is_active | `active`, `is_active` | flag |
 */
export function offerFormFromQuery(query: URLSearchParams): Partial<OfferFormValues> {
  const values: Partial<OfferFormValues> = {};
  /** Every value given under any of the names, comma lists split, blanks dropped. */
  const list = (...names: string[]) =>
    names
      .flatMap((name) => query.getAll(name))
      .flatMap((value) => value.split(','))
      .map((value) => value.trim())
      .filter(Boolean);
  const one = (...names: string[]) => {
    for (const name of names) {
      const value = query.get(name)?.trim();
      if (value) return value;
    }
    return undefined;
  };
  const oneOf = <T extends string>(options: readonly T[], ...names: string[]): T | undefined => {
    const value = one(...names);
    return options.find((option) => option === value);
  };
  const amount = (...names: string[]) => {
    const value = one(...names);
    return value !== undefined && isAmountInput(value) && /\d/.test(value) ? value : undefined;
  };
  const flag = (...names: string[]) => {
    const value = one(...names)?.toLowerCase();
    if (value === '1' || value === 'true') return true;
    if (value === '0' || value === 'false') return false;
    return undefined;
  };
  const set = <K extends keyof OfferFormValues>(key: K, value: OfferFormValues[K] | undefined) => {
    if (value !== undefined) values[key] = value;
  };

  set('type', oneOf(['buy', 'sell'] as const, 'type'));
  set('area', oneOf(offerAreas, 'area'));
  set('crypto_currency_code', one('crypto', 'cryptoCurrencyCode', 'crypto_currency_code')?.toUpperCase());
  set('fiat_currency_code', one('currency', 'currencyCode', 'fiat_currency_code')?.toUpperCase());
  set('payment_method', one('paymentMethod', 'payment-method', 'payment_method')?.toLowerCase());
  set('payment_method_label', one('label', 'paymentMethodLabel', 'payment_method_label'));

  const margin = one('margin');
  const fixedPrice = amount('fixedPrice', 'fixed_price');
  if (margin !== undefined && MARGIN_PATTERN.test(margin)) {
    values.price_mode = 'margin';
    values.margin = margin;
  } else if (fixedPrice !== undefined) {
    values.price_mode = 'fixed';
    values.fixed_price = fixedPrice;
  }

  const predefined = list('predefinedAmount', 'predefined_amount', 'amounts').filter(
    (value) => isAmountInput(value) && /\d/.test(value),
  );
  const rangeMin = amount('rangeMin', 'range_min', 'min');
  const rangeMax = amount('rangeMax', 'range_max', 'max');
  if (predefined.length > 0) {
    values.amount_mode = 'predefined';
    values.predefined_amount = predefined;
  } else if (rangeMin !== undefined || rangeMax !== undefined) {
    values.amount_mode = 'min_max';
    set('range_min', rangeMin);
    set('range_max', rangeMax);
  }
  set('new_buyer_limit', amount('newBuyerLimit', 'new_buyer_limit'));
  const window = one('paymentWindow', 'payment_window');
  set('payment_window', window !== undefined && /^\d{1,9}$/.test(window) ? window : undefined);

  set('offer_terms', one('offerTerms', 'offer_terms'));
  set('trade_details', one('tradeDetails', 'trade_details'));
  const tags = list('tags').map((slug) => slug.toLowerCase());
  if (tags.length > 0) values.tags = [...new Set(tags)];

  const requirements = list('requirements').flatMap(
    (entry): { type: TraderRequirement; value?: number }[] => {
      const [type, value] = entry.split(':');
      const known = traderRequirements.find((name) => name === type);
      if (!known) return [];
      if (known !== 'RemainingTrades') return [{ type: known }];
      return value !== undefined && /^\d{1,9}$/.test(value) ? [{ type: known, value: Number(value) }] : [];
    },
  );
  if (requirements.length > 0) values.requirements = requirementsFromBody(requirements);
  set('is_trusted_only', flag('trustedOnly', 'is_trusted_only'));

  set('country_list_mode', oneOf(countryListModes, 'countryListMode', 'country_list_mode'));
  const countries = list('countries')
    .map((iso) => iso.toUpperCase())
    .filter((iso) => /^[A-Z]{2}$/.test(iso));
  if (countries.length > 0) values.countries = [...new Set(countries)];

  const hours = list('openingHours', 'opening_hours').flatMap(parseOpeningHour);
  if (hours.length > 0) values.opening_hours = hours;
  set('timezone', one('timezone'));

  const cap = amount('offerCap', 'offer_cap');
  if (cap !== undefined) values.offer_cap = { amount: cap, active: true };
  const bins = list('binCodes', 'gift_card_bin_codes').filter((code) => /^\d{6,8}$/.test(code));
  if (bins.length > 0) values.gift_card_bin_codes = [...new Set(bins)];
  const regions = list('cardRegions', 'card_regions')
    .filter((id) => /^\d{1,9}$/.test(id) && Number(id) > 0)
    .map(Number);
  if (regions.length > 0) values.card_regions = [...new Set(regions)];
  set('flow_type', oneOf(offerFlowTypes, 'flowType', 'flow_type'));
  set('custom_rate', amount('customRate', 'custom_rate'));
  set('is_third_party_allowed', flag('thirdParty', 'is_third_party_allowed'));
  set('is_gift_code_check_enabled', flag('giftCodeCheck', 'is_gift_code_check_enabled'));
  set('is_active', flag('active', 'is_active'));
  return values;
}

/** `1:09:00-17:00` -> Monday 09:00 to 17:00 (active); anything else -> nothing. */
function parseOpeningHour(entry: string): OpeningHourValues[] {
  const match = /^(\d):(\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(entry);
  if (!match) return [];
  const [, day = '', start = '', end = ''] = match;
  const time = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
  if (!weekDaySchema.safeParse(Number(day)).success || !time.test(start) || !time.test(end)) return [];
  return [{ day: Number(day), start_time: start, end_time: end, active: true }];
}

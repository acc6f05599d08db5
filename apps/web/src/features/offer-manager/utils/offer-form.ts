import {
  compareDecimals,
  impliedMargin,
  isMarginWithinBounds,
  MIN_PAST_TRADES_MAX,
  OFFER_LABEL_MAX,
  OFFER_TEXT_MAX,
  offerAmountCeiling,
  offerBodySchema,
  parseAmount,
  parseDecimal,
  PAYMENT_WINDOW_MAX,
  PAYMENT_WINDOW_MIN,
  PREDEFINED_AMOUNTS_MAX,
  type countryListModes,
  type OfferArea,
  type OfferEditorState,
  type OfferRules,
  type offerFlowTypes,
  type traderRequirements,
} from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod';

/**
 * The offer editor's form: its values, how they become the `offerBodySchema` body the server takes (and
 * back), the validation (the contract's schema plus the server's cross-field rules that need no server
 * data), and which wizard step owns which field. Field names are the body's own wherever a field maps
 * one to one, so the server's 422 details land on the field that shows them.
 */

export type OfferBodyInput = z.input<typeof offerBodySchema>;
/** An offer as `GET /rest/v1/my-offers/{id}` answers it: the body shape, every field present. */
export type SavedOfferBody = OfferEditorState['body'];
export type OfferFlowType = (typeof offerFlowTypes)[number];
export type CountryListMode = (typeof countryListModes)[number];
export type TraderRequirement = (typeof traderRequirements)[number];

/** The spec's requirement list as the form edits it: two checkboxes stand for the three ID/name types. */
export type RequirementsValues = {
  verified_id: boolean;
  full_name: boolean;
  min_trades_on: boolean;
  /** Minimum past trades (RemainingTrades), as typed. */
  min_trades: string;
  vpn: boolean;
};

export type OpeningHourValues = { day: number; start_time: string; end_time: string; active: boolean };

export type OfferFormValues = {
  area: OfferArea;
  type: 'buy' | 'sell';
  crypto_currency_code: string;
  fiat_currency_code: string;
  payment_method: string;
  payment_method_label: string;
  price_mode: 'margin' | 'fixed';
  margin: string;
  fixed_price: string;
  amount_mode: 'min_max' | 'predefined';
  range_min: string;
  range_max: string;
  predefined_amount: string[];
  new_buyer_limit: string;
  payment_window: string;
  offer_terms: string;
  trade_details: string;
  tags: string[];
  requirements: RequirementsValues;
  is_trusted_only: boolean;
  country_list_mode: CountryListMode;
  countries: string[];
  opening_hours: OpeningHourValues[];
  timezone: string;
  /** An empty amount means "no cap". */
  offer_cap: { amount: string; active: boolean };
  gift_card_bin_codes: string[];
  card_regions: number[];
  flow_type: OfferFlowType;
  custom_rate: string;
  is_third_party_allowed: boolean;
  is_gift_code_check_enabled: boolean;
  is_active: boolean;
  /** Sell offers of the bank-transfers group: ids of the owner's bank accounts buyers pay into. */
  bank_accounts: number[];
  /** Sell offers of the mobile-money group: ids of the owner's wallets of the offer's method. */
  mobile_money_wallets: number[];
};

export type OfferFormField = keyof OfferFormValues;

/** What the chosen payment method and coin allow; `null` while the catalogue is unknown. */
export type OfferMethodContext = {
  isGiftCard: boolean;
  isBankTransfer: boolean;
  isMobileMoney: boolean;
  isBinCodeEnabled: boolean;
  /** The coin is kept out of the lite flow (XMR). */
  liteExcluded: boolean;
};

/**
 * The operator's bounds (`GET /rest/v1/my-offers/rules`) with the rates they are judged at, the server's
 * own: the margin bounds, a fixed price within them around the market, the USD ceiling of the amounts.
 */
export type OfferBoundsContext = {
  rules: OfferRules;
  /** Units of the offer's fiat currency for one USD; null without a rate (no ceiling then, as on the server). */
  usdFiat: string | null;
  /** Fiat per coin at the market; null without a rate (a fixed price is not bounded then). */
  market: string | null;
};

export type OfferFormContext = {
  /** Decimals of the fiat currency; `null` while unknown (the server checks it then). */
  fiatPrecision: number | null;
  method: OfferMethodContext | null;
  /** Null or absent while the bounds load: the server's answer names a value beyond them then. */
  bounds?: OfferBoundsContext | null;
};

// --- wizard steps -----------------------------------------------------------------------------------

export const WIZARD_STEPS = ['basics', 'pricing', 'terms', 'availability', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
export const REVIEW_STEP = WIZARD_STEPS.indexOf('review');

const STEP_OF_FIELD: Record<OfferFormField, number> = {
  area: 0,
  type: 0,
  crypto_currency_code: 0,
  fiat_currency_code: 0,
  payment_method: 0,
  payment_method_label: 0,
  bank_accounts: 0,
  mobile_money_wallets: 0,
  price_mode: 1,
  margin: 1,
  fixed_price: 1,
  amount_mode: 1,
  range_min: 1,
  range_max: 1,
  predefined_amount: 1,
  new_buyer_limit: 1,
  payment_window: 1,
  offer_terms: 2,
  trade_details: 2,
  tags: 2,
  requirements: 2,
  is_trusted_only: 2,
  country_list_mode: 3,
  countries: 3,
  opening_hours: 3,
  timezone: 3,
  offer_cap: 3,
  gift_card_bin_codes: 3,
  card_regions: 3,
  flow_type: 3,
  custom_rate: 3,
  is_third_party_allowed: 3,
  is_gift_code_check_enabled: 3,
  is_active: 3,
};

const isFormField = (name: string): name is OfferFormField => Object.hasOwn(STEP_OF_FIELD, name);

/** The form fields a step shows (and validates before "Next"). */
export function fieldsOfStep(step: number): OfferFormField[] {
  return (Object.keys(STEP_OF_FIELD) as OfferFormField[]).filter((field) => STEP_OF_FIELD[field] === step);
}

/** The step that shows a form path (`opening_hours.2.end_time` -> availability); unknown paths: review. */
export function stepOfPath(path: string): number {
  const root = path.split('.')[0] ?? '';
  return isFormField(root) ? STEP_OF_FIELD[root] : REVIEW_STEP;
}

/** The first step holding any of these form paths, or null. */
export function firstStepWithError(paths: readonly string[]): number | null {
  const steps = paths.map(stepOfPath);
  return steps.length > 0 ? Math.min(...steps) : null;
}

/** The form paths that hold an error in react-hook-form's nested error tree (`opening_hours.1.end_time`). */
export function errorPaths(errors: FieldErrors<OfferFormValues>): string[] {
  const paths: string[] = [];
  const walk = (node: unknown, prefix: string) => {
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (typeof record.message === 'string' || typeof record.type === 'string') {
      paths.push(prefix);
      return;
    }
    for (const [key, value] of Object.entries(record)) {
      if (key === 'ref') continue;
      walk(value, prefix ? `${prefix}.${key}` : key);
    }
  };
  walk(errors, '');
  return paths.map((path) => path.replace(/\.root$/, ''));
}

// --- server field names -> form paths -----------------------------------------------------------------

/** List fields whose items the form edits as one input: an item's problem belongs to the whole input. */
const LIST_FIELDS = [
  'predefined_amount',
  'tags',
  'countries',
  'gift_card_bin_codes',
  'card_regions',
  'bank_accounts',
  'mobile_money_wallets',
];

/**
 * Where a body field named by the server's 422 details (or a contract issue path) is shown in the form:
 * `predefined_amount.2` -> `predefined_amount`, `offer_cap` -> `offer_cap.amount`, any requirement ->
 * the minimum-trades input (the only requirement with a value). `null` for names the form does not show.
 */
export function formPathOfBodyField(field: string): string | null {
  const [root = '', ...rest] = field.split('.');
  if (LIST_FIELDS.includes(root)) return root;
  if (root === 'requirements') return 'requirements.min_trades';
  if (root === 'offer_cap') return 'offer_cap.amount';
  if (root === 'opening_hours') {
    const [index, key] = rest;
    if (index !== undefined && /^\d+$/.test(index)) {
      return key === 'start_time' ? `opening_hours.${index}.start_time` : `opening_hours.${index}.end_time`;
    }
    return 'opening_hours';
  }
  return isFormField(root) && rest.length === 0 ? root : null;
}

// --- values <-> body ----------------------------------------------------------------------------------

/** The spec's requirement types from the form's checkboxes (ID and name together: VerifyIAndShowFullName). */
export function requirementsToBody(values: RequirementsValues): OfferBodyInput['requirements'] {
  const list: NonNullable<OfferBodyInput['requirements']> = [];
  if (values.verified_id && values.full_name) list.push({ type: 'VerifyIAndShowFullName' });
  else if (values.verified_id) list.push({ type: 'VerifyId' });
  else if (values.full_name) list.push({ type: 'ShowFullName' });
  if (values.min_trades_on) {
    const text = values.min_trades.trim();
    // A whole number goes as a number; anything else as typed, for the schema to refuse.
    list.push({ type: 'RemainingTrades', value: /^\d{1,9}$/.test(text) ? Number(text) : text });
  }
  if (values.vpn) list.push({ type: 'Vpn' });
  return list;
}

export function requirementsFromBody(
  list: readonly { type: TraderRequirement; value?: number }[],
): RequirementsValues {
  const has = (type: TraderRequirement) => list.some((entry) => entry.type === type);
  const remaining = list.find((entry) => entry.type === 'RemainingTrades');
  return {
    verified_id: has('VerifyId') || has('VerifyIAndShowFullName'),
    full_name: has('ShowFullName') || has('VerifyIAndShowFullName'),
    min_trades_on: remaining !== undefined,
    min_trades: remaining?.value === undefined ? '' : String(remaining.value),
    vpn: has('Vpn'),
  };
}

/**
 * The request body (`POST /rest/v1/my-offers`, `PUT /rest/v1/my-offers/{id}`) from the form. Exactly one
 * of margin and fixed price, and of range and predefined amounts, is sent; optional values left blank
 * are left out; fields the chosen method does not take (BIN codes, card regions, the gift code check)
 * are sent empty, so a value typed for an earlier method never reaches the server. The same holds for the
 * receiving accounts: a sell offer sends the list its group takes and the other one empty (an account
 * chosen for an earlier method must not stay attached); a buy offer sends neither (the server refuses
 * them there and drops any left over), nor does an offer whose method the catalogue has not named yet.
 */
export function toOfferBody(values: OfferFormValues, method: OfferMethodContext | null): OfferBodyInput {
  const text = (value: string) => value.trim();
  const windowText = text(values.payment_window);
  const body: OfferBodyInput = {
    area: values.area,
    type: values.type,
    crypto_currency_code: values.crypto_currency_code,
    fiat_currency_code: values.fiat_currency_code,
    payment_method: values.payment_method,
    payment_method_label: text(values.payment_method_label),
    payment_window: /^\d{1,9}$/.test(windowText) ? Number(windowText) : windowText,
    offer_terms: values.offer_terms,
    trade_details: values.trade_details,
    tags: values.tags,
    requirements: requirementsToBody(values.requirements),
    is_trusted_only: values.is_trusted_only,
    country_list_mode: values.country_list_mode,
    countries: values.country_list_mode === 'all' ? [] : values.countries,
    opening_hours: values.opening_hours.map((hour) => ({ ...hour })),
    timezone: values.timezone,
    gift_card_bin_codes: method && !method.isBinCodeEnabled ? [] : values.gift_card_bin_codes.map(text),
    card_regions: method && !method.isGiftCard ? [] : values.card_regions,
    flow_type: values.flow_type,
    is_third_party_allowed: values.is_third_party_allowed,
    is_gift_code_check_enabled: method && !method.isGiftCard ? false : values.is_gift_code_check_enabled,
    is_active: values.is_active,
  };
  if (values.price_mode === 'margin') body.margin = text(values.margin);
  else body.fixed_price = text(values.fixed_price);
  if (values.amount_mode === 'min_max') {
    body.range_min = text(values.range_min);
    body.range_max = text(values.range_max);
  } else {
    body.predefined_amount = values.predefined_amount.map(text);
  }
  if (values.type === 'sell' && method) {
    body.bank_accounts = method.isBankTransfer ? [...values.bank_accounts] : [];
    body.mobile_money_wallets = method.isMobileMoney ? [...values.mobile_money_wallets] : [];
  }
  if (text(values.new_buyer_limit)) body.new_buyer_limit = text(values.new_buyer_limit);
  if (text(values.custom_rate)) body.custom_rate = text(values.custom_rate);
  if (text(values.offer_cap.amount)) {
    body.offer_cap = { amount: text(values.offer_cap.amount), active: values.offer_cap.active };
  }
  return body;
}

/** The form's starting values for a new offer; `overrides` are the page's (user's currency, query). */
export function defaultOfferFormValues(overrides: Partial<OfferFormValues> = {}): OfferFormValues {
  return {
    area: 'otc',
    type: 'sell',
    crypto_currency_code: 'BTC',
    fiat_currency_code: 'USD',
    payment_method: '',
    payment_method_label: '',
    price_mode: 'margin',
    margin: '',
    fixed_price: '',
    amount_mode: 'min_max',
    range_min: '',
    range_max: '',
    predefined_amount: [],
    new_buyer_limit: '',
    payment_window: '90',
    offer_terms: '',
    trade_details: '',
    tags: [],
    requirements: { verified_id: false, full_name: false, min_trades_on: false, min_trades: '', vpn: false },
    is_trusted_only: false,
    country_list_mode: 'all',
    countries: [],
    opening_hours: [],
    timezone: 'UTC',
    offer_cap: { amount: '', active: true },
    gift_card_bin_codes: [],
    card_regions: [],
    flow_type: 'default',
    custom_rate: '',
    is_third_party_allowed: false,
    is_gift_code_check_enabled: false,
    is_active: true,
    bank_accounts: [],
    mobile_money_wallets: [],
    ...overrides,
  };
}

/** The form from a saved offer (`GET /rest/v1/my-offers/{id}`'s body): the inverse of toOfferBody. */
export function formFromBody(body: SavedOfferBody): OfferFormValues {
  const isPredefined = (body.predefined_amount?.length ?? 0) > 0;
  return {
    area: body.area,
    type: body.type,
    crypto_currency_code: body.crypto_currency_code,
    fiat_currency_code: body.fiat_currency_code,
    payment_method: body.payment_method,
    payment_method_label: body.payment_method_label,
    price_mode: body.fixed_price !== undefined && body.margin === undefined ? 'fixed' : 'margin',
    margin: body.margin === undefined ? '' : trimMargin(body.margin),
    fixed_price: body.fixed_price ?? '',
    amount_mode: isPredefined ? 'predefined' : 'min_max',
    range_min: isPredefined ? '' : (body.range_min ?? ''),
    range_max: isPredefined ? '' : (body.range_max ?? ''),
    predefined_amount: isPredefined ? [...(body.predefined_amount ?? [])] : [],
    new_buyer_limit: body.new_buyer_limit ?? '',
    payment_window: String(body.payment_window),
    offer_terms: body.offer_terms,
    trade_details: body.trade_details,
    tags: [...body.tags],
    requirements: requirementsFromBody(body.requirements),
    is_trusted_only: body.is_trusted_only,
    country_list_mode: body.country_list_mode,
    countries: [...body.countries],
    opening_hours: body.opening_hours.map((hour) => ({ ...hour })),
    timezone: body.timezone,
    offer_cap: body.offer_cap
      ? { amount: body.offer_cap.amount, active: body.offer_cap.active }
      : { amount: '', active: true },
    gift_card_bin_codes: [...body.gift_card_bin_codes],
    card_regions: [...body.card_regions],
    flow_type: body.flow_type,
    custom_rate: body.custom_rate ?? '',
    is_third_party_allowed: body.is_third_party_allowed,
    is_gift_code_check_enabled: body.is_gift_code_check_enabled,
    is_active: body.is_active,
    bank_accounts: [...body.bank_accounts],
    mobile_money_wallets: [...body.mobile_money_wallets],
  };
}

/** `2.5000` (the stored NUMERIC(10,4)) -> `2.5`, as the owner typed it. */
export function trimMargin(margin: string): string {
  return margin.includes('.') ? margin.replace(/\.?0+$/, '') : margin;
}

// --- the lite flow --------------------------------------------------------------------------------------

/** What the lite editor changes; everything else of the loaded body is sent back as it was. */
export const LITE_FIELDS = [
  'price_mode',
  'margin',
  'fixed_price',
  'amount_mode',
  'range_min',
  'range_max',
  'predefined_amount',
  'new_buyer_limit',
  'payment_window',
  'is_active',
] as const satisfies readonly OfferFormField[];

/**
 * The loaded body with the lite editor's values on top: price (margin or fixed), amounts (range or
 * predefined), new-buyer maximum, payment window and the active flag. Nothing else changes.
 */
export function applyLiteChanges(body: SavedOfferBody, values: OfferFormValues): OfferBodyInput {
  const next: OfferBodyInput = { ...body };
  delete next.margin;
  delete next.fixed_price;
  delete next.range_min;
  delete next.range_max;
  delete next.predefined_amount;
  delete next.new_buyer_limit;
  const changed = toOfferBody(values, null);
  return {
    ...next,
    ...(changed.margin !== undefined ? { margin: changed.margin } : { fixed_price: changed.fixed_price }),
    ...(changed.predefined_amount !== undefined
      ? { predefined_amount: changed.predefined_amount }
      : { range_min: changed.range_min, range_max: changed.range_max }),
    ...(changed.new_buyer_limit !== undefined ? { new_buyer_limit: changed.new_buyer_limit } : {}),
    payment_window: changed.payment_window,
    is_active: changed.is_active,
  };
}

// --- validation -----------------------------------------------------------------------------------------

/** A margin as the contract takes it (`-2.5`, `3`): sign, up to 6 digits, up to 4 decimals. */
export const MARGIN_PATTERN = /^-?\d{1,6}(\.\d{1,4})?$/;
const POSITIVE_DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;
const BIN_CODE = /^\d{6,8}$/;
const BIN_CODES_MAX = 50;
const TAGS_MAX = 10;
/** Fiat precision assumed while the currency is unknown (the server checks the real one). */
const UNKNOWN_PRECISION = 8;

/**
 * The codes the form's own checks put in an issue's message; offer-errors.ts says them in words. Server
 * details carry the server's codes (some are the same: `min_greater_than_max`, `countries_required`).
 */
export type OfferFormIssue =
  | 'required'
  | 'invalid_margin'
  | 'not_a_number'
  | 'too_many_decimals'
  | 'not_positive'
  | 'too_large'
  | 'margin_out_of_bounds'
  | 'fixed_price_out_of_bounds'
  | 'amount_too_large'
  | 'min_greater_than_max'
  | 'too_many_amounts'
  | 'new_buyer_limit_too_low'
  | 'payment_window_range'
  | 'too_long'
  | 'too_many_tags'
  | 'min_trades_range'
  | 'countries_required'
  | 'end_before_start'
  | 'invalid_bin'
  | 'too_many_bin_codes'
  | 'positive_number';

/** `args`: the numbers the sentence names (the bounds), carried in the message after the code. */
type Issue = { path: string; code: OfferFormIssue; args?: string[] };

/** An issue's message: its code, then its numbers (`margin_out_of_bounds:-50:200`); offer-errors.ts reads it. */
export const issueMessage = (issue: Pick<Issue, 'code' | 'args'>): string =>
  [issue.code, ...(issue.args ?? [])].join(':');

/** The amount rule of the server (`parseAmount` with the currency's precision), as an issue code or null. */
function amountIssue(value: string, precision: number): OfferFormIssue | null {
  const parsed = parseAmount(value.trim(), precision);
  return parsed.ok ? null : parsed.code;
}

/**
 * The form's checks, as issues on form paths. They mirror the server's rules; the margin bounds and the
 * USD ceiling are judged with the contract's functions against the bounds the server itself applies
 * (`ctx.bounds`). Tags, countries and accounts need the server's data: its 422 answers name them.
 */
export function offerFormIssues(values: OfferFormValues, ctx: OfferFormContext): Issue[] {
  const issues: Issue[] = [];
  const add = (path: string, code: OfferFormIssue, args?: string[]) =>
    issues.push(args ? { path, code, args } : { path, code });
  const precision = ctx.fiatPrecision ?? UNKNOWN_PRECISION;
  const bounds = ctx.bounds ?? null;
  const marginArgs = bounds ? [String(bounds.rules.marginMin), String(bounds.rules.marginMax)] : [];
  const ceiling = bounds ? offerAmountCeiling(bounds.rules.maxLimitUsd, bounds.usdFiat) : null;
  const overCeiling = (value: string) =>
    ceiling !== null && compareDecimals(parseDecimal(value.trim()), ceiling) > 0;
  const ceilingArgs = bounds ? [String(bounds.rules.maxLimitUsd)] : [];
  const amount = (path: string, value: string) => {
    if (!value.trim()) add(path, 'required');
    else {
      const code = amountIssue(value, precision);
      if (code) add(path, code);
    }
  };

  if (!values.crypto_currency_code) add('crypto_currency_code', 'required');
  if (!values.fiat_currency_code) add('fiat_currency_code', 'required');
  if (!values.payment_method) add('payment_method', 'required');
  if (values.payment_method_label.trim().length > OFFER_LABEL_MAX) add('payment_method_label', 'too_long');

  if (values.price_mode === 'margin') {
    if (!values.margin.trim()) add('margin', 'required');
    else if (!MARGIN_PATTERN.test(values.margin.trim())) add('margin', 'invalid_margin');
    else if (bounds && !isMarginWithinBounds(parseDecimal(values.margin.trim()), bounds.rules)) {
      add('margin', 'margin_out_of_bounds', marginArgs);
    }
  } else {
    amount('fixed_price', values.fixed_price);
    const price = values.fixed_price.trim();
    if (
      price &&
      bounds?.market &&
      !amountIssue(price, precision) &&
      !isMarginWithinBounds(impliedMargin(price, bounds.market), bounds.rules)
    ) {
      add('fixed_price', 'fixed_price_out_of_bounds', [...marginArgs, bounds.market]);
    }
  }

  let minimum: string | null = null;
  if (values.amount_mode === 'min_max') {
    amount('range_min', values.range_min);
    amount('range_max', values.range_max);
    const [min, max] = [values.range_min.trim(), values.range_max.trim()];
    if (min && max && !amountIssue(min, precision) && !amountIssue(max, precision)) {
      minimum = min;
      if (compareDecimals(parseDecimal(min), parseDecimal(max)) > 0) add('range_max', 'min_greater_than_max');
    }
    if (max && !amountIssue(max, precision) && overCeiling(max)) {
      add('range_max', 'amount_too_large', ceilingArgs);
    }
  } else {
    const amounts = values.predefined_amount.map((value) => value.trim()).filter(Boolean);
    if (amounts.length === 0) add('predefined_amount', 'required');
    else if (amounts.length > PREDEFINED_AMOUNTS_MAX) add('predefined_amount', 'too_many_amounts');
    else {
      const code = amounts.map((value) => amountIssue(value, precision)).find((c) => c !== null);
      if (code) add('predefined_amount', code);
      else if (amounts.some(overCeiling)) add('predefined_amount', 'amount_too_large', ceilingArgs);
      else {
        minimum = amounts.reduce((a, b) => (compareDecimals(parseDecimal(b), parseDecimal(a)) < 0 ? b : a));
      }
    }
  }
  if (values.new_buyer_limit.trim()) {
    const code = amountIssue(values.new_buyer_limit, precision);
    if (code) add('new_buyer_limit', code);
    else if (
      minimum !== null &&
      compareDecimals(parseDecimal(values.new_buyer_limit.trim()), parseDecimal(minimum)) < 0
    ) {
      add('new_buyer_limit', 'new_buyer_limit_too_low');
    }
  }
  const window = values.payment_window.trim();
  if (
    !/^\d{1,9}$/.test(window) ||
    Number(window) < PAYMENT_WINDOW_MIN ||
    Number(window) > PAYMENT_WINDOW_MAX
  ) {
    add('payment_window', 'payment_window_range');
  }

  if (values.offer_terms.length > OFFER_TEXT_MAX) add('offer_terms', 'too_long');
  if (values.trade_details.length > OFFER_TEXT_MAX) add('trade_details', 'too_long');
  if (values.tags.length > TAGS_MAX) add('tags', 'too_many_tags');
  if (values.requirements.min_trades_on) {
    const text = values.requirements.min_trades.trim();
    if (!/^\d{1,9}$/.test(text) || Number(text) < 1 || Number(text) > MIN_PAST_TRADES_MAX) {
      add('requirements.min_trades', 'min_trades_range');
    }
  }

  if (values.country_list_mode === 'allow' && values.countries.length === 0) {
    add('countries', 'countries_required');
  }
  values.opening_hours.forEach((hour, index) => {
    if (hour.start_time >= hour.end_time) add(`opening_hours.${index}.end_time`, 'end_before_start');
  });
  if (!values.timezone) add('timezone', 'required');
  if (values.offer_cap.amount.trim()) {
    const code = amountIssue(values.offer_cap.amount, precision);
    if (code) add('offer_cap.amount', code);
  }
  if (!ctx.method || ctx.method.isBinCodeEnabled) {
    if (values.gift_card_bin_codes.some((code) => !BIN_CODE.test(code.trim()))) {
      add('gift_card_bin_codes', 'invalid_bin');
    } else if (values.gift_card_bin_codes.length > BIN_CODES_MAX) {
      add('gift_card_bin_codes', 'too_many_bin_codes');
    }
  }
  if (values.custom_rate.trim() && !POSITIVE_DECIMAL.test(values.custom_rate.trim())) {
    add('custom_rate', 'positive_number');
  }
  return issues;
}

/**
 * The form's zod schema: the checks above, then the contract's `offerBodySchema` on the body the form
 * would send (a safety net: whatever the contract refuses and the checks missed is shown on its field,
 * in the contract's words). One issue per path, the form's own first.
 */
export function buildOfferFormSchema(ctx: OfferFormContext) {
  return z.custom<OfferFormValues>().superRefine((values, zctx) => {
    const seen = new Set<string>();
    const add = (path: string, message: string) => {
      if (seen.has(path)) return;
      seen.add(path);
      zctx.addIssue({ code: 'custom', path: path.split('.'), message });
    };
    for (const issue of offerFormIssues(values, ctx)) add(issue.path, issueMessage(issue));
    const parsed = offerBodySchema.safeParse(toOfferBody(values, ctx.method));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = formPathOfBodyField(issue.path.map(String).join('.'));
        if (path) add(path, issue.message);
      }
    }
  });
}

/**
 * The react-hook-form resolver. With `only`, errors outside those fields are dropped (the lite editor
 * shows a few fields of a loaded offer; the rest goes back unchanged and is the server's to judge).
 */
export function offerFormResolver(
  ctx: OfferFormContext,
  only?: readonly OfferFormField[],
): Resolver<OfferFormValues> {
  const resolve = zodResolver(buildOfferFormSchema(ctx));
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    if (!only) return result;
    const kept = Object.fromEntries(
      Object.entries(result.errors).filter(([field]) => (only as readonly string[]).includes(field)),
    );
    return Object.keys(kept).length > 0 ? { values: {}, errors: kept } : { values, errors: {} };
  };
}

/** The form paths with a problem on one step (the "Next" button's check, and its unit test). */
export function stepIssues(values: OfferFormValues, ctx: OfferFormContext, step: number): string[] {
  const parsed = buildOfferFormSchema(ctx).safeParse(values);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => issue.path.join('.')).filter((path) => stepOfPath(path) === step);
}

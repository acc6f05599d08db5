import { z } from 'zod';
import {
  electronicFormatIBAN,
  extractBIC,
  extractIBAN,
  getCountrySpecifications,
  isSEPACountry,
  isValidBIC,
  isValidIBAN,
} from 'ibantools';
import { lineString, textString } from './strings.js';

/**
 * Bank accounts (account document: section 3 "Bank account payload", section 5 "Bank account" and
 * "Bank submit", section 8 "Bank account error keys") and the banks directory's answers.
 *
 * The zod schema checks only the shape; the per-country rules are `validateBankAccount`, a pure function
 * the server and the web form share, so both report the spec's error keys on the form's own fields.
 * IBAN and BIC checks are ibantools' (checksums, per-country BBAN formats, the ISO country list), never
 * hand-written here.
 */

// --- forms and error keys ------------------------------------------------------------------------------

/**
 * Countries with their own bank form (spec section 3); a euro account elsewhere in the SEPA zone uses
 * the SEPA form, every other account the OTHER form (an international wire).
 */
export const BANK_FORM_COUNTRIES = ['NG', 'US', 'FI', 'GB', 'IN', 'RU', 'MX'] as const;
export type BankFormCountry = (typeof BANK_FORM_COUNTRIES)[number];
export type BankForm = BankFormCountry | 'SEPA' | 'OTHER';

/** SEPA credit transfers move euros only (EPC rulebook); other currencies of the zone go by wire. */
export const SEPA_CURRENCY = 'EUR';

/**
 * The form (and rules) of an account in `countryCode` holding `currencyCode`. A SEPA credit transfer
 * needs the payee's IBAN and name and nothing else (the BIC has been optional since 2016, decision
 * 0053), so a euro account in a SEPA country other than those with their own form is `SEPA`; without a
 * currency, or in another currency, it is `OTHER`.
 */
export function bankFormOf(countryCode: string, currencyCode = ''): BankForm {
  const upper = countryCode.trim().toUpperCase();
  if ((BANK_FORM_COUNTRIES as readonly string[]).includes(upper)) return upper as BankFormCountry;
  return currencyCode.trim().toUpperCase() === SEPA_CURRENCY && isSEPACountry(upper) ? 'SEPA' : 'OTHER';
}

/** Spec section 8, in the spec's order. The message texts are the web's (not shown in the spec). */
export const BANK_ACCOUNT_ERROR_KEYS = [
  'swift_code_not_correct_length',
  'account_number_not_correct_length',
  'bank_id_not_correct_length',
  'account_holder_name_not_correct_length',
  'recipient_country_of_residency_not_correct_length',
  'recipient_city_not_correct_length',
  'recipient_zip_not_correct_length',
  'recipient_address_not_correct_length',
  'routing_number_not_correct_length',
  'sort_code_not_correct_length',
  'account_number_non_unique',
  'swift_code_not_unique',
  'bank_id_not_exist',
  'country_doesnt_match',
  'iban_dont_match_swift_code',
  'swift_not_match_country',
  'swift_code_invalid',
  'account_number_invalid',
  'bank_id_invalid',
  'account_holder_name_invalid',
  'recipient_country_of_residency_invalid',
  'error_recipient_state_country_invalid',
  'recipient_city_invalid',
  'recipient_zip_invalid',
  'recipient_address_invalid',
  'routing_number_invalid',
  'sort_code_routing_number_invalid',
  'default',
  'accountNumberRequired',
  'holderNameRequired',
  'routingNumberRequired',
  'bankRequired',
  'ifscRequired',
  'ifscInvalid',
  'clabeRequired',
  'clabeInvalid',
  'bankNameEmptyWithSwift',
  'bankNameEmptyWithoutSwift',
  'additionalInfoLength',
] as const;
export type BankAccountErrorKey = (typeof BANK_ACCOUNT_ERROR_KEYS)[number];

/**
 * The form fields an error lands on (spec section 3 "Form error fields"), plus `iban` (the UK form's
 * separate IBAN input) and `additionalInfo`, which the spec's keys need but its field list leaves out.
 */
export const BANK_ACCOUNT_FIELDS = [
  'holderName',
  'accountNumber',
  'iban',
  'routingNumber',
  'bankId',
  'ifsc',
  'clabe',
  'swiftCode',
  'bankName',
  'additionalInfo',
  'swift.residency',
  'swift.state',
  'swift.city',
  'swift.zip',
  'swift.address',
] as const;
export type BankAccountField = (typeof BANK_ACCOUNT_FIELDS)[number];
export type BankAccountError = { field: BankAccountField; key: BankAccountErrorKey };

/** Where each body key's problems are shown (the server's 422 details use the form's field names). */
export const BANK_ACCOUNT_FIELD_OF_KEY: Record<string, BankAccountField> = {
  holder_name: 'holderName',
  account_number: 'accountNumber',
  'sepa.iban': 'iban',
  routing_number: 'routingNumber',
  bank_id: 'bankId',
  ifsc: 'ifsc',
  clabe: 'clabe',
  swift_code: 'swiftCode',
  bank_name: 'bankName',
  additional_info: 'additionalInfo',
  'swift.residency': 'swift.residency',
  'swift.state': 'swift.state',
  'swift.city': 'swift.city',
  'swift.zip': 'swift.zip',
  'swift.address': 'swift.address',
};

// --- the request body ----------------------------------------------------------------------------------

/** ISO 3166 alpha-2, uppercased. */
export const isoCountryCodeSchema = lineString()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Use an ISO alpha-2 country code')
  .transform((v) => v.toUpperCase());

/**
 * An optional single-line value with a generous hard cap: the per-country rules give the precise
 * lengths with the spec's keys; the cap only keeps abuse out of the rules and the database.
 */
const optionalLine = (max: number) => lineString().trim().max(max, `At most ${max} characters`).optional();

/** The recipient's address, needed for international (SWIFT) wires: the OTHER form. */
export const bankAccountRecipientSchema = z.object({
  /** ISO alpha-2 country of the recipient's residence. */
  residency: optionalLine(64),
  state: optionalLine(140),
  city: optionalLine(140),
  zip: optionalLine(64),
  address: optionalLine(240),
});

/** `POST /rest/v1/bankaccounts` and `PUT /rest/v1/bankaccounts/{id}` (spec section 3, snake_case keys). */
export const bankAccountBodySchema = z.object({
  /** The currency paid into the account (ISO 4217, e.g. NGN). */
  fiat_currency_id: lineString()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'A currency code such as USD')
    .transform((v) => v.toUpperCase()),
  holder_name: lineString().trim().max(140, 'At most 140 characters'),
  /** Personal (spec account type User) or business (Business). */
  is_personal: z.boolean(),
  /** The bank's country: it picks the form and its rules. */
  country_id: isoCountryCodeSchema,
  swift: bankAccountRecipientSchema.optional(),
  account_number: optionalLine(64),
  sepa: z.object({ iban: optionalLine(64) }).optional(),
  /** US ABA routing number, UK sort code, Russian BIK; free for the OTHER form. */
  routing_number: optionalLine(64),
  /** A bank of the directory (`GET /rest/v1/banks`), e.g. `ng-gtbank`. */
  bank_id: optionalLine(140),
  swift_code: optionalLine(64),
  bank_name: optionalLine(140),
  ifsc: optionalLine(64),
  additional_info: textString().trim().max(2000, 'At most 2000 characters').optional(),
  clabe: optionalLine(64),
});
export type BankAccountBody = z.output<typeof bankAccountBodySchema>;
export type BankAccountBodyInput = z.input<typeof bankAccountBodySchema>;

// --- normalising -------------------------------------------------------------------------------------------

/** Account numbers and codes as typed: spaces and dashes are only grouping, letters are case-free. */
const compact = (value: string | undefined): string => (value ?? '').replace(/[\s-]+/g, '').toUpperCase();
/** Names and addresses: trimmed, inner whitespace runs collapsed. */
const squash = (value: string | undefined): string => (value ?? '').trim().replace(/\s+/g, ' ');
/** Lengths in characters as people count them (an emoji or an accented letter is one). */
const lengthOf = (value: string): number => [...value].length;
const isDigits = (value: string): boolean => /^\d+$/.test(value);

const COUNTRY_SPECS = getCountrySpecifications();
/** ibantools ships the ISO 3166 alpha-2 list (with Kosovo's XK); it is our list of real countries. */
export const isKnownCountryCode = (code: string): boolean => Object.hasOwn(COUNTRY_SPECS, code);
/** Countries in the IBAN registry, where an account can be written as an IBAN. */
const hasIban = (code: string): boolean => COUNTRY_SPECS[code]?.IBANRegistry === true;

/** Two letters of an IBAN country, two check digits, then the BBAN: what "looks like an IBAN" means. */
const looksLikeIban = (value: string): boolean =>
  /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(value) && hasIban(value.slice(0, 2));

/** An IBAN's parts (ibantools' extractIBAN), or null when the checksum or national format is wrong. */
export function parseIban(value: string): {
  iban: string;
  countryCode: string;
  bban: string;
  bankIdentifier: string | null;
  branchIdentifier: string | null;
} | null {
  const iban = electronicFormatIBAN(value) ?? '';
  if (!isValidIBAN(iban)) return null;
  const parts = extractIBAN(iban);
  return {
    iban,
    countryCode: iban.slice(0, 2),
    bban: parts.bban ?? iban.slice(4),
    bankIdentifier: parts.bankIdentifier ?? null,
    branchIdentifier: parts.branchIdentifier ?? null,
  };
}

/**
 * A BIC's parts, or null when it is not a BIC of a real country. `bic8` identifies the institution:
 * the branch `XXX` is its primary office, so `NWBKGB2L` and `NWBKGB2LXXX` are the same bank.
 */
export function parseBic(
  value: string,
): { bic: string; bic8: string; bankCode: string; countryCode: string; branchCode: string | null } | null {
  const bic = compact(value);
  if ((bic.length !== 8 && bic.length !== 11) || !isValidBIC(bic)) return null;
  const parts = extractBIC(bic);
  return {
    bic,
    bic8: bic.slice(0, 8),
    bankCode: parts.bankCode ?? bic.slice(0, 4),
    countryCode: parts.countryCode ?? bic.slice(4, 6),
    branchCode: parts.branchCode && parts.branchCode !== 'XXX' ? parts.branchCode : null,
  };
}

// --- check digits --------------------------------------------------------------------------------------

function weightedSum(digits: string, weights: readonly number[], eachModTen = false): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const product = Number(digits[i]) * (weights[i % weights.length] ?? 0);
    sum += eachModTen ? product % 10 : product;
  }
  return sum;
}

/**
 * US ABA routing number: 9 digits, weights 3-7-1 summing to a multiple of 10, and a first pair the
 * Federal Reserve assigns (00-12 banks, 21-32 thrifts, 61-72 electronic, 80 traveller's cheques).
 */
export function isValidAbaRouting(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const prefix = Number(value.slice(0, 2));
  const assigned =
    prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
  return assigned && weightedSum(value, [3, 7, 1]) % 10 === 0;
}

/** Mexican CLABE: 18 digits, the last one the Banxico check digit (weights 3-7-1, each product mod 10). */
export function isValidClabe(value: string): boolean {
  if (!/^\d{18}$/.test(value)) return false;
  const check = (10 - (weightedSum(value.slice(0, 17), [3, 7, 1], true) % 10)) % 10;
  return check === Number(value[17]);
}

/** Indian IFSC: 4 letters of the bank, a zero reserved by RBI, 6 characters of the branch. */
export const isValidIfsc = (value: string): boolean => /^[A-Z]{4}0[A-Z0-9]{6}$/.test(value);

/**
 * Russian account control key (Bank of Russia's rule): the 3-digit conditional number of the
 * institution, then the 20-digit account, weights 7-1-3 repeated; the sum must end in 0. A client's
 * account at a bank takes the BIK's last three digits. A correspondent account (balance account 30101)
 * is kept by a Bank of Russia division, whose conditional number is "0" and the BIK's 5th-6th digits:
 * that is why Sberbank's 30101810400000000225 checks out against BIK 044525225.
 */
export function isValidRuAccount(bik: string, account: string): boolean {
  if (!/^\d{9}$/.test(bik) || !/^\d{20}$/.test(account)) return false;
  const institution = account.startsWith('30101') ? `0${bik.slice(4, 6)}` : bik.slice(6);
  return weightedSum(institution + account, [7, 1, 3]) % 10 === 0;
}

/**
 * Nigerian NUBAN (CBN): 9 serial digits and a check digit over the bank code and the serial, weights
 * 3-7-3 repeated, check = 10 - (sum mod 10), 10 becoming 0. The 2020 revision uses 6-digit institution
 * codes; a deposit bank's 3-digit code is the same code with three leading zeros, which add nothing.
 */
export function isValidNuban(bankCode: string, accountNumber: string): boolean {
  if (!/^(\d{3}|\d{6})$/.test(bankCode) || !/^\d{10}$/.test(accountNumber)) return false;
  const digits = bankCode.padStart(6, '0') + accountNumber.slice(0, 9);
  const check = (10 - (weightedSum(digits, [3, 7, 3]) % 10)) % 10;
  return check === Number(accountNumber[9]);
}

/** The ISO 4217 numeric codes Russian account numbers carry in digits 6-8 (roubles keep the old 810). */
const RU_ACCOUNT_CURRENCY: Record<string, readonly string[]> = {
  RUB: ['810', '643'],
  USD: ['840'],
  EUR: ['978'],
  CNY: ['156'],
};

/** USPS codes: the states, DC and the territories. A US recipient's address needs one of them. */
const US_STATES = new Set(
  (
    'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND ' +
    'OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC AS GU MP PR VI'
  ).split(' '),
);

// --- the rules -----------------------------------------------------------------------------------------

export type BankAccountRuleOptions = {
  /**
   * The banks directory: a bank id's national code (NG: the CBN code), `null` for a bank without one,
   * `undefined` for an unknown id. Without it the id is only checked for shape; with it an unknown id
   * is `bank_id_not_exist` and a Nigerian account number gets the NUBAN check digit test.
   */
  bankCodeOf?: (bankId: string) => string | null | undefined;
};

type Add = (field: BankAccountField, key: BankAccountErrorKey) => void;

/**
 * The per-country rules (spec sections 3, 5 and 8), on a body the zod schema accepted. One error per
 * field, the first found: a form shows one message under each input.
 */
export function validateBankAccount(
  body: BankAccountBody,
  options: BankAccountRuleOptions = {},
): BankAccountError[] {
  const errors = new Map<BankAccountField, BankAccountErrorKey>();
  const add: Add = (field, key) => {
    if (!errors.has(field)) errors.set(field, key);
  };
  const country = body.country_id.trim().toUpperCase();
  const form = bankFormOf(country, body.fiat_currency_id);
  const account = compact(body.account_number);
  const swiftCode = compact(body.swift_code);

  checkHolderName(squash(body.holder_name), body.is_personal, add);
  // Mexico's account number is the CLABE (spec section 5); everywhere else the number is the account.
  if (form !== 'MX' && account === '') add('accountNumber', 'accountNumberRequired');

  switch (form) {
    case 'NG':
      checkNigeria(body, account, add, options);
      break;
    case 'US':
      checkUnitedStates(body, account, add);
      break;
    case 'GB':
      checkUnitedKingdom(body, account, add);
      break;
    case 'FI':
      // Finland has used IBANs only since 2011: the account number is the IBAN.
      if (account) checkIbanAccount(account, country, 'accountNumber', add);
      break;
    case 'IN':
      checkIndia(body, account, add);
      break;
    case 'RU':
      checkRussia(body, account, add);
      break;
    case 'MX':
      checkMexico(body, add);
      break;
    case 'SEPA':
      // The IBAN is the account: valid and of the account's country. The BIC and the bank's name are
      // optional (the server fills them in from the IBAN when the directory knows the bank).
      if (account) checkIbanAccount(account, country, 'accountNumber', add);
      break;
    case 'OTHER':
      checkOther(body, country, account, swiftCode, add);
      break;
  }

  if (form !== 'NG') checkBankId(body.bank_id, country, add, options);
  // A BIC, wherever it is given, must be a real one of the account's country.
  if (swiftCode) checkSwiftCode(swiftCode, country, add);
  const iban = form === 'GB' ? compact(body.sepa?.iban) : looksLikeIban(account) ? account : '';
  if (iban && swiftCode) checkIbanAgainstSwift(iban, swiftCode, add);

  if (lengthOf((body.additional_info ?? '').trim()) > 500) add('additionalInfo', 'additionalInfoLength');
  return [...errors].map(([field, key]) => ({ field, key }));
}

/**
 * Names as banks match them: 2-100 characters. A person's name is letters (any script, with accents),
 * spaces, dots, hyphens and apostrophes (phones type the typographic ’); a business name may also carry
 * digits and `&,()/` ("3M Ltd", "Smith & Sons, LLC"), which banks print on company accounts.
 */
function checkHolderName(name: string, isPersonal: boolean, add: Add) {
  if (name === '') return add('holderName', 'holderNameRequired');
  const length = lengthOf(name);
  if (length < 2 || length > 100) return add('holderName', 'account_holder_name_not_correct_length');
  const allowed = isPersonal ? /^[\p{L}\p{M} .'’-]+$/u : /^[\p{L}\p{M}\p{N} .'’&,()/-]+$/u;
  if (!allowed.test(name) || !/\p{L}/u.test(name)) add('holderName', 'account_holder_name_invalid');
}

/** Digits only, within a length range: the common shape of domestic account numbers. */
function checkDigitsAccount(account: string, min: number, max: number, add: Add): boolean {
  if (!account) return false;
  if (!isDigits(account)) {
    add('accountNumber', 'account_number_invalid');
    return false;
  }
  if (account.length < min || account.length > max) {
    add('accountNumber', 'account_number_not_correct_length');
    return false;
  }
  return true;
}

/** NG: a 10-digit NUBAN at a bank picked from the directory (the check digit needs the bank's code). */
function checkNigeria(body: BankAccountBody, account: string, add: Add, options: BankAccountRuleOptions) {
  const bankId = (body.bank_id ?? '').trim();
  if (!bankId) add('bankId', 'bankRequired');
  const bankCode = bankId ? checkBankId(bankId, 'NG', add, options) : undefined;
  if (!checkDigitsAccount(account, 10, 10, add)) return;
  if (bankCode && /^(\d{3}|\d{6})$/.test(bankCode) && !isValidNuban(bankCode, account)) {
    add('accountNumber', 'account_number_invalid');
  }
}

/** US: account numbers run 4-17 digits (ACH's field is 17); the ABA routing number is required. */
function checkUnitedStates(body: BankAccountBody, account: string, add: Add) {
  checkDigitsAccount(account, 4, 17, add);
  const routing = compact(body.routing_number);
  if (!routing) return add('routingNumber', 'routingNumberRequired');
  if (!isDigits(routing)) return add('routingNumber', 'routing_number_invalid');
  if (routing.length !== 9) return add('routingNumber', 'routing_number_not_correct_length');
  if (!isValidAbaRouting(routing)) add('routingNumber', 'routing_number_invalid');
}

/**
 * GB: a 6-digit sort code (written 20-00-00) and an 8-digit account number, Faster Payments' format
 * (banks pad shorter numbers with leading zeros). The IBAN is optional; when given it must be a valid
 * GB IBAN built from the same sort code and account: GBkk BBBB SSSSSS AAAAAAAA.
 */
function checkUnitedKingdom(body: BankAccountBody, account: string, add: Add) {
  const accountOk = checkDigitsAccount(account, 8, 8, add);
  const sortCode = compact(body.routing_number);
  let sortCodeOk = false;
  if (!sortCode) add('routingNumber', 'routingNumberRequired');
  else if (!isDigits(sortCode)) add('routingNumber', 'sort_code_routing_number_invalid');
  else if (sortCode.length !== 6) add('routingNumber', 'sort_code_not_correct_length');
  else sortCodeOk = true;

  const iban = compact(body.sepa?.iban);
  if (!iban) return;
  if (iban.length > 34) return add('iban', 'account_number_not_correct_length');
  const parsed = parseIban(iban);
  if (!parsed) return add('iban', 'account_number_invalid');
  if (parsed.countryCode !== 'GB') return add('iban', 'country_doesnt_match');
  if (
    (sortCodeOk && parsed.branchIdentifier !== sortCode) ||
    (accountOk && parsed.bban.slice(-8) !== account)
  ) {
    add('iban', 'account_number_invalid');
  }
}

/** IN: the IFSC names the branch (required, 11 characters); account numbers run 9-18 digits. */
function checkIndia(body: BankAccountBody, account: string, add: Add) {
  checkDigitsAccount(account, 9, 18, add);
  const ifsc = compact(body.ifsc);
  if (!ifsc) add('ifsc', 'ifscRequired');
  else if (!isValidIfsc(ifsc)) add('ifsc', 'ifscInvalid');
}

/**
 * RU: the routing number is the BIK (9 digits, Russia's "04" first); the 20-digit account carries the
 * Bank of Russia control key, computed with the BIK, and in digits 6-8 the account's currency.
 */
function checkRussia(body: BankAccountBody, account: string, add: Add) {
  const bik = compact(body.routing_number);
  let bikOk = false;
  if (!bik) add('routingNumber', 'routingNumberRequired');
  else if (!isDigits(bik)) add('routingNumber', 'routing_number_invalid');
  else if (bik.length !== 9) add('routingNumber', 'routing_number_not_correct_length');
  else if (!bik.startsWith('04')) add('routingNumber', 'routing_number_invalid');
  else bikOk = true;

  if (!checkDigitsAccount(account, 20, 20, add)) return;
  const currencies = RU_ACCOUNT_CURRENCY[body.fiat_currency_id.toUpperCase()];
  if (
    (bikOk && !isValidRuAccount(bik, account)) ||
    (currencies && !currencies.includes(account.slice(5, 8)))
  ) {
    add('accountNumber', 'account_number_invalid');
  }
}

/** MX: the CLABE is the account (spec: exactly 18 characters), with its check digit. */
function checkMexico(body: BankAccountBody, add: Add) {
  const clabe = compact(body.clabe);
  if (!clabe) add('clabe', 'clabeRequired');
  else if (!isValidClabe(clabe)) add('clabe', 'clabeInvalid');
}

/**
 * OTHER: an international wire needs the bank's BIC and name and the recipient's address. Account
 * numbers are up to 34 letters and digits (the IBAN's maximum); SEPA countries use IBANs only, and in
 * other IBAN countries a number written as an IBAN must be a valid one.
 */
function checkOther(body: BankAccountBody, country: string, account: string, swiftCode: string, add: Add) {
  if (account) {
    if (account.length > 34) add('accountNumber', 'account_number_not_correct_length');
    else if (!/^[A-Z0-9]+$/.test(account)) add('accountNumber', 'account_number_invalid');
    else if (isSEPACountry(country) || looksLikeIban(account)) {
      checkIbanAccount(account, country, 'accountNumber', add);
    }
  }
  if (!swiftCode) add('swiftCode', 'swift_code_not_correct_length');
  if (!squash(body.bank_name)) {
    add('bankName', swiftCode ? 'bankNameEmptyWithSwift' : 'bankNameEmptyWithoutSwift');
  }
  checkRecipient(body.swift, add);
}

/** The recipient's address on an international wire, as correspondent banks screen it. */
function checkRecipient(recipient: BankAccountBody['swift'], add: Add) {
  const residency = compact(recipient?.residency);
  if (residency.length !== 2) add('swift.residency', 'recipient_country_of_residency_not_correct_length');
  else if (!isKnownCountryCode(residency)) add('swift.residency', 'recipient_country_of_residency_invalid');

  // A state is optional, except for a US address, which needs a USPS code.
  const state = squash(recipient?.state);
  if (
    residency === 'US'
      ? !US_STATES.has(state.toUpperCase())
      : state && !/^[\p{L}\p{M} .'-]{1,100}$/u.test(state)
  ) {
    add('swift.state', 'error_recipient_state_country_invalid');
  }

  const city = squash(recipient?.city);
  if (lengthOf(city) < 2 || lengthOf(city) > 100) add('swift.city', 'recipient_city_not_correct_length');
  else if (!/^[\p{L}\p{M} .'()-]+$/u.test(city)) add('swift.city', 'recipient_city_invalid');

  // Postcodes are 3-10 characters in every country that has them (letters, digits, a space or dash).
  const zip = squash(recipient?.zip);
  if (zip.length < 2 || zip.length > 16) add('swift.zip', 'recipient_zip_not_correct_length');
  else if (!/^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(zip)) add('swift.zip', 'recipient_zip_invalid');

  const address = squash(recipient?.address);
  if (lengthOf(address) < 5 || lengthOf(address) > 140) {
    add('swift.address', 'recipient_address_not_correct_length');
  } else if (!/^[\p{L}\p{M}\p{N} ,.'#/&()-]+$/u.test(address) || !/\p{L}/u.test(address)) {
    add('swift.address', 'recipient_address_invalid');
  }
}

/** An account number that is an IBAN: valid checksum and national format, and of the account's country. */
function checkIbanAccount(value: string, country: string, field: BankAccountField, add: Add) {
  if (value.length > 34) return add(field, 'account_number_not_correct_length');
  const parsed = parseIban(value);
  if (!parsed) return add(field, 'account_number_invalid');
  if (parsed.countryCode !== country) add(field, 'country_doesnt_match');
}

/**
 * A directory bank id (`ng-gtbank`): its shape, its country, and with the directory at hand whether it
 * exists. Answers the bank's national code when known.
 */
function checkBankId(
  value: string | undefined,
  country: string,
  add: Add,
  options: BankAccountRuleOptions,
): string | undefined {
  const bankId = (value ?? '').trim();
  if (!bankId) return undefined;
  if (lengthOf(bankId) > 64) return void add('bankId', 'bank_id_not_correct_length');
  if (!/^[a-z]{2}-[a-z0-9]+(-[a-z0-9]+)*$/.test(bankId)) return void add('bankId', 'bank_id_invalid');
  if (bankId.slice(0, 2).toUpperCase() !== country) return void add('bankId', 'country_doesnt_match');
  if (!options.bankCodeOf) return undefined;
  const code = options.bankCodeOf(bankId);
  if (code === undefined) add('bankId', 'bank_id_not_exist');
  return code ?? undefined;
}

/** 8 or 11 characters, a real BIC (ibantools), of the account's country. */
function checkSwiftCode(swiftCode: string, country: string, add: Add) {
  if (swiftCode.length !== 8 && swiftCode.length !== 11) {
    return add('swiftCode', 'swift_code_not_correct_length');
  }
  const bic = parseBic(swiftCode);
  if (!bic) return add('swiftCode', 'swift_code_invalid');
  if (bic.countryCode !== country) add('swiftCode', 'swift_not_match_country');
}

/**
 * An IBAN and a BIC of different countries cannot be the same account's. Where the IBAN's bank code is
 * the BIC's first four letters (GB, NL, IE and others), those must be equal too.
 */
function checkIbanAgainstSwift(iban: string, swiftCode: string, add: Add) {
  const parsedIban = parseIban(iban);
  const bic = parseBic(swiftCode);
  if (!parsedIban || !bic) return;
  const letterBankCode = /^[A-Z]{4}$/.test(parsedIban.bankIdentifier ?? '')
    ? parsedIban.bankIdentifier
    : null;
  if (parsedIban.countryCode !== bic.countryCode || (letterBankCode && letterBankCode !== bic.bankCode)) {
    add('swiftCode', 'iban_dont_match_swift_code');
  }
}

// --- what is stored and sent ---------------------------------------------------------------------------

/**
 * The stored form of a bank account, and what the web sends (spec section 5 "Bank submit"): numbers
 * without grouping, codes uppercased, a BIC's `XXX` primary-office branch dropped, fields the country's
 * form does not use dropped (they were never checked), and empty optional fields omitted. The UK IBAN
 * goes in `sepa.iban`; Mexico's CLABE is also the account number and there is no `sepa`; elsewhere an
 * account number that is an IBAN is also sent as `sepa.iban`. Idempotent.
 */
export function normaliseBankAccount(body: BankAccountBody): BankAccountBody {
  const country = body.country_id.trim().toUpperCase();
  const form = bankFormOf(country, body.fiat_currency_id);
  const out: BankAccountBody = {
    fiat_currency_id: body.fiat_currency_id.trim().toUpperCase(),
    holder_name: squash(body.holder_name),
    is_personal: body.is_personal,
    country_id: country,
  };
  const account = compact(body.account_number);
  const clabe = compact(body.clabe);

  if (form === 'MX') {
    if (clabe) {
      out.account_number = clabe;
      out.clabe = clabe;
    }
  } else if (account) {
    out.account_number = account;
  }
  if (form === 'GB') {
    const iban = compact(body.sepa?.iban);
    if (iban) out.sepa = { iban };
  } else if (form !== 'MX' && looksLikeIban(account)) {
    out.sepa = { iban: account };
  }

  const routing = compact(body.routing_number);
  if (routing && (form === 'US' || form === 'GB' || form === 'RU' || form === 'OTHER')) {
    out.routing_number = routing;
  }
  const ifsc = compact(body.ifsc);
  if (ifsc && form === 'IN') out.ifsc = ifsc;

  const bankId = (body.bank_id ?? '').trim().toLowerCase();
  if (bankId) out.bank_id = bankId;
  const swiftCode = compact(body.swift_code);
  if (swiftCode) {
    out.swift_code = swiftCode.length === 11 && swiftCode.endsWith('XXX') ? swiftCode.slice(0, 8) : swiftCode;
  }
  const bankName = squash(body.bank_name);
  if (bankName) out.bank_name = bankName;
  const additionalInfo = (body.additional_info ?? '').trim();
  if (additionalInfo) out.additional_info = additionalInfo;

  if (form === 'OTHER' && body.swift) {
    const residency = compact(body.swift.residency);
    const state = squash(body.swift.state);
    const recipient = {
      residency,
      // A US state is its USPS code, which the rules compare uppercased.
      state: residency === 'US' ? state.toUpperCase() : state,
      city: squash(body.swift.city),
      zip: squash(body.swift.zip).toUpperCase(),
      address: squash(body.swift.address),
    };
    const kept = Object.fromEntries(Object.entries(recipient).filter(([, value]) => value !== ''));
    if (Object.keys(kept).length > 0) out.swift = kept;
  }
  return out;
}

/** The web's bank account form (camelCase, every input a string, '' when empty). */
export type BankAccountFormState = {
  countryId: string;
  fiatCurrencyId: string;
  holderName: string;
  isPersonal: boolean;
  accountNumber: string;
  /** The UK form's IBAN input; other forms take the IBAN as the account number. */
  iban: string;
  routingNumber: string;
  bankId: string;
  swiftCode: string;
  bankName: string;
  ifsc: string;
  clabe: string;
  additionalInfo: string;
  swift: { residency: string; state: string; city: string; zip: string; address: string };
};

/** What the web form sends: the same section-5 rules the server stores by (`normaliseBankAccount`). */
export function bankSubmitPayloadOf(form: BankAccountFormState): BankAccountBody {
  return normaliseBankAccount({
    fiat_currency_id: form.fiatCurrencyId,
    holder_name: form.holderName,
    is_personal: form.isPersonal,
    country_id: form.countryId,
    account_number: form.accountNumber,
    sepa: { iban: form.iban },
    routing_number: form.routingNumber,
    bank_id: form.bankId,
    swift_code: form.swiftCode,
    bank_name: form.bankName,
    ifsc: form.ifsc,
    clabe: form.clabe,
    additional_info: form.additionalInfo,
    swift: { ...form.swift },
  });
}

/** The routing number's label (spec section 5: sort code for the UK, BIK for Russia; IFSC in India). */
export function routingLabelOf(countryCode: string): 'sortCode' | 'bik' | 'ifsc' | 'routingNumber' {
  switch (countryCode.trim().toUpperCase()) {
    case 'GB':
      return 'sortCode';
    case 'RU':
      return 'bik';
    case 'IN':
      return 'ifsc';
    default:
      return 'routingNumber';
  }
}

/**
 * An account number for lists: only the last 4 characters (`•••• 1234`). A short number keeps only its
 * last 2, since 4 of 6 would all but show it; the dots never tell the length.
 */
export function maskAccountNumber(value: string): string {
  const plain = value.replace(/[\s-]+/g, '');
  if (plain.length <= 2) return '••••';
  return `•••• ${plain.slice(plain.length <= 6 ? -2 : -4)}`;
}

// --- the banks directory -------------------------------------------------------------------------------

/** `GET /rest/v1/banks` answers at most this many banks (spec section 9: bank list limit 1000). */
export const BANKS_LIMIT_MAX = 1000;

/** A bank of the shipped directory. */
export const bankSchema = z.object({
  /** `<country>-<slug>`, e.g. `ng-gtbank`: what a bank account's `bank_id` holds. */
  id: z.string(),
  name: z.string(),
  countryCode: z.string(),
  swiftCode: z.string().nullable(),
  /**
   * The national identifier shown with the bank: CBN code (NG), routing number (US), sort code or range
   * (GB), IFSC prefix (IN), BIK (RU), CLABE bank code (MX), IBAN bank code (FI and SEPA). A lookup
   * answers the identifier it matched.
   */
  code: z.string().nullable(),
});
export type Bank = z.infer<typeof bankSchema>;

export const banksQuerySchema = z.object({
  country_id: isoCountryCodeSchema,
  limit: z.coerce.number().int().min(1).max(BANKS_LIMIT_MAX).default(BANKS_LIMIT_MAX),
});
export type BanksQuery = z.infer<typeof banksQuerySchema>;

export const bankByIbanQuerySchema = z.object({
  iban: lineString()
    .trim()
    .min(1, 'Enter the IBAN')
    .max(64, 'At most 64 characters')
    .refine((value) => parseIban(value) !== null, {
      message: 'This IBAN is not valid',
      params: { code: 'account_number_invalid' },
    }),
});

export const bankByRoutingNumberQuerySchema = z.object({
  /** ABA routing number, sort code (dashes allowed), BIK, IFSC; with `country_id` NG/MX bank codes too. */
  routing_number: lineString()
    .trim()
    .min(1, 'Enter the routing number')
    .max(34, 'At most 34 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'Letters, digits, spaces and dashes only'),
  country_id: isoCountryCodeSchema.optional(),
});

export const bankBySwiftQuerySchema = z.object({
  swift_code: lineString()
    .trim()
    .min(1, 'Enter the SWIFT code')
    .max(64, 'At most 64 characters')
    .refine((value) => [8, 11].includes(compact(value).length), {
      message: 'A SWIFT code has 8 or 11 characters',
      params: { code: 'swift_code_not_correct_length' },
      abort: true,
    })
    .refine((value) => parseBic(value) !== null, {
      message: 'This SWIFT code is not valid',
      params: { code: 'swift_code_invalid' },
    }),
});

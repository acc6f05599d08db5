import {
  BANK_ACCOUNT_FIELD_OF_KEY,
  BANK_ACCOUNT_FIELDS,
  bankAccountBodySchema,
  bankFormOf,
  bankSubmitPayloadOf,
  isValidAbaRouting,
  isValidClabe,
  isValidIfsc,
  parseBic,
  parseIban,
  validateBankAccount,
  type BankAccountDetail,
  type BankAccountField,
  type BankAccountFormState,
  type BankForm,
  type FieldError,
} from '@app/contract';
import type { BankFormErrorKey } from './bank-account-errors';

/**
 * The bank account form's pure parts: its empty and loaded states, which inputs each country's form
 * shows, which directory lookup the typed values allow, and the errors the contract's rules find.
 */

/** Every input of the form: the contract's error fields plus the two pickers. */
export type BankFormField = BankAccountField | 'countryId' | 'fiatCurrencyId';

const EMPTY_RECIPIENT: BankAccountFormState['swift'] = {
  residency: '',
  state: '',
  city: '',
  zip: '',
  address: '',
};

export function emptyBankForm(countryId = '', fiatCurrencyId = ''): BankAccountFormState {
  return {
    countryId,
    fiatCurrencyId,
    holderName: '',
    isPersonal: true,
    accountNumber: '',
    iban: '',
    routingNumber: '',
    bankId: '',
    swiftCode: '',
    bankName: '',
    ifsc: '',
    clabe: '',
    additionalInfo: '',
    swift: { ...EMPTY_RECIPIENT },
  };
}

/** The currency of the countries with their own form, when the catalogue names none. */
const CURRENCY_OF_FORM_COUNTRY: Record<string, string> = {
  GB: 'GBP',
  US: 'USD',
  NG: 'NGN',
  IN: 'INR',
  RU: 'RUB',
  MX: 'MXN',
  FI: 'EUR',
};

/** The currency a new account in this country most likely holds: the catalogue's, else ours, else none. */
export function defaultCurrencyOf(countryId: string, catalogueCurrency?: string | null): string {
  return catalogueCurrency || CURRENCY_OF_FORM_COUNTRY[countryId.toUpperCase()] || '';
}

/**
 * The inputs each form shows after the country, currency, account type and holder (spec section 3), in
 * the order shown. `bankName` on the domestic forms is where it appears when the directory does not know
 * the bank; the OTHER form always asks for it.
 */
export const FORM_FIELDS: Record<BankForm, readonly BankAccountField[]> = {
  NG: ['bankId', 'accountNumber'],
  US: ['routingNumber', 'bankName', 'accountNumber'],
  GB: ['routingNumber', 'bankName', 'accountNumber', 'iban'],
  FI: ['accountNumber', 'bankName'],
  IN: ['ifsc', 'bankName', 'accountNumber'],
  RU: ['routingNumber', 'bankName', 'accountNumber'],
  MX: ['clabe', 'bankName'],
  // A euro transfer in the SEPA zone needs the IBAN and the holder only (decision 0053); the bank's name
  // shows from the directory, and an input for it (optional) only when the directory does not know it.
  SEPA: ['accountNumber', 'bankName'],
  OTHER: [
    'swiftCode',
    'bankName',
    'accountNumber',
    'swift.residency',
    'swift.state',
    'swift.city',
    'swift.zip',
    'swift.address',
  ],
};

/** Every input of a form in screen order: where the first error is, focus goes. */
export function fieldOrderOf(form: BankForm): readonly BankFormField[] {
  return ['countryId', 'fiatCurrencyId', 'holderName', ...FORM_FIELDS[form], 'additionalInfo'];
}

/** The form of the state's country and currency (null before a country is chosen). */
export const formOfState = (state: Pick<BankAccountFormState, 'countryId' | 'fiatCurrencyId'>) =>
  state.countryId ? bankFormOf(state.countryId, state.fiatCurrencyId) : null;

/**
 * The state moved to another country or currency. Within the same form (Germany then France in euros:
 * both SEPA) what was typed stays; another form asks other things, so its inputs start empty and only
 * the holder, type and notes stay, and the account number when both forms ask for one (a German IBAN
 * typed for a euro account is still the number of a dollar account there).
 */
function withPlace(state: BankAccountFormState, next: BankAccountFormState): BankAccountFormState {
  const before = formOfState(state);
  const after = formOfState(next);
  if (before === after) return next;
  const keepsNumber =
    before !== null &&
    after !== null &&
    FORM_FIELDS[before].includes('accountNumber') &&
    FORM_FIELDS[after].includes('accountNumber');
  return {
    ...emptyBankForm(next.countryId, next.fiatCurrencyId),
    holderName: state.holderName,
    isPersonal: state.isPersonal,
    additionalInfo: state.additionalInfo,
    accountNumber: keepsNumber && state.countryId === next.countryId ? state.accountNumber : '',
  };
}

/** A new country (and its usual currency, when one is known). */
export function withCountry(
  state: BankAccountFormState,
  countryId: string,
  fiatCurrencyId: string,
): BankAccountFormState {
  return withPlace(state, { ...state, countryId, fiatCurrencyId: fiatCurrencyId || state.fiatCurrencyId });
}

/** A new currency: a euro account in the SEPA zone and a wire in dollars are different forms. */
export function withCurrency(state: BankAccountFormState, fiatCurrencyId: string): BankAccountFormState {
  return withPlace(state, { ...state, fiatCurrencyId });
}

/** A UK sort code as typed: digits only, at most 6, shown in pairs (`60-16-13`). */
export function formatSortCode(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 6);
  return digits.match(/.{1,2}/g)?.join('-') ?? '';
}

/** An account read for editing (whole numbers) as the form's state. */
export function formStateOf(account: BankAccountDetail): BankAccountFormState {
  const form = bankFormOf(account.countryCode, account.fiatCurrencyCode);
  const routing = account.routingNumber ?? '';
  return {
    countryId: account.countryCode,
    fiatCurrencyId: account.fiatCurrencyCode,
    holderName: account.holderName,
    isPersonal: account.isPersonal,
    // Mexico stores the CLABE as the account number too; its form has only the CLABE input.
    accountNumber: form === 'MX' ? '' : account.accountNumber,
    // Only the UK form has an IBAN input of its own; elsewhere the IBAN is the account number.
    iban: form === 'GB' ? (account.iban ?? '') : '',
    routingNumber: form === 'GB' ? formatSortCode(routing) : routing,
    bankId: account.bankId ?? '',
    // A SEPA account's BIC is the directory's, found from the IBAN: not the user's to keep (decision 0053).
    swiftCode: form === 'SEPA' ? '' : (account.swiftCode ?? ''),
    bankName: account.bankName,
    ifsc: account.ifsc ?? '',
    clabe: account.clabe ?? '',
    additionalInfo: account.additionalInfo,
    swift: {
      residency: account.swift?.residency ?? '',
      state: account.swift?.state ?? '',
      city: account.swift?.city ?? '',
      zip: account.swift?.zip ?? '',
      address: account.swift?.address ?? '',
    },
  };
}

const compact = (value: string): string => value.replace(/[\s-]+/g, '').toUpperCase();

/** A question for the banks directory: which endpoint, the value, and the input it is about. */
export type BankLookupRequest = {
  kind: 'iban' | 'routing' | 'swift';
  value: string;
  countryId: string;
  field: BankAccountField;
};

/**
 * The lookup the typed values allow, or null while none has the right shape (a half-typed code never
 * goes to the server): US routing number (a valid ABA number), UK sort code (6 digits), Russian BIK
 * (9 digits, `04` first), Indian IFSC, Mexican CLABE, a Finnish or SEPA IBAN, and on the OTHER form a
 * SWIFT code or else an account number written as an IBAN. Nigeria's bank is picked from the list instead.
 */
export function lookupRequestOf(state: BankAccountFormState): BankLookupRequest | null {
  const countryId = state.countryId.trim().toUpperCase();
  if (!countryId) return null;
  const routing = compact(state.routingNumber);
  const account = compact(state.accountNumber);
  const routingLookup = (value: string, field: BankAccountField): BankLookupRequest => ({
    kind: 'routing',
    value,
    countryId,
    field,
  });
  const form = bankFormOf(countryId, state.fiatCurrencyId);
  switch (form) {
    case 'US':
      return isValidAbaRouting(routing) ? routingLookup(routing, 'routingNumber') : null;
    case 'GB':
      return /^\d{6}$/.test(routing) ? routingLookup(routing, 'routingNumber') : null;
    case 'RU':
      return /^04\d{7}$/.test(routing) ? routingLookup(routing, 'routingNumber') : null;
    case 'IN':
      return isValidIfsc(compact(state.ifsc)) ? routingLookup(compact(state.ifsc), 'ifsc') : null;
    case 'MX':
      return isValidClabe(compact(state.clabe)) ? routingLookup(compact(state.clabe), 'clabe') : null;
    case 'FI':
    case 'SEPA':
      return parseIban(account) ? { kind: 'iban', value: account, countryId, field: 'accountNumber' } : null;
    case 'NG':
      return null;
    case 'OTHER': {
      const swift = compact(state.swiftCode);
      if (parseBic(swift)) return { kind: 'swift', value: swift, countryId, field: 'swiftCode' };
      return parseIban(account) ? { kind: 'iban', value: account, countryId, field: 'accountNumber' } : null;
    }
  }
}

/** Two requests ask the same thing (the field is only where the answer is shown). */
export const lookupKeyOf = (request: BankLookupRequest | null): string =>
  request ? `${request.kind}:${request.countryId}:${request.value}` : '';

const isBankAccountField = (name: string): name is BankAccountField =>
  (BANK_ACCOUNT_FIELDS as readonly string[]).includes(name);

/**
 * The form input a server detail (or a zod issue path) is about. The server names the form's fields
 * (`holderName`, `swift.city`, `fiatCurrencyId`); a schema refusal may name the body's keys instead.
 */
export function fieldOfDetail(name: string): BankFormField | undefined {
  if (name === 'countryId' || name === 'country_id') return 'countryId';
  if (name === 'fiatCurrencyId' || name === 'fiat_currency_id') return 'fiatCurrencyId';
  if (isBankAccountField(name)) return name;
  return Object.hasOwn(BANK_ACCOUNT_FIELD_OF_KEY, name) ? BANK_ACCOUNT_FIELD_OF_KEY[name] : undefined;
}

/**
 * Everything wrong with the form as it stands, one key per input: the two pickers, the contract's
 * per-country rules (`validateBankAccount` on the very payload that would be sent, so the browser and
 * the server agree), then the body schema's shape checks for what the rules leave to it.
 */
export function clientErrorsOf(state: BankAccountFormState): Map<BankFormField, BankFormErrorKey> {
  const errors = new Map<BankFormField, BankFormErrorKey>();
  if (!/^[A-Za-z]{2}$/.test(state.countryId.trim())) errors.set('countryId', 'countryRequired');
  if (!/^[A-Za-z]{3}$/.test(state.fiatCurrencyId.trim())) errors.set('fiatCurrencyId', 'currencyRequired');
  const body = bankSubmitPayloadOf(state);
  for (const { field, key } of validateBankAccount(body)) {
    if (!errors.has(field)) errors.set(field, key);
  }
  const shape = bankAccountBodySchema.safeParse(body);
  if (!shape.success) {
    for (const issue of shape.error.issues) {
      const field = fieldOfDetail(issue.path.join('.'));
      if (!field || errors.has(field)) continue;
      // The body's only custom checks are the control-character ones (`lineString`, `textString`).
      errors.set(
        field,
        issue.code === 'custom' ? 'invalidCharacters' : issue.code === 'too_big' ? 'tooLong' : 'default',
      );
    }
  }
  return errors;
}

/** What keeps an account from being deleted, from a 422 `BANK_ACCOUNT_IN_USE`: offer and trade hashes. */
export function deletionBlockersOf(details: readonly FieldError[]): { offers: string[]; trades: string[] } {
  const hashes = (field: string) =>
    details.filter((d) => d.field === field && d.message).map((d) => d.message);
  return { offers: hashes('offers'), trades: hashes('trades') };
}

/** The DOM id of an input, so the first error can take the focus. */
export const fieldInputId = (field: BankFormField): string => `bank-account-${field.replace('.', '-')}`;

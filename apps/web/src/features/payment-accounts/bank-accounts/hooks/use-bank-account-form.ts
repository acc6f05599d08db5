import {
  bankSubmitPayloadOf,
  type BankAccountBody,
  type BankAccountFormState,
  type FieldError,
} from '@app/contract';
import { useMemo, useState } from 'react';
import { useBankLookup, type BankLookup } from '../api/banks';
import {
  serverFieldErrorOf,
  type BankFormErrorKey,
  type ServerFieldError,
} from '../utils/bank-account-errors';
import {
  clientErrorsOf,
  fieldOfDetail,
  fieldOrderOf,
  formOfState,
  lookupKeyOf,
  lookupRequestOf,
  withCountry,
  withCurrency,
  type BankFormField,
} from '../utils/bank-form';

/** What a field shows under it: the rules' key, or the server's refusal. */
export type FieldProblem =
  { kind: 'client'; key: BankFormErrorKey } | { kind: 'server'; error: ServerFieldError };

type TextField = Exclude<BankFormField, 'countryId' | 'fiatCurrencyId'>;

function setPath(state: BankAccountFormState, field: TextField, value: string): BankAccountFormState {
  if (field.startsWith('swift.')) {
    const key = field.slice('swift.'.length) as keyof BankAccountFormState['swift'];
    return { ...state, swift: { ...state.swift, [key]: value } };
  }
  return { ...state, [field]: value };
}

/**
 * The bank account form's state and checks. The contract's rules run on every change, over the payload
 * that would be sent; a field shows its error once it was left (touched) or after a submit attempt. The
 * server's 422 details land on the fields they name and stay until that field changes.
 *
 * The bank's name follows the directory: while the user has not typed one, it is the name the lookup
 * found for the values as they are now (or nothing). An account opened for editing keeps its stored name
 * until the looked-up code changes.
 */
export function useBankAccountForm(initial: BankAccountFormState) {
  const [state, setState] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<BankFormField>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<ReadonlyMap<BankFormField, ServerFieldError>>(
    () => new Map(),
  );
  const [bankNameTyped, setBankNameTyped] = useState(false);
  const [initialLookupKey] = useState(() => lookupKeyOf(lookupRequestOf(initial)));

  const form = formOfState(state);
  const request = lookupRequestOf(state);
  const lookup: BankLookup = useBankLookup(request);
  const bankNameFollowsLookup = !bankNameTyped && lookupKeyOf(request) !== initialLookupKey;
  const bankName = bankNameFollowsLookup
    ? lookup.status === 'found'
      ? lookup.bank.name
      : ''
    : state.bankName;
  const values = useMemo(() => ({ ...state, bankName }), [state, bankName]);

  const errors = useMemo(() => {
    const found = clientErrorsOf(values);
    // The server needs a name the directory cannot give (spec key for a bank without a SWIFT code),
    // except for a SEPA transfer, which needs none.
    if (
      form !== 'OTHER' &&
      form !== 'SEPA' &&
      lookup.status === 'notFound' &&
      !values.bankName.trim() &&
      !found.has('bankName')
    ) {
      found.set('bankName', 'bankNameEmptyWithoutSwift');
    }
    return found;
  }, [values, form, lookup.status]);

  const showBankName =
    form === 'OTHER' ||
    bankNameTyped ||
    lookup.status === 'notFound' ||
    lookup.status === 'failed' ||
    serverErrors.has('bankName');
  /** The inputs on screen, in order. */
  const visibleFields: readonly BankFormField[] = form
    ? fieldOrderOf(form).filter((field) => field !== 'bankName' || showBankName)
    : ['countryId'];

  /** Another form is on screen: its inputs are new, so nothing of the last one's checks shows. */
  const startForm = () => {
    const kept = new Set<BankFormField>(['countryId', 'fiatCurrencyId', 'holderName', 'additionalInfo']);
    setTouched((current) => new Set([...current].filter((field) => kept.has(field))));
    setServerErrors(new Map());
    setBankNameTyped(false);
  };

  const clearServerError = (field: BankFormField) =>
    setServerErrors((current) => {
      if (!current.has(field)) return current;
      const next = new Map(current);
      next.delete(field);
      return next;
    });

  return {
    values,
    form,
    lookup,
    showBankName,
    visibleFields,

    setText(field: TextField, value: string) {
      setState((current) => setPath(current, field, value));
      if (field === 'bankName') setBankNameTyped(true);
      clearServerError(field);
    },
    setPersonal(isPersonal: boolean) {
      setState((current) => ({ ...current, isPersonal }));
      clearServerError('holderName');
    },
    /** A new currency: a euro account in the SEPA zone asks less than a wire in another currency. */
    setCurrency(fiatCurrencyId: string) {
      const next = withCurrency(state, fiatCurrencyId);
      setState(next);
      if (formOfState(next) !== form) startForm();
      else clearServerError('fiatCurrencyId');
    },
    /** A new country (and its usual currency); another form's inputs start afresh. */
    setCountry(countryId: string, fiatCurrencyId: string) {
      const next = withCountry(state, countryId, fiatCurrencyId);
      setState(next);
      if (!form || formOfState(next) !== form) startForm();
      else clearServerError('countryId');
    },
    touch(field: BankFormField) {
      setTouched((current) => (current.has(field) ? current : new Set([...current, field])));
    },

    /** The problem to show under a field now, if any. */
    problemOf(field: BankFormField): FieldProblem | undefined {
      const key = errors.get(field);
      if (key && (submitted || touched.has(field))) return { kind: 'client', key };
      const server = serverErrors.get(field);
      return server ? { kind: 'server', error: server } : undefined;
    },

    /**
     * A submit attempt: every error shows from now on. Answers the payload to send (spec section 5), or
     * the first input in error on screen.
     */
    submit(): { body: BankAccountBody } | { firstInvalid: BankFormField } {
      setSubmitted(true);
      const firstInvalid = visibleFields.find((field) => errors.has(field)) ?? [...errors.keys()][0];
      return firstInvalid ? { firstInvalid } : { body: bankSubmitPayloadOf(values) };
    },

    /**
     * A 422's details onto the fields they name (spec: server validation errors map into field errors).
     * Answers the first field hit, and the details that name no input on screen (for a form-level alert).
     */
    applyServerErrors(details: readonly FieldError[]): { first?: BankFormField; unmatched: FieldError[] } {
      // The bank's name can always be asked for: a refusal on it reveals its input.
      const onScreen = new Set<BankFormField>(form ? fieldOrderOf(form) : ['countryId']);
      onScreen.add('bankName');
      const next = new Map<BankFormField, ServerFieldError>();
      const unmatched: FieldError[] = [];
      for (const detail of details) {
        const field = fieldOfDetail(detail.field);
        if (!field || !onScreen.has(field)) {
          unmatched.push(detail);
        } else if (!next.has(field)) {
          next.set(field, serverFieldErrorOf(field, detail.code, detail.message));
        }
      }
      setServerErrors(next);
      const order = form ? fieldOrderOf(form) : [];
      return { first: order.find((field) => next.has(field)), unmatched };
    },
  };
}

export type BankAccountFormModel = ReturnType<typeof useBankAccountForm>;

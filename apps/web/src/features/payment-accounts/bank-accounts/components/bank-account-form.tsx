import { routingLabelOf, type BankAccountDetail, type BankAccountField, type BankForm } from '@app/contract';
import {
  Button,
  Group,
  Input,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  type TextInputProps,
} from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CountryPicker, FiatCurrencyPicker } from '@/features/catalogue';
import { isApiError, useApiErrorText } from '@/shared/api';
import { FormError } from '@/shared/ui/form-error';
import { toast } from '@/shared/ui/toast';
import { useSaveBankAccount } from '../api/bank-accounts';
import { useBanks } from '../api/banks';
import { useBankAccountForm } from '../hooks/use-bank-account-form';
import { bankErrorText, serverFieldErrorText } from '../utils/bank-account-errors';
import {
  defaultCurrencyOf,
  emptyBankForm,
  fieldInputId,
  formatSortCode,
  formStateOf,
  FORM_FIELDS,
  type BankFormField,
} from '../utils/bank-form';
import { BankLookupHint } from './bank-lookup-hint';

/** The spec's limit on the notes shown with the account (key `additionalInfoLength`). */
const ADDITIONAL_INFO_MAX = 500;

type TextField = Exclude<BankAccountField, 'bankId' | 'swift.residency'>;

/** Forms whose account number is digits only: a numeric keyboard on phones. */
const NUMERIC_ACCOUNT: readonly BankForm[] = ['NG', 'US', 'GB', 'IN', 'RU'];

const ACCOUNT_LABEL = {
  NG: 'accountNumberNuban',
  US: 'accountNumber',
  GB: 'accountNumberGb',
  FI: 'accountNumberIban',
  IN: 'accountNumber',
  RU: 'accountNumberRu',
  MX: 'accountNumber',
  SEPA: 'accountNumberIban',
  OTHER: 'accountNumberOther',
} as const satisfies Record<BankForm, string>;

type BankAccountFormProps = {
  /** The account to change (read whole from the server), or null to add one. */
  account: BankAccountDetail | null;
  /** A new account's country to start from (the user's own), if known. */
  defaultCountry: string | null;
  onSaved: (account: BankAccountDetail) => void;
  onCancel: () => void;
};

/**
 * The add and edit form (spec: bank accounts with an add and edit popup). The country comes first and
 * picks the form (`bankFormOf`); the routing input is named for the country (`routingLabelOf`: sort code,
 * BIK, IFSC). The contract's rules run as the user types; the directory names the bank from the codes.
 */
export function BankAccountForm({ account, defaultCountry, onSaved, onCancel }: BankAccountFormProps) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const save = useSaveBankAccount();
  const [formError, setFormError] = useState<string | null>(null);
  const [initial] = useState(() =>
    account
      ? formStateOf(account)
      : emptyBankForm(defaultCountry ?? '', defaultCountry ? defaultCurrencyOf(defaultCountry) : ''),
  );
  const model = useBankAccountForm(initial);
  const { values, form, lookup } = model;
  const banks = useBanks(form === 'NG' ? 'NG' : null);

  const errorOf = (field: BankFormField): string | undefined => {
    const problem = model.problemOf(field);
    if (!problem) return undefined;
    return problem.kind === 'client' ? bankErrorText(t, problem.key) : serverFieldErrorText(t, problem.error);
  };
  const focus = (field: BankFormField) => document.getElementById(fieldInputId(field))?.focus();
  const hintFor = (field: BankAccountField): ReactNode =>
    lookup.status !== 'idle' && lookup.field === field ? (
      <BankLookupHint lookup={lookup} nameOptional={form === 'SEPA'} />
    ) : null;

  const valueOf = (field: TextField): string =>
    field.startsWith('swift.')
      ? values.swift[field.slice(6) as keyof typeof values.swift]
      : values[field as Exclude<TextField, `swift.${string}`>];

  const text = (field: TextField, props: TextInputProps & { inputMode?: 'numeric' | 'text' }) => (
    <TextInput
      key={field}
      id={fieldInputId(field)}
      value={valueOf(field)}
      onChange={(event) => model.setText(field, event.currentTarget.value)}
      onBlur={() => model.touch(field)}
      error={errorOf(field)}
      autoComplete="off"
      spellCheck={false}
      {...props}
    />
  );

  const routingLabel = routingLabelOf(values.countryId);

  function renderField(field: BankAccountField, kind: BankForm): ReactNode {
    switch (field) {
      case 'bankId':
        return (
          <Select
            key={field}
            id={fieldInputId(field)}
            label={t('bankAccounts.form.bank')}
            placeholder={
              banks.isPending ? t('bankAccounts.form.banksLoading') : t('bankAccounts.form.bankPlaceholder')
            }
            data={(banks.data ?? []).map((bank) => ({ value: bank.id, label: bank.name }))}
            value={values.bankId || null}
            onChange={(id) => model.setText('bankId', id ?? '')}
            onBlur={() => model.touch('bankId')}
            searchable
            allowDeselect={false}
            required
            disabled={banks.isPending}
            nothingFoundMessage={t('bankAccounts.form.banksEmpty')}
            error={errorOf('bankId') ?? (banks.isError ? t('bankAccounts.form.banksError') : undefined)}
            comboboxProps={{ withinPortal: true }}
          />
        );
      case 'accountNumber':
        return (
          <Stack key={field} gap="sm">
            {text(field, {
              label: t(`bankAccounts.form.${ACCOUNT_LABEL[kind]}`),
              required: true,
              inputMode: NUMERIC_ACCOUNT.includes(kind) ? 'numeric' : 'text',
              autoCapitalize: 'characters',
            })}
            {hintFor(field)}
          </Stack>
        );
      case 'routingNumber':
        return (
          <Stack key={field} gap="sm">
            {kind === 'GB' ? (
              <TextInput
                id={fieldInputId(field)}
                label={t('bankAccounts.form.routing.sortCode')}
                description={t('bankAccounts.form.routingHelp.sortCode')}
                placeholder="00-00-00"
                value={values.routingNumber}
                onChange={(event) => model.setText(field, formatSortCode(event.currentTarget.value))}
                onBlur={() => model.touch(field)}
                error={errorOf(field)}
                inputMode="numeric"
                autoComplete="off"
                required
              />
            ) : (
              text(field, {
                label: t(`bankAccounts.form.routing.${routingLabel}`),
                description: t(`bankAccounts.form.routingHelp.${routingLabel}`),
                required: true,
                inputMode: 'numeric',
              })
            )}
            {hintFor(field)}
          </Stack>
        );
      case 'ifsc':
        return (
          <Stack key={field} gap="sm">
            {text(field, {
              label: t(`bankAccounts.form.routing.${routingLabel}`),
              description: t(`bankAccounts.form.routingHelp.${routingLabel}`),
              required: true,
              autoCapitalize: 'characters',
              maxLength: 20,
            })}
            {hintFor(field)}
          </Stack>
        );
      case 'iban':
        return text(field, { label: t('bankAccounts.form.iban'), autoCapitalize: 'characters' });
      case 'clabe':
        return (
          <Stack key={field} gap="sm">
            {text(field, {
              label: t('bankAccounts.form.clabe'),
              description: t('bankAccounts.form.clabeHelp'),
              required: true,
              inputMode: 'numeric',
            })}
            {hintFor(field)}
          </Stack>
        );
      case 'swiftCode':
        return (
          <Stack key={field} gap="sm">
            {text(field, {
              label: t('bankAccounts.form.swiftCode'),
              required: true,
              autoCapitalize: 'characters',
            })}
            {hintFor(field)}
          </Stack>
        );
      case 'bankName':
        if (!model.showBankName) return null;
        // SEPA pays by IBAN alone: the name is only for the buyer to recognise the bank.
        return kind === 'SEPA'
          ? text(field, { label: t('bankAccounts.form.bankNameOptional'), spellCheck: true })
          : text(field, { label: t('bankAccounts.form.bankName'), required: true, spellCheck: true });
      case 'swift.residency':
        return (
          <Stack key={field} gap="sm">
            <Title order={3} fz="sm" mt="xs">
              {t('bankAccounts.form.recipient')}
            </Title>
            <CountryPicker
              id={fieldInputId(field)}
              label={t('bankAccounts.form.residency')}
              value={values.swift.residency || null}
              onChange={(iso) => model.setText(field, iso ?? '')}
              onBlur={() => model.touch(field)}
              required
              error={errorOf(field)}
              comboboxProps={{ withinPortal: true }}
            />
          </Stack>
        );
      case 'swift.state':
        return text(field, {
          label: t('bankAccounts.form.state'),
          description: values.swift.residency === 'US' ? t('bankAccounts.form.stateHelpUs') : undefined,
          required: values.swift.residency === 'US',
          autoComplete: 'address-level1',
        });
      case 'swift.city':
        return text(field, {
          label: t('bankAccounts.form.city'),
          required: true,
          autoComplete: 'address-level2',
        });
      case 'swift.zip':
        return text(field, {
          label: t('bankAccounts.form.zip'),
          required: true,
          autoComplete: 'postal-code',
        });
      case 'swift.address':
        return text(field, {
          label: t('bankAccounts.form.address'),
          required: true,
          autoComplete: 'street-address',
        });
      case 'holderName':
      case 'additionalInfo':
        // Every form has them; they are laid out around the country's own inputs.
        return null;
    }
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const checked = model.submit();
    if ('firstInvalid' in checked) {
      focus(checked.firstInvalid);
      return;
    }
    save.mutate(
      { id: account?.id ?? null, body: checked.body },
      {
        onSuccess: (saved) => {
          toast.success({ message: account ? t('bankAccounts.form.saved') : t('bankAccounts.form.added') });
          onSaved(saved);
        },
        onError: (error) => {
          if (isApiError(error) && error.isValidationError && error.details.length > 0) {
            const { first, unmatched } = model.applyServerErrors(error.details);
            if (unmatched.length > 0) {
              setFormError(
                unmatched.map((detail) => serverFieldErrorText(t, { key: null, ...detail })).join(' '),
              );
            }
            if (first) focus(first);
            return;
          }
          if (isApiError(error) && error.code === 'BANK_ACCOUNTS_LIMIT') {
            setFormError(t('bankAccounts.errors.limit'));
            return;
          }
          setFormError(errorText(error));
        },
      },
    );
  };

  const additionalInfoLength = [...values.additionalInfo.trim()].length;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('bankAccounts.form.formLabel')}>
      <Stack gap="sm">
        {account ? (
          <Text size="sm" c="dimmed">
            {t('bankAccounts.form.editNote')}
          </Text>
        ) : null}
        <FormError message={formError} />
        <CountryPicker
          id={fieldInputId('countryId')}
          label={t('bankAccounts.form.country')}
          value={values.countryId || null}
          onChange={(iso, country) =>
            model.setCountry(iso ?? '', defaultCurrencyOf(iso ?? '', country?.currencyCode))
          }
          onBlur={() => model.touch('countryId')}
          required
          error={errorOf('countryId')}
          comboboxProps={{ withinPortal: true }}
        />
        {form ? (
          <>
            <FiatCurrencyPicker
              id={fieldInputId('fiatCurrencyId')}
              label={t('bankAccounts.form.currency')}
              value={values.fiatCurrencyId || null}
              onChange={(code) => model.setCurrency(code ?? '')}
              onBlur={() => model.touch('fiatCurrencyId')}
              required
              error={errorOf('fiatCurrencyId')}
              comboboxProps={{ withinPortal: true }}
            />
            <Input.Wrapper
              label={t('bankAccounts.form.accountType')}
              labelElement="div"
              labelProps={{ id: 'bank-account-type' }}
            >
              <SegmentedControl
                fullWidth
                aria-labelledby="bank-account-type"
                value={values.isPersonal ? 'personal' : 'business'}
                onChange={(value) => model.setPersonal(value === 'personal')}
                data={[
                  { value: 'personal', label: t('bankAccounts.form.personal') },
                  { value: 'business', label: t('bankAccounts.form.business') },
                ]}
              />
            </Input.Wrapper>
            {text('holderName', {
              label: values.isPersonal
                ? t('bankAccounts.form.holderPersonal')
                : t('bankAccounts.form.holderBusiness'),
              description: t('bankAccounts.form.holderHelp'),
              required: true,
              spellCheck: false,
              autoComplete: values.isPersonal ? 'name' : 'organization',
            })}
            {form === 'SEPA' ? (
              <Text size="sm" c="dimmed" data-testid="bank-account-sepa-note">
                {t('bankAccounts.form.sepaNote')}
              </Text>
            ) : null}
            {FORM_FIELDS[form].map((field) => renderField(field, form))}
            <Stack gap={2}>
              <Textarea
                id={fieldInputId('additionalInfo')}
                label={t('bankAccounts.form.additionalInfo')}
                description={t('bankAccounts.form.additionalInfoHelp')}
                value={values.additionalInfo}
                onChange={(event) => model.setText('additionalInfo', event.currentTarget.value)}
                onBlur={() => model.touch('additionalInfo')}
                error={errorOf('additionalInfo')}
                autosize
                minRows={2}
                maxRows={6}
              />
              <Text size="xs" c={additionalInfoLength > ADDITIONAL_INFO_MAX ? 'red' : 'dimmed'} ta="right">
                {t('bankAccounts.form.additionalInfoCount', {
                  count: additionalInfoLength,
                  max: ADDITIONAL_INFO_MAX,
                })}
              </Text>
            </Stack>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('bankAccounts.form.countryFirst')}
          </Text>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {account ? t('bankAccounts.form.submitEdit') : t('bankAccounts.form.submitAdd')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import {
  MOBILE_MONEY_WALLETS_MAX,
  mobileMoneyWalletBodySchema,
  type MobileMoneyMethod,
  type MobileMoneyWallet,
} from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CountryPicker, paymentMethodIconUrl } from '@/features/catalogue';
import { isApiError, useApiErrorText } from '@/shared/api';
import { applyServerFieldErrors } from '@/shared/forms/field-errors';
import { ErrorState } from '@/shared/ui/error-state';
import { FormError } from '@/shared/ui/form-error';
import { PageLoader } from '@/shared/ui/page-loader';
import { toast } from '@/shared/ui/toast';
import { useMobileMoneyWallet, useSaveMobileMoneyWallet } from '../api/mobile-money-wallets';
import { walletFieldError } from './wallet-field-error';

type FormInput = z.input<typeof mobileMoneyWalletBodySchema>;
type FormOutput = z.output<typeof mobileMoneyWalletBodySchema>;

const FIELDS = ['payment_method_id', 'country_id', 'phone_number', 'holder_name'] as const;

/** The providers operating in `country` (an empty country list: anywhere), in the server's order. */
export const methodsIn = (methods: readonly MobileMoneyMethod[], country: string) =>
  methods.filter((m) => m.countries.length === 0 || m.countries.includes(country));

function MethodIcon({ iconName }: { iconName: string }) {
  return (
    <img
      src={paymentMethodIconUrl(iconName)}
      alt=""
      width={20}
      height={20}
      loading="lazy"
      style={{ borderRadius: 5, flex: '0 0 auto' }}
    />
  );
}

type WalletFormProps = {
  methods: readonly MobileMoneyMethod[];
  /** The wallet to change (its whole number), or null to add one. */
  wallet: MobileMoneyWallet | null;
  defaultCountry: string | null;
  onSaved: (wallet: MobileMoneyWallet) => void;
  onCancel: () => void;
};

/**
 * The wallet form: country first, then the providers operating there, the number and the holder's name.
 * Checked with the contract's schema as the user goes; the server's refusals land on their fields.
 */
function WalletForm({ methods, wallet, defaultCountry, onSaved, onCancel }: WalletFormProps) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const save = useSaveMobileMoneyWallet();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(mobileMoneyWalletBodySchema),
    mode: 'onTouched',
    defaultValues: {
      payment_method_id: wallet ? String(wallet.paymentMethodId) : '',
      country_id: wallet?.countryCode ?? defaultCountry ?? '',
      phone_number: wallet?.phoneNumber ?? '',
      holder_name: wallet?.holderName ?? '',
    },
  });
  const country = useWatch({ control, name: 'country_id' });
  const available = useMemo(() => (country ? methodsIn(methods, country) : []), [methods, country]);
  const iconOf = useMemo(() => new Map(methods.map((m) => [String(m.id), m.iconName])), [methods]);

  // A provider that does not operate in the newly chosen country is cleared, not silently kept.
  useEffect(() => {
    const chosen = String(getValues('payment_method_id') ?? '');
    if (chosen && country && !available.some((m) => String(m.id) === chosen)) {
      setValue('payment_method_id', '', { shouldValidate: false });
    }
  }, [available, country, getValues, setValue]);

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ id: wallet?.id ?? null, body });
      toast.success({
        message: wallet
          ? t('paymentAccounts.mobileMoney.form.saved')
          : t('paymentAccounts.mobileMoney.form.added'),
      });
      onSaved(saved);
    } catch (error) {
      if (isApiError(error) && error.isValidationError) {
        const unmatched = applyServerFieldErrors(error, setError, FIELDS);
        if (unmatched.length > 0) setFormError(unmatched.map((d) => d.message).join(' '));
        return;
      }
      if (isApiError(error) && error.code === 'MOBILE_MONEY_WALLETS_LIMIT') {
        setFormError(t('paymentAccounts.mobileMoney.errors.limit', { max: MOBILE_MONEY_WALLETS_MAX }));
        return;
      }
      setFormError(errorText(error));
    }
  });

  const methodPlaceholder = !country
    ? t('paymentAccounts.mobileMoney.form.methodNeedsCountry')
    : available.length === 0
      ? t('paymentAccounts.mobileMoney.form.methodNone')
      : t('paymentAccounts.mobileMoney.form.methodPlaceholder');

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('paymentAccounts.mobileMoney.form.formLabel')}>
      <Stack gap="sm">
        <FormError message={formError} />
        <Controller
          control={control}
          name="country_id"
          render={({ field }) => (
            <CountryPicker
              label={t('paymentAccounts.mobileMoney.form.country')}
              value={field.value || null}
              onChange={(iso) => field.onChange(iso ?? '')}
              onBlur={field.onBlur}
              ref={field.ref}
              required
              error={walletFieldError(t, errors.country_id)}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <Controller
          control={control}
          name="payment_method_id"
          render={({ field }) => {
            const value = field.value === undefined || field.value === null ? '' : String(field.value);
            const icon = iconOf.get(value);
            return (
              <Select
                label={t('paymentAccounts.mobileMoney.form.method')}
                placeholder={methodPlaceholder}
                data={available.map((m) => ({ value: String(m.id), label: m.name }))}
                value={value || null}
                onChange={(id) => field.onChange(id ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                disabled={!country || available.length === 0}
                searchable
                allowDeselect={false}
                required
                error={walletFieldError(t, errors.payment_method_id)}
                leftSection={icon ? <MethodIcon iconName={icon} /> : undefined}
                renderOption={({ option }) => (
                  <Group gap="sm" wrap="nowrap">
                    <MethodIcon iconName={iconOf.get(option.value) ?? 'mobile'} />
                    <Text size="sm">{option.label}</Text>
                  </Group>
                )}
                comboboxProps={{ withinPortal: true }}
              />
            );
          }}
        />
        <TextInput
          label={t('paymentAccounts.mobileMoney.form.phone')}
          description={t('paymentAccounts.mobileMoney.form.phoneHelp')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          error={walletFieldError(t, errors.phone_number)}
          {...register('phone_number')}
        />
        <TextInput
          label={t('paymentAccounts.mobileMoney.form.holder')}
          description={t('paymentAccounts.mobileMoney.form.holderHelp')}
          autoComplete="name"
          required
          error={walletFieldError(t, errors.holder_name)}
          {...register('holder_name')}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {wallet
              ? t('paymentAccounts.mobileMoney.form.submitEdit')
              : t('paymentAccounts.mobileMoney.form.submitAdd')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type WalletFormModalProps = {
  opened: boolean;
  /** The wallet being changed (read whole from the server), or null to add one. */
  walletId: number | null;
  methods: readonly MobileMoneyMethod[];
  defaultCountry: string | null;
  onSaved: (wallet: MobileMoneyWallet) => void;
  onClose: () => void;
};

/** The add/edit popup (spec: "mobile money wallets with an add form and a modal"). */
export function WalletFormModal({
  opened,
  walletId,
  methods,
  defaultCountry,
  onSaved,
  onClose,
}: WalletFormModalProps) {
  const { t } = useTranslation();
  const editing = useMobileMoneyWallet(opened ? walletId : null);
  const title =
    walletId === null
      ? t('paymentAccounts.mobileMoney.form.addTitle')
      : t('paymentAccounts.mobileMoney.form.editTitle');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {walletId === null ? (
        <WalletForm
          methods={methods}
          wallet={null}
          defaultCountry={defaultCountry}
          onSaved={onSaved}
          onCancel={onClose}
        />
      ) : editing.isPending ? (
        <PageLoader minHeight={200} />
      ) : editing.isError ? (
        <ErrorState
          message={t('paymentAccounts.mobileMoney.form.loadError')}
          onRetry={() => void editing.refetch()}
        />
      ) : (
        // Keyed by the wallet: the form starts from the stored values each time it opens.
        <WalletForm
          key={editing.data.id}
          methods={methods}
          wallet={editing.data}
          defaultCountry={null}
          onSaved={onSaved}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}

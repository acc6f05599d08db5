import {
  addressDocumentTypes,
  startAddressVerificationBodySchema,
  type AddressDocumentType,
  type VerificationRequest,
} from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormError } from '@/shared/ui/form-error';
import { useStartAddressVerification } from '../api/requests';
import { useVerificationSubmit } from '../hooks/use-verification-submit';
import { verificationFieldError } from '../utils/verification-errors';
import { CountrySelect } from './country-select';

type FormInput = z.input<typeof startAddressVerificationBodySchema>;
type FormOutput = z.output<typeof startAddressVerificationBodySchema>;

const FIELDS = [
  'country_iso3',
  'document_type',
  'region_name',
  'city_name',
  'address_line_1',
  'address_line_2',
  'zip_code',
  'nga_nin',
  'nga_bvn',
] as const;

/** Nigeria asks for the National Identification Number and the Bank Verification Number too. */
const NIGERIA = 'NGA';

const isDocumentType = (value: string | undefined): value is AddressDocumentType =>
  (addressDocumentTypes as readonly string[]).includes(value ?? '');

function defaultsOf(request: VerificationRequest | null): FormInput {
  const details = request?.details ?? {};
  return {
    country_iso3: details.country_iso3 ?? '',
    document_type: (isDocumentType(details.document_type)
      ? details.document_type
      : '') as AddressDocumentType,
    region_name: details.region_name ?? '',
    city_name: details.city_name ?? '',
    address_line_1: details.address_line_1 ?? '',
    address_line_2: details.address_line_2 ?? '',
    zip_code: details.zip_code ?? '',
    // Masked in the answer: typed again when correcting.
    nga_nin: '',
    nga_bvn: '',
  };
}

/**
 * The address to prove (`POST /account/verification/start/document`): country, the kind of proof,
 * region, city, address lines and postal code; for Nigeria the NIN and BVN (11 digits each). Checked with
 * the contract's schema as the user goes.
 */
export function AddressDetailsForm({
  request,
  onSaved,
  onCancel,
}: {
  request: VerificationRequest | null;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const start = useStartAddressVerification();
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(startAddressVerificationBodySchema),
    mode: 'onTouched',
    criteriaMode: 'all',
    defaultValues: defaultsOf(request),
  });
  const { formError, run } = useVerificationSubmit(setError, FIELDS);
  const country = useWatch({ control, name: 'country_iso3' });
  const nigeria = country === NIGERIA;

  // The Nigerian numbers are only for Nigeria: leaving it clears them (the schema refuses them elsewhere).
  useEffect(() => {
    if (!nigeria) {
      setValue('nga_nin', '', { shouldValidate: false });
      setValue('nga_bvn', '', { shouldValidate: false });
    }
  }, [nigeria, setValue]);

  const fieldError = (name: (typeof FIELDS)[number]) => verificationFieldError(t, errors[name], name);

  const onSubmit = handleSubmit((body) =>
    run(async () => {
      await start.mutateAsync(body);
      onSaved();
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('verification.address.formLabel')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={control}
            name="country_iso3"
            render={({ field }) => (
              <CountrySelect
                label={t('verification.address.country')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                required
                error={fieldError('country_iso3')}
              />
            )}
          />
          <Controller
            control={control}
            name="document_type"
            render={({ field }) => (
              <Select
                label={t('verification.address.documentType')}
                placeholder={t('verification.address.documentTypePlaceholder')}
                data={addressDocumentTypes.map((type) => ({
                  value: type,
                  label: t(`verification.address.documentTypes.${type}`),
                }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                allowDeselect={false}
                required
                error={fieldError('document_type')}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
        </SimpleGrid>
        <TextInput
          label={t('verification.address.line1')}
          autoComplete="address-line1"
          required
          error={fieldError('address_line_1')}
          {...register('address_line_1')}
        />
        <TextInput
          label={t('verification.address.line2')}
          autoComplete="address-line2"
          error={fieldError('address_line_2')}
          {...register('address_line_2')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label={t('verification.address.city')}
            autoComplete="address-level2"
            required
            error={fieldError('city_name')}
            {...register('city_name')}
          />
          <TextInput
            label={t('verification.address.region')}
            autoComplete="address-level1"
            error={fieldError('region_name')}
            {...register('region_name')}
          />
          <TextInput
            label={t('verification.address.zip')}
            autoComplete="postal-code"
            error={fieldError('zip_code')}
            {...register('zip_code')}
          />
        </SimpleGrid>
        {nigeria ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="nigeria-fields">
            <TextInput
              label={t('verification.address.nin')}
              description={t('verification.address.elevenDigits')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={11}
              required
              error={fieldError('nga_nin')}
              {...register('nga_nin')}
            />
            <TextInput
              label={t('verification.address.bvn')}
              description={t('verification.address.elevenDigits')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={11}
              required
              error={fieldError('nga_bvn')}
              {...register('nga_bvn')}
            />
          </SimpleGrid>
        ) : null}
        <FormError message={formError} />
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={isSubmitting}>
            {request ? t('verification.form.saveChanges') : t('verification.address.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import {
  idDocumentTypes,
  startIdVerificationBodySchema,
  type IdDocumentType,
  type VerificationRequest,
} from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormError } from '@/shared/ui/form-error';
import { useDocumentCountries } from '../api/countries';
import { useStartIdVerification } from '../api/requests';
import { useVerificationSubmit } from '../hooks/use-verification-submit';
import { verificationFieldError } from '../utils/verification-errors';
import { CountrySelect } from './country-select';

type FormInput = z.input<typeof startIdVerificationBodySchema>;
type FormOutput = z.output<typeof startIdVerificationBodySchema>;

const FIELDS = [
  'issue_country_iso3',
  'document_type',
  'first_name_original',
  'middle_name_original',
  'last_name_original',
  'document_number',
] as const;

const isDocumentType = (value: string | undefined): value is IdDocumentType =>
  (idDocumentTypes as readonly string[]).includes(value ?? '');

/** What the form starts from when a request is being corrected (the number is masked: typed again). */
export function idFormDefaults(request: VerificationRequest | null): FormInput {
  const details = request?.details ?? {};
  return {
    issue_country_iso3: details.issue_country_iso3 ?? '',
    document_type: (isDocumentType(details.document_type) ? details.document_type : '') as IdDocumentType,
    first_name_original: details.first_name_original ?? '',
    middle_name_original: details.middle_name_original ?? '',
    last_name_original: details.last_name_original ?? '',
    document_number: '',
  };
}

/**
 * The ID document's data (`POST /account/verification/start/id`): the issuing country, the document
 * types that country's verification accepts, the names as printed and the number. Checked with the
 * contract's schema as the user goes; the server's refusals land on their fields, and attempts used up
 * or a request already in review are said above the button.
 */
export function IdDetailsForm({
  request,
  onSaved,
  onCancel,
}: {
  /** The open request being corrected, or null to start one. */
  request: VerificationRequest | null;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const start = useStartIdVerification();
  const documentCountries = useDocumentCountries();
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(startIdVerificationBodySchema),
    mode: 'onTouched',
    // Every issue per field: an empty name reads "enter your name", not "only letters".
    criteriaMode: 'all',
    defaultValues: idFormDefaults(request),
  });
  const { formError, run } = useVerificationSubmit(setError, FIELDS);
  const country = useWatch({ control, name: 'issue_country_iso3' });
  const accepted = useMemo<readonly IdDocumentType[]>(() => {
    const entry = documentCountries.data?.countries.find((c) => c.iso3 === country);
    return entry ? entry.documentTypes : [];
  }, [documentCountries.data, country]);

  // A document type the newly chosen country does not accept is cleared, not silently kept.
  useEffect(() => {
    const chosen = getValues('document_type');
    if (chosen && country && documentCountries.data && !accepted.includes(chosen)) {
      setValue('document_type', '' as IdDocumentType, { shouldValidate: false });
    }
  }, [accepted, country, documentCountries.data, getValues, setValue]);

  const fieldError = (name: (typeof FIELDS)[number]) => verificationFieldError(t, errors[name], name);

  const onSubmit = handleSubmit((body) =>
    run(async () => {
      await start.mutateAsync(body);
      onSaved();
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('verification.id.formLabel')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={control}
            name="issue_country_iso3"
            render={({ field }) => (
              <CountrySelect
                label={t('verification.id.country')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                required
                error={fieldError('issue_country_iso3')}
              />
            )}
          />
          <Controller
            control={control}
            name="document_type"
            render={({ field }) => (
              <Select
                label={t('verification.id.documentType')}
                placeholder={
                  country
                    ? t('verification.id.documentTypePlaceholder')
                    : t('verification.id.documentTypeNeedsCountry')
                }
                data={accepted.map((type) => ({
                  value: type,
                  label: t(`verification.id.documentTypes.${type}`),
                }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                disabled={!country || accepted.length === 0}
                allowDeselect={false}
                required
                error={fieldError('document_type')}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label={t('verification.id.firstName')}
            autoComplete="given-name"
            required
            error={fieldError('first_name_original')}
            {...register('first_name_original')}
          />
          <TextInput
            label={t('verification.id.middleName')}
            autoComplete="additional-name"
            error={fieldError('middle_name_original')}
            {...register('middle_name_original')}
          />
          <TextInput
            label={t('verification.id.lastName')}
            autoComplete="family-name"
            required
            error={fieldError('last_name_original')}
            {...register('last_name_original')}
          />
        </SimpleGrid>
        <TextInput
          label={t('verification.id.documentNumber')}
          description={
            request ? t('verification.id.documentNumberAgain') : t('verification.id.documentNumberHelp')
          }
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          error={fieldError('document_number')}
          {...register('document_number')}
        />
        <FormError message={formError} />
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={isSubmitting}>
            {request ? t('verification.form.saveChanges') : t('verification.id.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import {
  convertToCorporateBodySchema,
  corporateNameDisplays,
  type CorporateAccount,
  type CorporateConversion,
} from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormError } from '@/shared/ui/form-error';
import { useConvertToCorporate } from '../api/corporate';
import { useVerificationSubmit } from '../hooks/use-verification-submit';
import { verificationFieldError } from '../utils/verification-errors';
import { CountrySelect } from './country-select';

type FormInput = z.input<typeof convertToCorporateBodySchema>;
type FormOutput = z.output<typeof convertToCorporateBodySchema>;

const FIELDS = [
  'legal_name',
  'business_name',
  'registration_number',
  'country_iso3',
  'name_display',
] as const;

const defaultsOf = (account: CorporateAccount | null): FormInput => ({
  legal_name: account?.legalName ?? '',
  business_name: account?.businessName ?? '',
  registration_number: account?.registrationNumber ?? '',
  country_iso3: account?.countryIso3 ?? '',
  name_display: account?.nameDisplay ?? 'legal_entity',
});

/**
 * The company's application (`convert-to-corporate`): its legal name, the business name it trades under
 * (optional), its registration number and country, and which name shows beside the username. The same
 * call corrects the application while its papers are not yet in review.
 */
export function CompanyDetailsForm({
  account,
  onSaved,
  onCancel,
}: {
  account: CorporateAccount | null;
  onSaved: (conversion: CorporateConversion) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const convert = useConvertToCorporate();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(convertToCorporateBodySchema),
    mode: 'onTouched',
    criteriaMode: 'all',
    defaultValues: defaultsOf(account),
  });
  const { formError, run } = useVerificationSubmit(setError, FIELDS);
  const fieldError = (name: (typeof FIELDS)[number]) => verificationFieldError(t, errors[name], name);

  const onSubmit = handleSubmit((body) =>
    run(async () => {
      onSaved(await convert.mutateAsync(body));
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('verification.company.formLabel')}>
      <Stack gap="sm">
        <TextInput
          label={t('verification.company.legalName')}
          description={t('verification.company.legalNameHelp')}
          autoComplete="organization"
          maxLength={140}
          required
          error={fieldError('legal_name')}
          {...register('legal_name')}
        />
        <TextInput
          label={t('verification.company.businessName')}
          description={t('verification.company.businessNameHelp')}
          maxLength={140}
          error={fieldError('business_name')}
          {...register('business_name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('verification.company.registrationNumber')}
            autoComplete="off"
            maxLength={40}
            required
            error={fieldError('registration_number')}
            {...register('registration_number')}
          />
          <Controller
            control={control}
            name="country_iso3"
            render={({ field }) => (
              <CountrySelect
                label={t('verification.company.country')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                required
                error={fieldError('country_iso3')}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="name_display"
          render={({ field }) => (
            <Radio.Group
              label={t('verification.company.nameDisplay')}
              value={field.value ?? 'legal_entity'}
              onChange={field.onChange}
              error={fieldError('name_display')}
            >
              <Group gap="md" mt={4}>
                {corporateNameDisplays.map((display) => (
                  <Radio key={display} value={display} label={t(`verification.company.display.${display}`)} />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
        <FormError message={formError} />
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
              {t('common.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={isSubmitting}>
            {account ? t('verification.company.save') : t('verification.company.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

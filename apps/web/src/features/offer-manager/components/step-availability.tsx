import { WORLDWIDE_COUNTRY } from '@app/contract';
import {
  Divider,
  Input,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCountries } from '@/features/catalogue';
import { usePaymentMethodDetail } from '../api/get-payment-method-detail';
import type { OfferContext } from '../hooks/use-offer-context';
import { useOfferFieldError } from '../hooks/use-offer-field-error';
import type { OfferFormValues } from '../utils/offer-form';
import { AmountInput } from './amount-input';
import { FormSwitch } from './form-toggles';
import { OpeningHoursEditor } from './opening-hours-editor';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The country allow/deny list: every real country (not the WORLDWIDE pseudo-country), by name or code. */
function CountryListField({ fiatPrecision }: { fiatPrecision: number | null }) {
  const { t } = useTranslation();
  const { control, clearErrors } = useFormContext<OfferFormValues>();
  const mode = useController({ control, name: 'country_list_mode' });
  const countries = useController({ control, name: 'countries' });
  const error = useOfferFieldError<OfferFormValues>(fiatPrecision);
  const query = useCountries();
  const narrow = useMediaQuery('(max-width: 36em)');
  const options = useMemo(
    () =>
      (query.data ?? [])
        .filter((country) => country.iso !== WORLDWIDE_COUNTRY.iso)
        .map((country) => ({ value: country.iso, label: `${country.name} (${country.iso})` })),
    [query.data],
  );
  return (
    <Stack gap="sm">
      <Input.Wrapper
        label={t('offerManager.availability.countryMode')}
        labelElement="div"
        labelProps={{ id: 'offer-country-mode-label' }}
      >
        <SegmentedControl
          mt={4}
          fullWidth
          // Three long choices do not fit side by side on a phone.
          orientation={narrow ? 'vertical' : 'horizontal'}
          aria-labelledby="offer-country-mode-label"
          value={mode.field.value}
          onChange={(value) => {
            mode.field.onChange(value === 'allow' || value === 'deny' ? value : 'all');
            clearErrors('countries');
          }}
          data={[
            { value: 'all', label: t('offerManager.availability.countryAll') },
            { value: 'allow', label: t('offerManager.availability.countryAllow') },
            { value: 'deny', label: t('offerManager.availability.countryDeny') },
          ]}
        />
      </Input.Wrapper>
      {mode.field.value === 'all' ? null : (
        <MultiSelect
          label={
            mode.field.value === 'allow'
              ? t('offerManager.availability.allowList')
              : t('offerManager.availability.denyList')
          }
          data={options}
          value={countries.field.value}
          onChange={countries.field.onChange}
          onBlur={countries.field.onBlur}
          searchable
          clearable
          hidePickedOptions
          maxDropdownHeight={280}
          nothingFoundMessage={t('catalogue.pickers.nothingFound')}
          placeholder={
            query.isPending
              ? t('common.loading')
              : countries.field.value.length === 0
                ? t('offerManager.availability.countriesPlaceholder')
                : undefined
          }
          disabled={query.isPending}
          required={mode.field.value === 'allow'}
          error={
            error('countries') ?? (query.isError ? t('offerManager.availability.countriesError') : undefined)
          }
        />
      )}
    </Stack>
  );
}

/** Gift card fields: the BIN codes a card may start with and the regions it may come from. */
function GiftCardFields({ context }: { context: OfferContext }) {
  const { t } = useTranslation();
  const { control } = useFormContext<OfferFormValues>();
  const error = useOfferFieldError<OfferFormValues>(context.fiatPrecision);
  const bins = useController({ control, name: 'gift_card_bin_codes' });
  const regions = useController({ control, name: 'card_regions' });
  const slug = useWatch({ control, name: 'payment_method' });
  const isGiftCard = context.method?.isGiftCard ?? false;
  const detail = usePaymentMethodDetail(slug, { enabled: isGiftCard });
  const regionOptions = (detail.data?.regions ?? []).map((region) => ({
    value: String(region.id),
    label: region.name,
  }));
  return (
    <Stack gap="md">
      {context.method?.isBinCodeEnabled ? (
        <TagsInput
          label={t('offerManager.availability.binCodes')}
          description={t('offerManager.availability.binCodesHint')}
          value={bins.field.value}
          onChange={(values) =>
            bins.field.onChange(values.map((value) => value.replace(/\D/g, '')).filter(Boolean))
          }
          onBlur={bins.field.onBlur}
          clearable
          error={error('gift_card_bin_codes')}
        />
      ) : null}
      {isGiftCard ? (
        <>
          <MultiSelect
            label={t('offerManager.availability.cardRegions')}
            description={t('offerManager.availability.cardRegionsHint')}
            data={regionOptions}
            value={regions.field.value.map(String)}
            onChange={(values) => regions.field.onChange(values.map(Number))}
            onBlur={regions.field.onBlur}
            clearable
            disabled={detail.isPending}
            placeholder={detail.isPending ? t('common.loading') : undefined}
            error={
              error('card_regions') ??
              (detail.isError ? t('offerManager.availability.regionsError') : undefined)
            }
          />
          <FormSwitch<OfferFormValues>
            name="is_gift_code_check_enabled"
            label={t('offerManager.availability.giftCodeCheck')}
            description={t('offerManager.availability.giftCodeCheckHint')}
          />
        </>
      ) : null}
    </Stack>
  );
}

/**
 * Step 4: who sees the offer and when (countries, opening hours), how much it may trade in total (the
 * offer cap), the gift card fields where the method takes them, the trade flow, and whether it goes live.
 */
export function StepAvailability({ context }: { context: OfferContext }) {
  const { t } = useTranslation();
  const { control } = useFormContext<OfferFormValues>();
  const error = useOfferFieldError<OfferFormValues>(context.fiatPrecision);
  const flow = useController({ control, name: 'flow_type' });
  const fiat = useWatch({ control, name: 'fiat_currency_code' });
  const showGiftCard = Boolean(context.method?.isGiftCard || context.method?.isBinCodeEnabled);

  return (
    <Stack gap="xl">
      <Section title={t('offerManager.availability.countriesTitle')}>
        <CountryListField fiatPrecision={context.fiatPrecision} />
      </Section>
      <Divider />
      <Section title={t('offerManager.availability.hoursTitle')}>
        <OpeningHoursEditor />
      </Section>
      <Divider />
      <Section title={t('offerManager.availability.capTitle')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <AmountInput<OfferFormValues>
            name="offer_cap.amount"
            label={t('offerManager.availability.capAmount', { currency: fiat })}
            description={t('offerManager.availability.capHint')}
            rightSection={<Text size="xs">{fiat}</Text>}
            rightSectionWidth={48}
            error={error('offer_cap.amount')}
          />
          <FormSwitch<OfferFormValues>
            name="offer_cap.active"
            mt={{ sm: 30 }}
            label={t('offerManager.availability.capActive')}
          />
        </SimpleGrid>
      </Section>
      {showGiftCard ? (
        <>
          <Divider />
          <Section title={t('offerManager.availability.giftCardTitle')}>
            <GiftCardFields context={context} />
          </Section>
        </>
      ) : null}
      <Divider />
      <Section title={t('offerManager.availability.moreTitle')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={t('offerManager.availability.flowType')}
            description={t('offerManager.availability.flowTypeHint')}
            data={context.flowTypes.map((value) => ({ value, label: t(`offerManager.flow.${value}`) }))}
            value={flow.field.value}
            onChange={(value) => flow.field.onChange(value ?? 'default')}
            allowDeselect={false}
            error={error('flow_type')}
          />
          <AmountInput<OfferFormValues>
            name="custom_rate"
            label={t('offerManager.availability.customRate')}
            description={t('offerManager.availability.customRateHint')}
            error={error('custom_rate')}
          />
        </SimpleGrid>
        <FormSwitch<OfferFormValues>
          name="is_third_party_allowed"
          label={t('offerManager.availability.thirdParty')}
          description={t('offerManager.availability.thirdPartyHint')}
        />
        <FormSwitch<OfferFormValues>
          name="is_active"
          label={t('offerManager.availability.active')}
          description={t('offerManager.availability.activeHint')}
        />
      </Section>
    </Stack>
  );
}

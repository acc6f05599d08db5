import { PAYMENT_WINDOW_MAX, PAYMENT_WINDOW_MIN, PREDEFINED_AMOUNTS_MAX } from '@app/contract';
import { NumberInput, SimpleGrid, Stack, TagsInput, Text } from '@mantine/core';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useOfferFieldError } from '../hooks/use-offer-field-error';
import type { OfferFormValues } from '../utils/offer-form';
import { sanitizeAmountInput } from '../utils/price';
import { AmountInput } from './amount-input';
import { AmountModeSwitch } from './mode-switches';

type AmountFieldsProps = { fiatPrecision: number | null; idPrefix?: string };

/**
 * The trade amounts: a range (minimum and maximum) or up to 20 predefined amounts, the largest amount a
 * new buyer may take, and the payment window.
 */
export function AmountFields({ fiatPrecision, idPrefix = 'offer' }: AmountFieldsProps) {
  const { t } = useTranslation();
  const { control, clearErrors } = useFormContext<OfferFormValues>();
  const mode = useController({ control, name: 'amount_mode' });
  const {
    field: { ref: predefinedRef, ...predefined },
  } = useController({ control, name: 'predefined_amount' });
  const {
    field: { ref: windowRef, ...paymentWindow },
  } = useController({ control, name: 'payment_window' });
  const fiat = useWatch({ control, name: 'fiat_currency_code' });
  const error = useOfferFieldError<OfferFormValues>(fiatPrecision);
  const currency = <Text size="xs">{fiat}</Text>;
  const labelId = `${idPrefix}-amount-mode-label`;

  return (
    <Stack gap="md">
      <AmountModeSwitch
        labelId={labelId}
        value={mode.field.value}
        onChange={(value) => {
          mode.field.onChange(value);
          clearErrors(['range_min', 'range_max', 'predefined_amount']);
        }}
      />
      {mode.field.value === 'min_max' ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <AmountInput<OfferFormValues>
            name="range_min"
            label={t('offerManager.amounts.min', { currency: fiat })}
            rightSection={currency}
            rightSectionWidth={48}
            required
            error={error('range_min')}
          />
          <AmountInput<OfferFormValues>
            name="range_max"
            label={t('offerManager.amounts.max', { currency: fiat })}
            rightSection={currency}
            rightSectionWidth={48}
            required
            error={error('range_max')}
          />
        </SimpleGrid>
      ) : (
        <TagsInput
          ref={predefinedRef}
          label={t('offerManager.amounts.predefinedLabel', { currency: fiat })}
          description={t('offerManager.amounts.predefinedHint', { count: PREDEFINED_AMOUNTS_MAX })}
          placeholder={predefined.value.length === 0 ? '50, 100, 250' : undefined}
          value={predefined.value}
          // Only amounts the input rule allows become chips; a comma or Enter ends one.
          onChange={(values) =>
            predefined.onChange(
              values.map((value) => sanitizeAmountInput(value)).filter((v): v is string => !!v),
            )
          }
          onBlur={predefined.onBlur}
          maxTags={PREDEFINED_AMOUNTS_MAX}
          clearable
          required
          error={error('predefined_amount')}
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <AmountInput<OfferFormValues>
          name="new_buyer_limit"
          label={t('offerManager.amounts.newBuyerLimit', { currency: fiat })}
          description={t('offerManager.amounts.newBuyerLimitHint')}
          rightSection={currency}
          rightSectionWidth={48}
          error={error('new_buyer_limit')}
        />
        <NumberInput
          ref={windowRef}
          label={t('offerManager.amounts.paymentWindow')}
          description={t('offerManager.amounts.paymentWindowHint', {
            min: PAYMENT_WINDOW_MIN,
            max: PAYMENT_WINDOW_MAX,
          })}
          min={PAYMENT_WINDOW_MIN}
          max={PAYMENT_WINDOW_MAX}
          step={15}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          rightSection={<Text size="xs">{t('offerManager.amounts.minutes')}</Text>}
          rightSectionWidth={56}
          value={paymentWindow.value}
          onChange={(value) => paymentWindow.onChange(String(value))}
          onBlur={paymentWindow.onBlur}
          required
          error={error('payment_window')}
        />
      </SimpleGrid>
    </Stack>
  );
}

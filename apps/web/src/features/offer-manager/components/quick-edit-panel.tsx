import { PREDEFINED_AMOUNTS_MAX, type MyOffer } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, SimpleGrid, Stack, TagsInput, Text } from '@mantine/core';
import { useController, useForm, useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { numericClass } from '@/shared/ui/numeric';
import { marketRate, useCryptoFiatRates } from '../api/get-crypto-fiat-rates';
import { useSetOfferAmount, useSetOfferPrice } from '../api/quick-edit';
import { useFiatFormat } from '../hooks/use-fiat-format';
import { translateOfferFieldError } from '../utils/offer-errors';
import { previewPrice, sanitizeAmountInput } from '../utils/price';
import {
  quickAmountBody,
  quickAmountDefaults,
  quickAmountSchema,
  quickPriceDefaults,
  quickPriceRequest,
  quickPriceSchema,
  type QuickAmountValues,
  type QuickEditKind,
  type QuickPriceValues,
} from '../utils/quick-edit';
import { AmountInput } from './amount-input';
import { AmountModeSwitch, PriceModeSwitch } from './mode-switches';
import { precisionOf, QuickEditForm, useQuickEditFailure } from './quick-edit-form-parts';
import { QuickCapForm } from './quick-cap-form';

export { precisionOf } from './quick-edit-form-parts';

function QuickPriceForm({ offer, onDone }: { offer: MyOffer; onDone: () => void }) {
  const { t } = useTranslation();
  const format = useFiatFormat();
  const precision = precisionOf(offer.rangeMin);
  const mutation = useSetOfferPrice();
  const rates = useCryptoFiatRates();
  const form = useForm<QuickPriceValues>({
    resolver: zodResolver(quickPriceSchema(precision)),
    defaultValues: quickPriceDefaults(offer),
  });
  const failure = useQuickEditFailure(form, ['new_margin', 'new_fixed_price'], precision);
  const mode = useController({ control: form.control, name: 'price_mode' });
  const [margin, fixedPrice] = useWatch({ control: form.control, name: ['new_margin', 'new_fixed_price'] });
  const error = useQuickError(form, precision);
  const market = marketRate(rates.data, offer.cryptoCurrencyCode, offer.fiatCurrencyCode);
  const preview = previewPrice({
    market,
    priceMode: mode.field.value,
    margin,
    fixedPrice,
    fiatPrecision: precision,
  });
  const labelId = `quick-price-mode-${offer.idHashed}`;

  return (
    <QuickEditForm
      form={form}
      label={t('offerManager.quickEdit.priceForm')}
      failure={failure}
      pending={mutation.isPending}
      onDone={onDone}
      save={async (values) => {
        await mutation.mutateAsync(quickPriceRequest(offer.idHashed, values));
        return t('offerManager.quickEdit.priceSaved');
      }}
    >
      <PriceModeSwitch
        labelId={labelId}
        value={mode.field.value}
        onChange={(value) => {
          mode.field.onChange(value);
          form.clearErrors();
        }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {mode.field.value === 'margin' ? (
          <AmountInput<QuickPriceValues>
            key="margin"
            name="new_margin"
            kind="margin"
            label={t('offerManager.pricing.margin')}
            rightSection={<Text size="sm">%</Text>}
            error={error('new_margin')}
          />
        ) : (
          <AmountInput<QuickPriceValues>
            key="fixed"
            name="new_fixed_price"
            label={t('offerManager.pricing.fixedPrice', { currency: offer.fiatCurrencyCode })}
            rightSection={<Text size="xs">{offer.fiatCurrencyCode}</Text>}
            rightSectionWidth={48}
            error={error('new_fixed_price')}
          />
        )}
        <Stack gap={2} justify="flex-end">
          <Text size="xs" c="dimmed">
            {t('offerManager.quickEdit.newPrice')}
          </Text>
          <Text fw={700} className={numericClass} data-testid="quick-price-preview">
            {preview.price ? format(preview.price, offer.fiatCurrencyCode, precision) : '—'}
          </Text>
        </Stack>
      </SimpleGrid>
    </QuickEditForm>
  );
}

/**
 * The translated error of a quick-edit field. (Read from the form itself: the component that owns the
 * form renders its FormProvider, so it cannot read the form's context.)
 */
function useQuickError<T extends FieldValues>(form: UseFormReturn<T>, precision: number) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  return (field: string) =>
    translateOfferFieldError(t, errors[field] as { type?: string; message?: string } | undefined, {
      field,
      fiatPrecision: precision,
    });
}

function QuickAmountForm({ offer, onDone }: { offer: MyOffer; onDone: () => void }) {
  const { t } = useTranslation();
  const precision = precisionOf(offer.rangeMin);
  const mutation = useSetOfferAmount();
  const form = useForm<QuickAmountValues>({
    resolver: zodResolver(quickAmountSchema(precision)),
    defaultValues: quickAmountDefaults(offer),
  });
  const failure = useQuickEditFailure(form, ['range_min', 'range_max', 'predefined_amount'], precision);
  const mode = useController({ control: form.control, name: 'amount_mode' });
  const predefined = useController({ control: form.control, name: 'predefined_amount' });
  const error = useQuickError(form, precision);
  const fiat = offer.fiatCurrencyCode;
  const labelId = `quick-amount-mode-${offer.idHashed}`;

  return (
    <QuickEditForm
      form={form}
      label={t('offerManager.quickEdit.amountForm')}
      failure={failure}
      pending={mutation.isPending}
      onDone={onDone}
      save={async (values) => {
        await mutation.mutateAsync({ id: offer.idHashed, amounts: quickAmountBody(values) });
        return t('offerManager.quickEdit.amountsSaved');
      }}
    >
      <AmountModeSwitch
        labelId={labelId}
        value={mode.field.value}
        onChange={(value) => {
          mode.field.onChange(value);
          form.clearErrors();
        }}
      />
      {mode.field.value === 'min_max' ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <AmountInput<QuickAmountValues>
            name="range_min"
            label={t('offerManager.amounts.min', { currency: fiat })}
            rightSection={<Text size="xs">{fiat}</Text>}
            rightSectionWidth={48}
            error={error('range_min')}
          />
          <AmountInput<QuickAmountValues>
            name="range_max"
            label={t('offerManager.amounts.max', { currency: fiat })}
            rightSection={<Text size="xs">{fiat}</Text>}
            rightSectionWidth={48}
            error={error('range_max')}
          />
        </SimpleGrid>
      ) : (
        <TagsInput
          label={t('offerManager.amounts.predefinedLabel', { currency: fiat })}
          description={t('offerManager.amounts.predefinedHint', { count: PREDEFINED_AMOUNTS_MAX })}
          value={predefined.field.value}
          onChange={(values) =>
            predefined.field.onChange(
              values.map((v) => sanitizeAmountInput(v)).filter((v): v is string => !!v),
            )
          }
          maxTags={PREDEFINED_AMOUNTS_MAX}
          clearable
          error={error('predefined_amount')}
        />
      )}
    </QuickEditForm>
  );
}

/** The quick-edit panel under an offer: its price or its amounts, saved through the quick-edit calls. */
export function QuickEditPanel({
  offer,
  kind,
  onClose,
}: {
  offer: MyOffer;
  kind: QuickEditKind;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="var(--mantine-color-default-hover)"
      data-testid={`quick-edit-${kind}`}
    >
      <Text fw={600} size="sm" mb="xs">
        {t(`offerManager.quickEdit.${kind}Title`)}
      </Text>
      {kind === 'price' ? (
        <QuickPriceForm offer={offer} onDone={onClose} />
      ) : kind === 'amount' ? (
        <QuickAmountForm offer={offer} onDone={onClose} />
      ) : (
        <QuickCapForm offer={offer} onDone={onClose} />
      )}
    </Paper>
  );
}

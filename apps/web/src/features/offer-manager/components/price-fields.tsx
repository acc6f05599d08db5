import { Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useController, useWatch, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { numericClass } from '@/shared/ui/numeric';
import { marketRate, useCryptoFiatRates } from '../api/get-crypto-fiat-rates';
import { useFiatFormat } from '../hooks/use-fiat-format';
import { useOfferFieldError } from '../hooks/use-offer-field-error';
import type { OfferFormValues } from '../utils/offer-form';
import { previewPrice } from '../utils/price';
import { AmountInput } from './amount-input';
import { PriceModeSwitch } from './mode-switches';

type PriceFieldsProps = { fiatPrecision: number | null; idPrefix?: string };

/**
 * Margin or fixed price, with the live price of one coin next to it: the market rate of the coin in the
 * offer's currency (refreshed every minute) and the offer's own price from the same rule the server uses.
 */
export function PriceFields({ fiatPrecision, idPrefix = 'offer' }: PriceFieldsProps) {
  const { t } = useTranslation();
  const { control, clearErrors } = useFormContext<OfferFormValues>();
  const mode = useController({ control, name: 'price_mode' });
  const error = useOfferFieldError<OfferFormValues>(fiatPrecision);
  const fiat = useWatch({ control, name: 'fiat_currency_code' });
  const isMargin = mode.field.value === 'margin';
  const labelId = `${idPrefix}-price-mode-label`;

  return (
    <Stack gap="md">
      <PriceModeSwitch
        labelId={labelId}
        value={mode.field.value}
        onChange={(value) => {
          mode.field.onChange(value);
          clearErrors(['margin', 'fixed_price']);
        }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {isMargin ? (
          <AmountInput<OfferFormValues>
            key="margin"
            name="margin"
            kind="margin"
            label={t('offerManager.pricing.margin')}
            description={t('offerManager.pricing.marginHint')}
            placeholder="2.5"
            rightSection={<Text size="sm">%</Text>}
            required
            error={error('margin')}
          />
        ) : (
          <AmountInput<OfferFormValues>
            key="fixed"
            name="fixed_price"
            label={t('offerManager.pricing.fixedPrice', { currency: fiat })}
            description={t('offerManager.pricing.fixedPriceHint')}
            rightSection={<Text size="xs">{fiat}</Text>}
            rightSectionWidth={48}
            required
            error={error('fixed_price')}
          />
        )}
        <PricePreviewCard fiatPrecision={fiatPrecision} />
      </SimpleGrid>
    </Stack>
  );
}

/** The live price preview: market price, the offer's price, and how far apart they are. */
export function PricePreviewCard({ fiatPrecision }: { fiatPrecision: number | null }) {
  const { t } = useTranslation();
  const format = useFiatFormat();
  const { control } = useFormContext<OfferFormValues>();
  const [crypto, fiat, priceMode, margin, fixedPrice] = useWatch({
    control,
    name: ['crypto_currency_code', 'fiat_currency_code', 'price_mode', 'margin', 'fixed_price'],
  });
  const rates = useCryptoFiatRates();
  const precision = fiatPrecision ?? rates.data?.currencies.find((c) => c.code === fiat)?.precision ?? 2;
  const market = marketRate(rates.data, crypto, fiat);
  const preview = previewPrice({ market, priceMode, margin, fixedPrice, fiatPrecision: precision });
  const marketText = market ? format(market, fiat, precision) : null;

  return (
    <Paper withBorder p="sm" radius="md" data-testid="price-preview" aria-live="polite">
      <Stack gap={6}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('offerManager.pricing.previewTitle', { crypto })}
        </Text>
        {rates.isPending ? (
          <Skeleton height={44} role="status" aria-label={t('common.loading')} />
        ) : (
          <>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {t('offerManager.pricing.marketPrice')}
              </Text>
              <Text size="sm" className={numericClass} data-testid="market-price">
                {marketText ??
                  (rates.isError ? t('offerManager.pricing.rateError') : t('offerManager.pricing.noRate'))}
              </Text>
            </Group>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={600}>
                {t('offerManager.pricing.yourPrice')}
              </Text>
              <Text size="lg" fw={700} className={numericClass} data-testid="offer-price">
                {preview.price ? format(preview.price, fiat, precision) : '—'}
              </Text>
            </Group>
            {preview.marginPercent !== null ? (
              <Text size="xs" c={preview.marginPercent.startsWith('-') ? 'orange' : 'teal'} ta="right">
                {t('offerManager.pricing.vsMarket', {
                  percent: preview.marginPercent.startsWith('-')
                    ? preview.marginPercent
                    : `+${preview.marginPercent}`,
                })}
              </Text>
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}

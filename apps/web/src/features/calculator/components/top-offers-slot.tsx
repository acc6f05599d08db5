import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TopOffers } from '@/features/marketplace';

/** How many offers per side the calculator shows (spec: "top offers: 5 per side for crypto id 1"). */
export const TOP_OFFERS_PER_SIDE = 5;

export type TopOffersSlotProps = {
  /** The fiat currency of the page (`EUR`). */
  currencyCode: string;
  /** The coin (`BTC`; the spec's calculator names bitcoin by crypto id 1). */
  cryptoCode: string;
  perSide: number;
};

/**
 * "Top offers (5 per side)" on the calculator page: the best buy and sell offers for bitcoin in this
 * currency, from the marketplace search (the marketplace feature's TopOffers block).
 */
export function TopOffersSlot({ currencyCode, cryptoCode, perSide }: TopOffersSlotProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="section" aria-labelledby="calculator-top-offers">
      <Title order={2} fz="lg" id="calculator-top-offers">
        {t('marketplace.top.title', { crypto: cryptoCode, currency: currencyCode })}
      </Title>
      <TopOffers cryptoCode={cryptoCode} currencyCode={currencyCode} perSide={perSide} />
    </Stack>
  );
}

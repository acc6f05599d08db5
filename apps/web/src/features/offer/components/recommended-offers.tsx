import type { OfferListing } from '@app/contract';
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OfferCard } from '@/features/marketplace';

/**
 * Up to three similar offers the server recommends (same coin, currency and method), as marketplace
 * cards. Nothing is shown when there are none.
 */
export function RecommendedOffers({ offers, side }: { offers: OfferListing[]; side: 'buy' | 'sell' }) {
  const { t } = useTranslation();
  if (offers.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="recommended-title" data-testid="recommended-offers">
      <Title order={2} fz="lg" id="recommended-title">
        {t('offer.recommended.title')}
      </Title>
      {offers.map((offer) => (
        <OfferCard key={offer.hash} offer={offer} side={side} />
      ))}
    </Stack>
  );
}

import { Anchor, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TopOffers } from '@/features/marketplace';
import { useNamedRoute } from '@/shared/app-state/app-state-context';

/** How many offers per side the home shows: a glance, the marketplace has the rest. */
export const MARKET_OFFERS_PER_SIDE = 3;

/**
 * The market in the user's currency: the best bitcoin offers to buy from and to sell to (the
 * marketplace's top-offers block, which has its own loading, empty and error states), and the way to
 * the whole marketplace.
 */
export function MarketCard({ currencyCode }: { currencyCode: string }) {
  const { t } = useTranslation();
  const marketplacePath = useNamedRoute('marketplace');
  return (
    <Stack gap="sm" component="section" aria-labelledby="home-market-title" data-testid="home-market">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={2} fz="lg" id="home-market-title">
          {t('home.dashboard.market.title', { crypto: 'BTC', currency: currencyCode })}
        </Title>
        <Anchor component={Link} to={marketplacePath} size="sm">
          {t('home.dashboard.market.all')}
        </Anchor>
      </Group>
      <TopOffers cryptoCode="BTC" currencyCode={currencyCode} perSide={MARKET_OFFERS_PER_SIDE} />
    </Stack>
  );
}

import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getMyOffersQueryOptions, offerEditorPath } from '@/features/offer-manager';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { ErrorState } from '@/shared/ui/error-state';
import { numericClass } from '@/shared/ui/numeric';
import { countMyOffers } from '../utils/my-offers-summary';
import { DashboardCard } from './dashboard-card';

/**
 * The user's offers in two numbers (how many, how many switched on) per side, with the way to the offer
 * manager; an invitation to create one while there is none. Both sides' lists are the offer manager's
 * own (the same cache), read once: the home does not follow live prices as the manager does.
 */
export function MyOffersCard() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const myOffersPath = useNamedRoute('myOffers');
  const buy = useQuery({ ...getMyOffersQueryOptions('buy'), refetchInterval: false });
  const sell = useQuery({ ...getMyOffersQueryOptions('sell'), refetchInterval: false });
  const createButton = (
    <Button component={Link} to={localize(offerEditorPath())} variant="light" size="sm">
      {t('home.dashboard.createOffer')}
    </Button>
  );

  let body;
  if (buy.isPending || sell.isPending) {
    body = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton height={28} width="50%" />
        <Skeleton height={20} />
      </Stack>
    );
  } else if (buy.isError || sell.isError) {
    body = (
      <ErrorState
        message={t('home.dashboard.offers.error')}
        onRetry={() => {
          if (buy.isError) void buy.refetch();
          if (sell.isError) void sell.refetch();
        }}
      />
    );
  } else {
    const summary = countMyOffers(buy.data, sell.data);
    body =
      summary.total === 0 ? (
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="dimmed" data-testid="home-offers-empty">
            {t('home.dashboard.offers.empty')}
          </Text>
          {createButton}
        </Stack>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text fw={700} fz="lg" className={numericClass} data-testid="home-offers-summary">
            {t('home.dashboard.offers.summary', { count: summary.total, active: summary.active })}
          </Text>
          <Text size="sm" c="dimmed" className={numericClass}>
            {t('home.dashboard.offers.sides', {
              sell: summary.sell.total,
              sellActive: summary.sell.active,
              buy: summary.buy.total,
              buyActive: summary.buy.active,
            })}
          </Text>
          <Group gap="xs">
            <Button component={Link} to={myOffersPath} size="sm">
              {t('home.dashboard.offers.manage')}
            </Button>
            {createButton}
          </Group>
        </Stack>
      );
  }

  return (
    <DashboardCard id="home-offers" title={t('home.dashboard.offers.title')}>
      {body}
    </DashboardCard>
  );
}

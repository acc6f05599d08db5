import type { CurrentUser } from '@app/contract';
import { Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { offerEditorPath } from '@/features/offer-manager';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { ActiveTradesCard } from './active-trades-card';
import { BalancesCard } from './balances-card';
import { MarketCard } from './market-card';
import { MyOffersCard } from './my-offers-card';

/**
 * The home of a signed-in user: their trading rather than the product's pitch. Running trades first
 * (they have deadlines), then the wallet and their offers, then the market in their currency. Each block
 * loads and fails on its own, so one slow call does not hold up the rest.
 */
export function TradingHome({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const marketplacePath = useNamedRoute('marketplace');
  return (
    <Container
      size="lg"
      py={{ base: 'lg', sm: 'xl' }}
      px={{ base: 'sm', sm: 'lg' }}
      data-testid="trading-home"
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
          <div>
            <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
              {t('home.greeting', { username: user.username })}
            </Title>
            <Text c="dimmed" size="sm">
              {t('home.dashboard.lead')}
            </Text>
          </div>
          <Group gap="xs">
            <Button component={Link} to={marketplacePath}>
              {t('home.dashboard.findOffer')}
            </Button>
            <Button component={Link} to={localize(offerEditorPath())} variant="default">
              {t('home.dashboard.createOffer')}
            </Button>
          </Group>
        </Group>
        <ActiveTradesCard />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <BalancesCard />
          <MyOffersCard />
        </SimpleGrid>
        <MarketCard currencyCode={user.currency} />
      </Stack>
    </Container>
  );
}

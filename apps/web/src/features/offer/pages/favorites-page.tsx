import {
  Button,
  Center,
  Container,
  EmptyState,
  Group,
  Select,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { ErrorState } from '@/shared/ui/error-state';
import { favoriteSorts, useFavoriteOffers, type FavoriteSort, type FavoriteType } from '../api/favorites';
import { offerKeys } from '../api/query-keys';
import { FavoriteOfferItem } from '../components/favorite-offer-item';

const TABS = ['all', 'buy', 'sell'] as const;
type FavoritesTab = (typeof TABS)[number];
const isTab = (value: string | null): value is FavoritesTab =>
  (TABS as readonly (string | null)[]).includes(value);
const isSort = (value: string | null): value is FavoriteSort =>
  (favoriteSorts as readonly (string | null)[]).includes(value);

/** The tab is the viewer's side; the API's `type` is the offer's own: "to buy" lists sell offers. */
const typeOf = (tab: FavoritesTab): FavoriteType => (tab === 'buy' ? 'sell' : tab === 'sell' ? 'buy' : null);

/**
 * Favourite offers (`/favorites`, login required): all, to buy, to sell; newest or oldest first; load
 * more; the heart removes one. The tab and sort live in the address (replaced, not pushed).
 */
export function FavoritesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('offer.favorites.title'));
  const localize = useLocalizePath();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const sortParam = params.get('sort');
  const tab: FavoritesTab = isTab(tabParam) ? tabParam : 'all';
  const sort: FavoriteSort = isSort(sortParam) ? sortParam : 'newest';
  const query = useFavoriteOffers(typeOf(tab), sort);
  const offers = query.data?.pages.flatMap((page) => page.offers) ?? [];

  const update = (key: 'tab' | 'sort', value: string, fallback: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  // Every list (all tabs and sorts) may hold the removed offer: re-read them.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: offerKeys.allFavorites() });

  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('offer.favorites.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('offer.favorites.subtitle')}
          </Text>
        </div>
        <Group justify="space-between" align="flex-end" gap="sm">
          <Tabs value={tab} onChange={(value) => isTab(value) && update('tab', value, 'all')}>
            <Tabs.List>
              <Tabs.Tab value="all">{t('offer.favorites.tabs.all')}</Tabs.Tab>
              <Tabs.Tab value="buy">{t('offer.favorites.tabs.buy')}</Tabs.Tab>
              <Tabs.Tab value="sell">{t('offer.favorites.tabs.sell')}</Tabs.Tab>
            </Tabs.List>
          </Tabs>
          <Select
            label={t('offer.favorites.sortLabel')}
            value={sort}
            allowDeselect={false}
            onChange={(value) => isSort(value) && update('sort', value, 'newest')}
            data={favoriteSorts.map((value) => ({ value, label: t(`offer.favorites.sort.${value}`) }))}
            w={180}
          />
        </Group>

        {query.isPending ? (
          <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton height={92} radius="md" />
            <Skeleton height={92} radius="md" />
            <Skeleton height={92} radius="md" />
          </Stack>
        ) : query.isError && !query.data ? (
          <ErrorState message={t('offer.favorites.loadError')} onRetry={() => void query.refetch()} />
        ) : offers.length === 0 ? (
          <Center py="xl">
            <EmptyState
              title={t('offer.favorites.emptyTitle')}
              description={t('offer.favorites.emptyText')}
              data-testid="favorites-empty"
            >
              <EmptyState.Actions>
                <Button component={Link} to={localize('/trading')}>
                  {t('offer.favorites.browse')}
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          </Center>
        ) : (
          <Stack gap="sm" data-testid="favorites-list">
            {offers.map((offer) => (
              <FavoriteOfferItem key={offer.hash} offer={offer} onRemoved={refresh} />
            ))}
            {query.isFetchNextPageError ? (
              <Text size="sm" c="red" role="alert">
                {t('offer.favorites.loadMoreError')}
              </Text>
            ) : null}
            {query.hasNextPage ? (
              <Center>
                <Button
                  variant="default"
                  onClick={() => void query.fetchNextPage()}
                  loading={query.isFetchingNextPage}
                  data-testid="favorites-load-more"
                >
                  {t('offer.favorites.loadMore')}
                </Button>
              </Center>
            ) : null}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

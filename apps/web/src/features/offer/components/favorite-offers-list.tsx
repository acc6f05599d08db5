import { Badge, Button, Center, EmptyState, Group, Select, Skeleton, Stack, Tabs } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { ErrorState } from '@/shared/ui/error-state';
import { favoriteSorts, useFavoriteOffers, type FavoriteSort, type FavoriteType } from '../api/favorites';
import { offerKeys } from '../api/query-keys';
import { FavoriteOfferItem } from './favorite-offer-item';
import { LoadMore } from '@/shared/ui/load-more';

const TABS = ['all', 'buy', 'sell'] as const;
type FavoritesTab = (typeof TABS)[number];
const isTab = (value: string | null): value is FavoritesTab =>
  (TABS as readonly (string | null)[]).includes(value);
const isSort = (value: string | null): value is FavoriteSort =>
  (favoriteSorts as readonly (string | null)[]).includes(value);

/** The tab is the viewer's side; the API's `type` is the offer's own: "to buy" lists sell offers. */
const typeOf = (tab: FavoritesTab): FavoriteType => (tab === 'buy' ? 'sell' : tab === 'sell' ? 'buy' : null);

type Counts = { buy: number; sell: number };

/**
 * The viewer's favourite offers: all, to buy, to sell (each with its count); newest or oldest first;
 * load more; the heart removes one. The tab and sort live in the address (`?tab&sort`, replaced, not
 * pushed). Shown on `/favorites` and in the contacts page's favourites tab.
 */
export function FavoriteOffersList() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const sortParam = params.get('sort');
  const tab: FavoritesTab = isTab(tabParam) ? tabParam : 'all';
  const sort: FavoriteSort = isSort(sortParam) ? sortParam : 'newest';
  const query = useFavoriteOffers(typeOf(tab), sort);
  const offers = query.data?.pages.flatMap((page) => page.offers) ?? [];

  // Every answer counts both types: keep the last counts so the tabs keep them while another loads.
  const first = query.data?.pages[0];
  const [counts, setCounts] = useState<Counts | null>(null);
  if (first && (counts?.buy !== first.buyCount || counts.sell !== first.sellCount)) {
    setCounts({ buy: first.buyCount, sell: first.sellCount });
  }
  const countOf = (value: FavoritesTab) =>
    counts === null ? null : value === 'all' ? counts.buy + counts.sell : counts[typeOf(value) ?? 'buy'];

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
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Tabs value={tab} onChange={(value) => isTab(value) && update('tab', value, 'all')}>
          <Tabs.List>
            {TABS.map((value) => {
              const count = countOf(value);
              return (
                <Tabs.Tab
                  key={value}
                  value={value}
                  rightSection={
                    count === null ? null : (
                      <Badge size="sm" variant="light" color="gray" data-testid={`favorites-count-${value}`}>
                        {count}
                      </Badge>
                    )
                  }
                >
                  {t(`offer.favorites.tabs.${value}`)}
                </Tabs.Tab>
              );
            })}
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
          <LoadMore
            query={query}
            label={t('offer.favorites.loadMore')}
            errorText={t('offer.favorites.loadMoreError')}
            testId="favorites-load-more"
          />
        </Stack>
      )}
    </Stack>
  );
}

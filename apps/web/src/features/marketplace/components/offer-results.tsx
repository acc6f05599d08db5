import { Alert, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useApiErrorText, type QueryParams } from '@/shared/api';
import { useLocale } from '@/shared/i18n/locale-context';
import { numericClass } from '@/shared/ui/numeric';
import { ErrorState } from '@/shared/ui/error-state';
import { IconSearch } from '@/shared/ui/icons';
import { useOfferSearch } from '../api/search-offers';
import { marketplaceKeys } from '../api/query-keys';
import type { MarketSide } from '../utils/search-params';
import { OfferCard } from './offer-card';
import { OfferListSkeleton } from './offer-card-skeleton';

type OfferResultsProps = {
  /** The API query; null while it waits for something (a rate). */
  query: QueryParams | null;
  side: MarketSide;
  /** The amount in the search's currency, carried to the offer pages. */
  fiatMin: string | null;
  /** Shown in the empty state when filters beyond side, coin and method are set. */
  onClearFilters: (() => void) | null;
  /** Load the next page by itself when the end of the list comes into view (`hasScroll`). */
  autoLoad: boolean;
};

/** The server forgot the search's rates (a day old): the next page needs a new search. */
const isExpiredSearch = (error: unknown) =>
  isApiError(error) && error.details.some((detail) => detail.field === 'searchId');

/**
 * The result list: skeletons, the cards, "load more" (the next page is appended; a new filter starts
 * again from the first page), the empty state and the error states of the first and the next pages.
 */
export function OfferResults({ query, side, fiatMin, onClearFilters, autoLoad }: OfferResultsProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useApiErrorText();
  const queryClient = useQueryClient();
  const search = useOfferSearch(query);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = search;

  useEffect(() => {
    const element = sentinel.current;
    if (!autoLoad || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (
        entries.some((entry) => entry.isIntersecting) &&
        hasNextPage &&
        !isFetchingNextPage &&
        !isFetchNextPageError
      ) {
        void fetchNextPage();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [autoLoad, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (query === null || search.isPending) return <OfferListSkeleton />;
  if (search.isError && !search.data) {
    return (
      <ErrorState
        title={t('marketplace.results.loadFailed')}
        message={isApiError(search.error) ? errorText(search.error) : undefined}
        onRetry={() => void search.refetch()}
      />
    );
  }

  const offers = search.data.pages.flatMap((page) => page.offers);
  if (offers.length === 0) {
    return (
      <Paper withBorder p={{ base: 'lg', sm: 'xl' }} data-testid="offers-empty">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
            <IconSearch size={24} />
          </ThemeIcon>
          <Title order={2} fz="lg">
            {t('marketplace.results.emptyTitle')}
          </Title>
          <Text c="dimmed" size="sm" maw={420}>
            {onClearFilters ? t('marketplace.results.emptyFiltered') : t('marketplace.results.emptyMarket')}
          </Text>
          {onClearFilters ? (
            <Button variant="light" onClick={onClearFilters}>
              {t('marketplace.filters.clear')}
            </Button>
          ) : null}
        </Stack>
      </Paper>
    );
  }

  const expired = isFetchNextPageError && isExpiredSearch(search.error);
  // The first page counts the matches (later pages do not); an older answer without one says what is shown.
  const [first] = search.data.pages;
  const total = first?.total ?? null;
  const totalText =
    total === null
      ? null
      : first?.totalCapped
        ? t('marketplace.results.totalAtLeast', { total: new Intl.NumberFormat(locale).format(total) })
        : t('marketplace.results.total', {
            count: total,
            total: new Intl.NumberFormat(locale).format(total),
          });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" role="status" data-testid="offers-count" className={numericClass}>
        {totalText === null ? (
          hasNextPage ? (
            t('marketplace.results.shownMore', { count: offers.length })
          ) : (
            t('marketplace.results.shownAll', { count: offers.length })
          )
        ) : (
          <>
            <Text span fw={600} c="var(--mantine-color-text)" data-testid="offers-total">
              {totalText}
            </Text>
            {hasNextPage ? ` · ${t('marketplace.results.shownOfTotal', { count: offers.length })}` : null}
          </>
        )}
      </Text>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="offer-list">
        {offers.map((offer) => (
          <li key={offer.hash}>
            <OfferCard offer={offer} side={side} fiatMin={fiatMin ?? undefined} />
          </li>
        ))}
      </Stack>
      {isFetchNextPageError ? (
        <Alert color="red" variant="light" role="alert" title={t('marketplace.results.moreFailed')}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              {expired ? t('marketplace.results.searchExpired') : errorText(search.error)}
            </Text>
            <Button
              size="xs"
              variant="white"
              color="red"
              onClick={() =>
                expired
                  ? void queryClient.resetQueries({ queryKey: marketplaceKeys.search(query) })
                  : void fetchNextPage()
              }
            >
              {expired ? t('marketplace.results.startAgain') : t('common.retry')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {hasNextPage && !isFetchNextPageError ? (
        <Group justify="center" mt="xs">
          <Button variant="default" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {t('marketplace.results.loadMore')}
          </Button>
        </Group>
      ) : null}
      <div ref={sentinel} aria-hidden />
    </Stack>
  );
}

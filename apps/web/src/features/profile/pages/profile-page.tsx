import { offerSorts, type OfferSort, type PublicProfile } from '@app/contract';
import {
  Alert,
  Button,
  Center,
  Container,
  EmptyState,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useCryptoCurrencies } from '@/features/catalogue';
import { RelationActions } from '@/features/contacts';
import { OfferCard } from '@/features/marketplace';
import { isApiError } from '@/shared/api';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { ErrorState } from '@/shared/ui/error-state';
import { IconUser } from '@/shared/ui/icons';
import { useCurrentUser } from '@/shared/session/current-user';
import { StatusPage } from '@/shared/ui/status-page';
import { usePublicProfile } from '../api/get-public-profile';
import { useUserOffers } from '../api/get-user-offers';
import { profileKeys } from '../api/query-keys';
import { ProfileBio } from '../components/profile-bio';
import { ProfileFeedbackList } from '../components/profile-feedback-list';
import { ProfileStats } from '../components/profile-stats';
import { ProfileSummary } from '../components/profile-summary';
import { useNow } from '../hooks/use-now';

/** The tabs are the visitor's side: "buy from" lists the user's sell offers. */
const TABS = ['buy', 'sell'] as const;
type ProfileTab = (typeof TABS)[number];
const isTab = (value: string | null): value is ProfileTab =>
  (TABS as readonly (string | null)[]).includes(value);
const isSort = (value: string | null): value is OfferSort =>
  (offerSorts as readonly (string | null)[]).includes(value);

const DEFAULT_CRYPTO = 'BTC';

/**
 * A trader's public profile (`/user/{username}`): who they are (online or last seen, country, member
 * since, feedback, bio), their record in numbers, their active offers with buy/sell tabs, a coin filter,
 * sort and "load more", and the feedback they received.
 * Tab, coin and sort live in the address (replaced, not pushed). An unknown user gets a not-found page.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const { username = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const now = useNow();
  const profile = usePublicProfile(username);
  const cryptos = useCryptoCurrencies();
  const viewer = useCurrentUser().data ?? null;
  const queryClient = useQueryClient();

  const tabParam = params.get('tab');
  const sortParam = params.get('sort');
  const tab: ProfileTab = isTab(tabParam) ? tabParam : 'buy';
  const sort: OfferSort = isSort(sortParam) ? sortParam : 'default';
  const crypto = (params.get('crypto') ?? DEFAULT_CRYPTO).toUpperCase();
  const shownName = profile.data?.username ?? username;
  // Trust and block are for logged-in visitors of someone else's profile.
  const isOwn =
    viewer !== null &&
    profile.isSuccess &&
    profile.data.username.toLowerCase() === viewer.username.toLowerCase();
  const canRelate = viewer !== null && profile.isSuccess && !isOwn;
  const notFound = profile.isError && isApiError(profile.error) && profile.error.status === 404;
  useDocumentTitle(notFound ? t('profile.notFound.title') : t('profile.title', { username: shownName }));

  const offers = useUserOffers(
    username,
    { type: tab === 'buy' ? 'sell' : 'buy', crypto, sort },
    profile.isSuccess && !profile.data.isBanned,
  );
  const list = offers.data?.pages.flatMap((page) => page.offers) ?? [];

  const update = (key: 'tab' | 'crypto' | 'sort', value: string, fallback: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  if (notFound) {
    return (
      <StatusPage
        code="404"
        icon={<IconUser size={32} />}
        title={t('profile.notFound.title')}
        description={t('profile.notFound.text', { username })}
      >
        <Button component={Link} to={localize('/trading')}>
          {t('profile.notFound.market')}
        </Button>
      </StatusPage>
    );
  }

  const coinOptions = (cryptos.data?.cryptoCurrencies ?? [])
    .filter((coin) => !coin.isBlocked)
    .map((coin) => ({ value: coin.code, label: `${coin.fullName} (${coin.code})` }));
  if (!coinOptions.some((option) => option.value === crypto)) {
    coinOptions.push({ value: crypto, label: crypto });
  }

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="lg">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          {profile.isPending ? (
            <Skeleton height={64} radius="md" role="status" aria-label={t('common.loading')} />
          ) : profile.isError ? (
            <ErrorState message={t('profile.loadError')} onRetry={() => void profile.refetch()} />
          ) : (
            <Stack gap="md">
              <Group justify="space-between" align="flex-start" gap="md">
                <ProfileSummary profile={profile.data} variant="page" now={now} />
                {canRelate ? (
                  <RelationActions
                    username={profile.data.username}
                    isTrusted={profile.data.isTrusted}
                    isBlocked={profile.data.isBlocked}
                    size="sm"
                    onChange={(flags) =>
                      queryClient.setQueryData<PublicProfile>(
                        profileKeys.profile(username),
                        (old) => old && { ...old, ...flags },
                      )
                    }
                  />
                ) : null}
              </Group>
              {profile.data.isBanned ? null : <ProfileBio bio={profile.data.bio} isOwn={isOwn} />}
            </Stack>
          )}
        </Paper>

        {profile.isSuccess && !profile.data.isBanned ? <ProfileStats profile={profile.data} /> : null}

        {profile.data?.isBanned ? (
          <Alert color="red" variant="light" data-testid="profile-banned-note">
            {t('profile.bannedNote')}
          </Alert>
        ) : profile.isSuccess ? (
          <Stack gap="md" component="section" aria-label={t('profile.offersTitle')}>
            <Group justify="space-between" align="flex-end" gap="sm">
              <Tabs value={tab} onChange={(value) => isTab(value) && update('tab', value, 'buy')}>
                <Tabs.List>
                  <Tabs.Tab value="buy">{t('profile.tabs.buy', { username: shownName })}</Tabs.Tab>
                  <Tabs.Tab value="sell">{t('profile.tabs.sell', { username: shownName })}</Tabs.Tab>
                </Tabs.List>
              </Tabs>
              <Group gap="sm" align="flex-end">
                <Select
                  label={t('profile.filters.crypto')}
                  value={crypto}
                  allowDeselect={false}
                  data={coinOptions}
                  onChange={(value) => value && update('crypto', value, DEFAULT_CRYPTO)}
                  w={200}
                  data-testid="profile-crypto"
                />
                <Select
                  label={t('profile.filters.sort')}
                  value={sort}
                  allowDeselect={false}
                  data={offerSorts.map((value) => ({ value, label: t(`profile.sorts.${value}`) }))}
                  onChange={(value) => isSort(value) && update('sort', value, 'default')}
                  w={220}
                  data-testid="profile-sort"
                />
              </Group>
            </Group>

            {offers.isPending ? (
              <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
                <Skeleton height={120} radius="md" />
                <Skeleton height={120} radius="md" />
              </Stack>
            ) : offers.isError && !offers.data ? (
              <ErrorState message={t('profile.offersError')} onRetry={() => void offers.refetch()} />
            ) : list.length === 0 ? (
              <Center py="xl">
                <EmptyState
                  title={t('profile.emptyTitle')}
                  description={
                    tab === 'buy'
                      ? t('profile.emptyBuy', { username: shownName, crypto })
                      : t('profile.emptySell', { username: shownName, crypto })
                  }
                  data-testid="profile-offers-empty"
                />
              </Center>
            ) : (
              <Stack gap="sm" data-testid="profile-offers">
                {list.map((offer) => (
                  <OfferCard key={offer.hash} offer={offer} side={tab} />
                ))}
                {offers.isFetchNextPageError ? (
                  <Text size="sm" c="red" role="alert" data-testid="profile-more-error">
                    {t('profile.loadMoreError')}
                  </Text>
                ) : null}
                <Center>
                  {offers.hasNextPage ? (
                    <Button
                      variant="default"
                      onClick={() => void offers.fetchNextPage()}
                      loading={offers.isFetchingNextPage}
                      data-testid="profile-load-more"
                    >
                      {t('profile.loadMore')}
                    </Button>
                  ) : (
                    <Text size="sm" c="dimmed" data-testid="profile-offers-end">
                      {t('profile.end')}
                    </Text>
                  )}
                </Center>
              </Stack>
            )}
          </Stack>
        ) : null}

        {profile.isSuccess && !profile.data.isBanned ? (
          <ProfileFeedbackList username={profile.data.username} />
        ) : null}
      </Stack>
    </Container>
  );
}

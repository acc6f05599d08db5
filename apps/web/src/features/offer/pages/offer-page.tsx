import { isAmountInput } from '@app/contract';
import { Button, Container, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useCryptoCurrencies } from '@/features/catalogue';
import { FavoriteToggle } from '@/features/marketplace';
import { useNow } from '@/features/profile';
import { isApiError } from '@/shared/api';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { useCurrentUser } from '@/shared/session/current-user';
import { ErrorState } from '@/shared/ui/error-state';
import { IconFlag, IconSearch } from '@/shared/ui/icons';
import { StatusPage } from '@/shared/ui/status-page';
import { useQueryClient } from '@tanstack/react-query';
import type { OfferView } from '@app/contract';
import { useOffer } from '../api/get-offer';
import { usePaymentMethod } from '../api/get-payment-method';
import { offerKeys } from '../api/query-keys';
import { OfferDetails } from '../components/offer-details';
import { OfferFeedbackList } from '../components/offer-feedback-list';
import { OfferNotices } from '../components/offer-notices';
import { OpeningHours } from '../components/opening-hours';
import { OwnerPanel } from '../components/owner-panel';
import { RecommendedOffers } from '../components/recommended-offers';
import { ReportOfferModal } from '../components/report-offer-modal';
import { TradePanel } from '../components/trade-panel';
import { checkRequirements, tradeBlock } from '../utils/offer-state';
import { viewerSide } from '../utils/warnings';

/**
 * The spec's `fiat-min` must be numeric: anything else is ignored. The amount input rule decides
 * (digits and one decimal point), and a blank or lone point is no amount.
 */
function fiatMinOf(raw: string | null): string | null {
  if (raw === null) return null;
  const value = raw.trim();
  return value !== '' && value !== '.' && isAmountInput(value) ? value : null;
}

function OfferPageSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack
      gap="lg"
      role="status"
      aria-busy="true"
      aria-label={t('common.loading')}
      data-testid="offer-loading"
    >
      <Skeleton height={36} width="60%" radius="md" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Skeleton height={260} radius="md" />
            <Skeleton height={220} radius="md" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton height={160} radius="md" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * The offer page (`/offer/{id}`, optional numeric `fiat-min`; login required): the offer with its live
 * price, the state widget (spec "View-offer state"), the trade form with its warnings, the owner, opening
 * hours, feedback and recommended offers, the favourite heart and the report modal.
 */
export function OfferPage() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const queryClient = useQueryClient();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const initialFiat = fiatMinOf(params.get('fiat-min'));
  const query = useOffer(id);
  const { data: user } = useCurrentUser();
  const cryptos = useCryptoCurrencies();
  const view = query.data;
  const method = usePaymentMethod(view?.offer.paymentMethod.slug ?? null);
  const now = useNow(30_000);
  const [reportOpen, setReportOpen] = useState(false);

  const side = view ? viewerSide(view) : 'buy';
  const methodName =
    method.data?.name.localized ?? view?.offer.paymentMethod.name ?? t('offer.details.unknownMethod');
  const title = view
    ? side === 'buy'
      ? t('offer.titleBuy', { crypto: view.offer.altCoin.code, method: methodName })
      : t('offer.titleSell', { crypto: view.offer.altCoin.code, method: methodName })
    : t('offer.title');
  useDocumentTitle(
    query.isError && isApiError(query.error) && query.error.status === 404
      ? t('offer.notFound.title')
      : title,
  );

  if (query.isPending) {
    return (
      <Container size="lg" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
        <OfferPageSkeleton />
      </Container>
    );
  }
  if (query.isError && !view) {
    if (isApiError(query.error) && query.error.status === 404) {
      return (
        <StatusPage
          code="404"
          icon={<IconSearch size={32} />}
          title={t('offer.notFound.title')}
          description={t('offer.notFound.text')}
        >
          <Button component={Link} to={localize('/trading')} data-testid="offer-not-found-market">
            {t('offer.notFound.market')}
          </Button>
        </StatusPage>
      );
    }
    return (
      <Container size="sm" py="xl">
        <ErrorState
          title={t('offer.loadErrorTitle')}
          message={t('offer.loadError')}
          onRetry={() => void query.refetch()}
        />
      </Container>
    );
  }
  if (!view) return null;

  const { offer } = view;
  const coin = cryptos.data?.cryptoCurrencies.find((c) => c.code === offer.altCoin.code);
  // The base unit's decimals (fiat -> crypto rounds down to them); the display precision if the
  // catalogue cannot be read.
  const cryptoDecimals = coin?.decimals ?? offer.altCoin.precision;
  const requirements = checkRequirements(offer.requirements, user ?? null);
  const block = tradeBlock(view, requirements);
  const setFavorite = (isFavorite: boolean) =>
    queryClient.setQueryData<OfferView>(offerKeys.view(id), (current) =>
      current ? { ...current, isFavorite } : current,
    );

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          {/* The title takes the room it needs; on a narrow phone the actions move below it. */}
          <div style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <Title order={1} fz={{ base: 24, sm: 30 }} data-testid="offer-title">
              {title}
            </Title>
            <Text c="dimmed" size="sm">
              {t('offer.subtitle', { username: offer.ownerUsername, currency: offer.fiatCurrency.code })}
            </Text>
          </div>
          <Group gap="xs" wrap="nowrap">
            {view.isOwner ? null : (
              <>
                <FavoriteToggle
                  hash={offer.id}
                  isFavorite={view.isFavorite}
                  onChange={setFavorite}
                  size="lg"
                />
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconFlag size={16} />}
                  onClick={() => setReportOpen(true)}
                  data-testid="report-offer"
                >
                  {t('offer.report.open')}
                </Button>
              </>
            )}
          </Group>
        </Group>

        <OfferNotices view={view} block={block} offerFeePercent={null} />

        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              {view.isOwner ? null : (
                <TradePanel
                  // A new offer (another id) starts a new form: amounts and accepted warnings are per offer.
                  key={offer.id}
                  view={view}
                  block={block}
                  cryptoDecimals={cryptoDecimals}
                  cryptoIcon={coin?.icon ?? offer.altCoin.code}
                  paymentGroupSlug={method.data?.group.slug ?? null}
                  paymentMethodName={methodName}
                  initialFiat={initialFiat}
                  // The warnings depend on the method's group: no start until it is known (or failed).
                  ready={!method.isLoading}
                />
              )}
              <OfferDetails view={view} paymentMethodName={methodName} requirements={requirements} />
              <OfferFeedbackList hash={offer.id} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              <OwnerPanel username={offer.ownerUsername} now={now} />
              <OpeningHours hours={view.dutyHours} timeZone={view.dutyHoursTimezone} now={now} />
            </Stack>
          </Grid.Col>
        </Grid>

        <RecommendedOffers offers={view.recommendedOffers} side={side} />
      </Stack>
      {view.isOwner ? null : (
        <ReportOfferModal hash={offer.id} opened={reportOpen} onClose={() => setReportOpen(false)} />
      )}
    </Container>
  );
}

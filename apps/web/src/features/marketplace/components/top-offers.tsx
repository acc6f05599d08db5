import type { OfferListing } from '@app/contract';
import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCryptoCurrencies } from '@/features/catalogue';
import { useLocale, useLocalizePath } from '@/shared/i18n/locale-context';
import { ErrorState } from '@/shared/ui/error-state';
import { numericClass } from '@/shared/ui/numeric';
import { useTopOffers } from '../api/search-offers';
import { formatFiat, formatLimits, offerHref, offerLimits } from '../utils/offer-format';
import { defaultFilters, marketHref, toOfferSearchQuery, type MarketSide } from '../utils/search-params';
import { FavoriteToggle } from './favorite-toggle';

export type TopOffersProps = {
  /** The coin's code (`BTC`). */
  cryptoCode: string;
  /** Only offers in this fiat currency; every currency when absent. */
  currencyCode?: string | null;
  /** Only offers with this payment method (slug). */
  paymentMethod?: string | null;
  /** How many offers per side (spec: the calculator shows 5). */
  perSide: number;
  /** Which sides to show, each as its own list. @default ['buy', 'sell'] */
  sides?: readonly MarketSide[];
  /** The heading level of each side's title. @default 3 */
  headingOrder?: 2 | 3;
};

function OfferRow({ offer, side }: { offer: OfferListing; side: MarketSide }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizePath();
  const online = offer.owner.status === 'online';
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py={8}
      data-testid="top-offer"
      data-hash={offer.hash}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={0} miw={0}>
        <Group gap={6} wrap="nowrap">
          <Text fw={600} size="sm" truncate>
            {offer.owner.username}
          </Text>
          <Text
            component="span"
            size="xs"
            c={online ? 'teal' : 'dimmed'}
            aria-label={online ? t('marketplace.card.online') : t('marketplace.card.offline')}
          >
            ●
          </Text>
        </Group>
        <Text size="xs" c="dimmed" truncate>
          {offer.paymentMethod?.name ?? t('marketplace.card.unknownMethod')} ·{' '}
          {formatLimits(offerLimits(offer, locale))}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        <Text fw={700} size="sm" ta="right" className={numericClass} style={{ whiteSpace: 'nowrap' }}>
          {offer.pricePerBtc ? formatFiat(offer.pricePerBtc, offer.fiatCurrencyCode, locale) : '—'}
        </Text>
        <FavoriteToggle hash={offer.hash} isFavorite={offer.isFavorite} size="sm" />
        <Button
          component={Link}
          to={localize(offerHref(offer.hash))}
          size="compact-sm"
          variant="light"
          color={side === 'buy' ? 'teal' : 'red'}
          aria-label={t('marketplace.card.actionLabel', {
            action: side === 'buy' ? t('marketplace.card.buy') : t('marketplace.card.sell'),
            username: offer.owner.username,
          })}
        >
          {side === 'buy' ? t('marketplace.card.buy') : t('marketplace.card.sell')}
        </Button>
      </Group>
    </Group>
  );
}

function SideList({
  side,
  cryptoId,
  urlParam,
  cryptoCode,
  currencyCode,
  paymentMethod,
  perSide,
  headingOrder,
}: {
  side: MarketSide;
  cryptoId: number;
  urlParam: string;
  cryptoCode: string;
  currencyCode: string | null;
  paymentMethod: string | null;
  perSide: number;
  headingOrder: 2 | 3;
}) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const filters = defaultFilters({ side, crypto: urlParam, currencyCode, paymentMethod });
  const query = toOfferSearchQuery(filters, { cryptoId, limit: perSide });
  const offers = useTopOffers(query);
  const fullSearch = localize(marketHref(filters));
  const heading =
    side === 'buy'
      ? t('marketplace.top.buy', { crypto: cryptoCode })
      : t('marketplace.top.sell', { crypto: cryptoCode });

  let body;
  if (offers.isPending) {
    body = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t('marketplace.results.loading')}>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} height={34} />
        ))}
      </Stack>
    );
  } else if (offers.isError) {
    body = <ErrorState title={t('marketplace.top.loadFailed')} onRetry={() => void offers.refetch()} />;
  } else if (offers.data.offers.length === 0) {
    body = (
      <Text size="sm" c="dimmed" py="sm" data-testid="top-offers-empty">
        {t('marketplace.top.empty')}
      </Text>
    );
  } else {
    body = (
      <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
        {offers.data.offers.map((offer) => (
          <OfferRow key={offer.hash} offer={offer} side={side} />
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder p="md" component="section" aria-label={heading} data-testid={`top-offers-${side}`}>
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={headingOrder} fz="md">
          {heading}
        </Title>
        <Anchor component={Link} to={fullSearch} size="sm">
          {t('marketplace.top.seeAll')}
        </Anchor>
      </Group>
      {body}
    </Paper>
  );
}

/**
 * The best offers per side for one coin (and currency / method), from the marketplace search with a small
 * limit: the calculator shows 5 per side for bitcoin in its currency, the payment method landing shows the
 * buy side. Each list links to its offers and to the full search.
 */
export function TopOffers({
  cryptoCode,
  currencyCode = null,
  paymentMethod = null,
  perSide,
  sides = ['buy', 'sell'],
  headingOrder = 3,
}: TopOffersProps) {
  const { t } = useTranslation();
  const cryptos = useCryptoCurrencies();
  const crypto = cryptos.data?.cryptoCurrencies.find((entry) => entry.code === cryptoCode);
  if (cryptos.isPending) return <Skeleton height={160} />;
  if (!crypto) {
    return <ErrorState title={t('marketplace.top.loadFailed')} onRetry={() => void cryptos.refetch()} />;
  }
  return (
    <SimpleGrid cols={{ base: 1, md: sides.length }} spacing="lg" data-testid="top-offers">
      {sides.map((side) => (
        <SideList
          key={side}
          side={side}
          cryptoId={crypto.id}
          urlParam={crypto.urlParam}
          cryptoCode={crypto.code}
          currencyCode={currencyCode}
          paymentMethod={paymentMethod}
          perSide={perSide}
          headingOrder={headingOrder}
        />
      ))}
    </SimpleGrid>
  );
}

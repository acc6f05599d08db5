import type { CryptoCurrency } from '@app/contract';
import { Box, Button, Container, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useCountries, useCryptoCurrencies, useCurrencies, usePaymentMethods } from '@/features/catalogue';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { useCurrentUser } from '@/shared/session/current-user';
import { ErrorState } from '@/shared/ui/error-state';
import { IconFilter, IconSearch } from '@/shared/ui/icons';
import { StatusPage } from '@/shared/ui/status-page';
import { useUsdRate } from '../api/get-usd-rates';
import { FilterPanel } from '../components/filter-panel';
import { OfferResults } from '../components/offer-results';
import {
  clearedFilters,
  cryptoBySlug,
  DEFAULT_CRYPTO_SLUG,
  effectiveFiatMin,
  hasNarrowingFilters,
  marketHref,
  needsUsdConversion,
  parseMarketFilters,
  toOfferSearchQuery,
  type MarketArea,
  type MarketFilters,
} from '../utils/search-params';
import { browserLanguages, defaultMarketCurrency } from '../utils/default-currency';
import classes from './marketplace-page.module.css';

/** The mobile filter block's name in the address (`?block=filters`). */
const FILTERS_BLOCK = 'filters';

function NotAMarket() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  useDocumentTitle(t('errors.notFound.title'));
  return (
    <StatusPage
      code="404"
      icon={<IconSearch size={30} />}
      title={t('errors.notFound.title')}
      description={t('errors.notFound.description')}
    >
      <Button component={Link} to={localize(marketHref(clearedFilters(parseDefault())))} mt="sm">
        {t('marketplace.browseAll')}
      </Button>
    </StatusPage>
  );
}

const parseDefault = () =>
  parseMarketFilters('otc', `buy-${DEFAULT_CRYPTO_SLUG}`, 'any', new URLSearchParams())!;

/** A coin or payment method in the address that the catalogue does not know. */
function UnknownChoice({ title, description, to }: { title: string; description: string; to: string }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <StatusPage icon={<IconSearch size={30} />} title={title} description={description}>
      <Button component={Link} to={to} mt="sm">
        {t('marketplace.browseAll')}
      </Button>
    </StatusPage>
  );
}

function PageSkeleton() {
  return (
    <Container size="xl" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 'xl' }} aria-busy="true">
      <Skeleton height={32} width={280} mb="lg" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton height={420} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm">
            <Skeleton height={110} />
            <Skeleton height={110} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

function Marketplace({ filters, cryptos }: { filters: MarketFilters; cryptos: CryptoCurrency[] }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const session = useCurrentUser();
  const user = session.data;
  const methods = usePaymentMethods();
  const currencies = useCurrencies();
  const countries = useCountries();
  const crypto = cryptoBySlug(cryptos, filters.crypto);
  const method = filters.paymentMethod
    ? methods.data?.find((entry) => entry.slug === filters.paymentMethod)
    : undefined;
  const conversion = useUsdRate(filters.currencyCode, needsUsdConversion(filters));

  const giftCards = filters.area === 'gift-cards';
  const coinName = crypto?.fullName ?? filters.crypto;
  const methodName = method?.name.localized ?? null;
  const titleKey = filters.side === 'buy' ? 'buy' : 'sell';
  const title = giftCards
    ? methodName
      ? t(`marketplace.title.${titleKey}GiftCard`, { crypto: coinName, method: methodName })
      : t(`marketplace.title.${titleKey}GiftCards`, { crypto: coinName })
    : methodName
      ? t(`marketplace.title.${titleKey}With`, { crypto: coinName, method: methodName })
      : t(`marketplace.title.${titleKey}`, { crypto: coinName });
  useDocumentTitle(title);

  const go = (next: MarketFilters, options: { replace?: boolean } = {}) =>
    void navigate(localize(marketHref(next)), { replace: options.replace, preventScrollReset: true });

  // The viewer's own currency (decided once the session and the catalogue are known; a catalogue that
  // failed to load leaves USD). An address without a currency gets it written in, replacing the entry.
  const catalogueReady = !session.isPending && !currencies.isPending && (user ? true : !countries.isPending);
  const defaultCurrency = catalogueReady
    ? defaultMarketCurrency(
        user ? { preferredCurrency: user.currency, countryIso: user.country?.iso ?? null } : null,
        browserLanguages(),
        { countries: countries.data ?? [], currencies: currencies.data?.currencies ?? [] },
      )
    : null;
  const needsCurrency = filters.currencyCode === null && !filters.anyCurrency;
  // Not on a page that says the coin or the method does not exist (its links stay plain).
  const unknownChoice = !crypto || (filters.paymentMethod !== null && methods.isSuccess && !method);
  useEffect(() => {
    if (needsCurrency && defaultCurrency && !unknownChoice) {
      void navigate(localize(marketHref({ ...filters, currencyCode: defaultCurrency })), {
        replace: true,
        preventScrollReset: true,
      });
    }
  }, [needsCurrency, defaultCurrency, unknownChoice, filters, navigate, localize]);

  if (!crypto) {
    return (
      <UnknownChoice
        title={t('marketplace.unknownCrypto.title')}
        description={t('marketplace.unknownCrypto.description', { slug: filters.crypto })}
        to={localize(marketHref({ ...filters, crypto: DEFAULT_CRYPTO_SLUG }))}
      />
    );
  }
  if (filters.paymentMethod && methods.isSuccess && !method) {
    return (
      <UnknownChoice
        title={t('marketplace.unknownMethod.title')}
        description={t('marketplace.unknownMethod.description', { slug: filters.paymentMethod })}
        to={localize(marketHref({ ...filters, paymentMethod: null }))}
      />
    );
  }

  // No search until the address names a currency (or every currency): never a mix nobody chose.
  const query = needsCurrency
    ? null
    : toOfferSearchQuery(filters, {
        cryptoId: crypto.id,
        usdRate: conversion.usdRate,
        viewerCountryIso: user?.country?.iso ?? null,
      });
  const fiatMin = effectiveFiatMin(filters, conversion.usdRate) ?? null;
  const panelOpen = filters.block === FILTERS_BLOCK;

  let results;
  if (query === null && !needsCurrency && (conversion.query.isError || conversion.missing)) {
    results = (
      <ErrorState
        title={t('marketplace.results.rateFailed', { currency: filters.currencyCode })}
        onRetry={conversion.missing ? undefined : () => void conversion.query.refetch()}
      />
    );
  } else {
    results = (
      <OfferResults
        query={query}
        side={filters.side}
        fiatMin={fiatMin}
        autoLoad={filters.hasScroll}
        onClearFilters={
          hasNarrowingFilters(filters, defaultCurrency) ? () => go(clearedFilters(filters)) : null
        }
      />
    );
  }

  return (
    <Container size="xl" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap={6} mb="lg">
        <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2}>
          {title}
        </Title>
        <Text c="dimmed">
          {filters.side === 'buy'
            ? t('marketplace.lead.buy', { crypto: crypto.code })
            : t('marketplace.lead.sell', { crypto: crypto.code })}
        </Text>
        {fiatMin && needsUsdConversion(filters) ? (
          <Text size="sm" data-testid="converted-amount">
            {t('marketplace.convertedAmount', {
              usd: filters.fiatMin,
              amount: fiatMin,
              currency: filters.currencyCode,
            })}
          </Text>
        ) : null}
      </Stack>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <Group hiddenFrom="md" mb={panelOpen ? 'sm' : 0}>
            <Button
              variant="default"
              leftSection={<IconFilter size={16} />}
              aria-expanded={panelOpen}
              aria-controls="marketplace-filters"
              onClick={() => go({ ...filters, block: panelOpen ? null : FILTERS_BLOCK }, { replace: true })}
              fullWidth
            >
              {panelOpen ? t('marketplace.filters.hide') : t('marketplace.filters.show')}
            </Button>
          </Group>
          <Box id="marketplace-filters" className={classes.panel} data-open={panelOpen}>
            <Paper withBorder p="md">
              <FilterPanel
                filters={filters}
                cryptos={cryptos.filter((entry) => !entry.isBlocked)}
                onChange={go}
                onClear={() => go(clearedFilters(filters))}
              />
            </Paper>
          </Box>
        </Grid.Col>
        <Grid.Col
          span={{ base: 12, md: 8, lg: 9 }}
          component="section"
          aria-label={t('marketplace.results.label')}
        >
          {results}
        </Grid.Col>
      </Grid>
    </Container>
  );
}

/**
 * The marketplace search: `/trading/{buy|sell}-{crypto}/{method}` (area `otc`) and
 * `/{buy|sell}-giftcard[-for-{crypto}]/{method}` (area `gift-cards`), with a locale prefix when not
 * English. Every filter is in the address (utils/search-params.ts); the page only reads it and writes it.
 */
export function MarketplacePage({ area }: { area: MarketArea }) {
  const { t } = useTranslation();
  const { market = '', method = '' } = useParams();
  const [searchParams] = useSearchParams();
  const cryptos = useCryptoCurrencies();
  const filters = useMemo(
    () => parseMarketFilters(area, market, method, searchParams),
    [area, market, method, searchParams],
  );
  if (!filters) return <NotAMarket />;
  if (cryptos.isPending) return <PageSkeleton />;
  if (!cryptos.data) {
    return (
      <Container size="sm" py="xl">
        <ErrorState title={t('marketplace.results.loadFailed')} onRetry={() => void cryptos.refetch()} />
      </Container>
    );
  }
  return <Marketplace filters={filters} cryptos={cryptos.data.cryptoCurrencies} />;
}

export function TradingPage() {
  return <MarketplacePage area="otc" />;
}

export function GiftCardMarketPage() {
  return <MarketplacePage area="gift-cards" />;
}

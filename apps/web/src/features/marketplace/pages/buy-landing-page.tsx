import { Badge, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paymentMethodIconUrl, useCatalogueNames } from '@/features/catalogue';
import { isApiError } from '@/shared/api';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { ErrorState } from '@/shared/ui/error-state';
import { IconSearch } from '@/shared/ui/icons';
import { StatusPage } from '@/shared/ui/status-page';
import { usePaymentMethod } from '../api/get-payment-method';
import { TopOffers } from '../components/top-offers';
import { defaultFilters, marketHref } from '../utils/search-params';

/** The landing's coin: the route is `/buy/bitcoin/{slug}` (spec), so it is always bitcoin. */
const LANDING_CRYPTO = { code: 'BTC', slug: 'bitcoin' } as const;
const LANDING_TOP_OFFERS = 5;

/**
 * `/buy/bitcoin/{slug}`: a short landing for one payment method: what the method is (from
 * `GET /rest/v2/payment-methods/{slug}`: name, group, where it works, offer tags), the best offers to buy
 * bitcoin with it, and the way to the full search.
 */
export function BuyLandingPage() {
  const { t } = useTranslation();
  const names = useCatalogueNames();
  const { slug = '' } = useParams();
  const localize = useLocalizePath();
  const method = usePaymentMethod(slug.toLowerCase());
  const name = method.data?.name.localized ?? null;
  const notFound = isApiError(method.error) && method.error.status === 404;
  useDocumentTitle(
    notFound
      ? t('marketplace.unknownMethod.title')
      : name
        ? t('marketplace.landing.title', { method: name })
        : t('marketplace.landing.titleLoading'),
  );
  const searchHref = localize(
    marketHref(defaultFilters({ crypto: LANDING_CRYPTO.slug, paymentMethod: method.data?.slug ?? null })),
  );

  if (notFound) {
    return (
      <StatusPage
        icon={<IconSearch size={30} />}
        title={t('marketplace.unknownMethod.title')}
        description={t('marketplace.unknownMethod.description', { slug })}
      >
        <Button component={Link} to={searchHref} mt="sm">
          {t('marketplace.browseAll')}
        </Button>
      </StatusPage>
    );
  }

  let body;
  if (method.isPending) {
    body = (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={36} width="60%" />
        <Skeleton height={60} />
      </Stack>
    );
  } else if (!method.data) {
    body = <ErrorState title={t('marketplace.landing.loadFailed')} onRetry={() => void method.refetch()} />;
  } else {
    const detail = method.data;
    const groupName = names.group(detail.group.slug, detail.group.name.localized);
    const where =
      detail.countries.length === 0
        ? t('marketplace.landing.worldwide')
        : t('marketplace.landing.countries', {
            count: detail.countries.length,
            list: detail.countries.join(', '),
          });
    body = (
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <img
            src={paymentMethodIconUrl(detail.iconName)}
            alt=""
            width={48}
            height={48}
            style={{ borderRadius: 10 }}
          />
          <Stack gap={6}>
            <Title order={1} fz={{ base: 26, sm: 34 }} lh={1.15}>
              {t('marketplace.landing.title', { method: detail.name.localized })}
            </Title>
            <Group gap="xs">
              <Badge variant="light">{groupName}</Badge>
              {detail.isBinCodeEnabled ? (
                <Badge variant="outline">{t('marketplace.landing.binCodes')}</Badge>
              ) : null}
            </Group>
          </Stack>
        </Group>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="method-description">
          <Text lh={1.6}>
            {t('marketplace.landing.description', {
              method: detail.name.localized,
              group: groupName,
            })}{' '}
            {where}
          </Text>
          {detail.tags.length > 0 ? (
            <Text size="sm" c="dimmed" mt="xs">
              {t('marketplace.landing.tags', { count: detail.tags.length })}
            </Text>
          ) : null}
          <Group mt="md">
            <Button component={Link} to={searchHref} size="md">
              {t('marketplace.landing.cta', { method: detail.name.localized })}
            </Button>
          </Group>
        </Paper>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('marketplace.landing.topTitle')}
          </Title>
          <TopOffers
            cryptoCode={LANDING_CRYPTO.code}
            paymentMethod={detail.slug}
            perSide={LANDING_TOP_OFFERS}
            sides={['buy']}
          />
        </Stack>
      </Stack>
    );
  }

  return (
    <Container size="md" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 'xl' }}>
      {body}
    </Container>
  );
}

import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Container,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { usePaymentMethods } from '@/features/catalogue';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { ErrorState } from '@/shared/ui/error-state';
import { IconAlertCircle } from '@/shared/ui/icons';
import { toast } from '@/shared/ui/toast';
import { useMyOffers } from '../api/get-my-offers';
import { useSetOfferStatus, useToggleAllOffers, type ToggleAllResult } from '../api/quick-edit';
import { BondNotice } from '../components/bond-notice';
import { MyOfferCard } from '../components/my-offer-card';
import { SavedOfferAlert } from '../components/saved-offer-alert';
import { offerErrorMessage } from '../utils/offer-errors';
import { offerEditorPath } from '../utils/paths';
import { toggleQuickEdit, type QuickEditSelection } from '../utils/quick-edit';
import { readSavedOfferNotice } from '../utils/saved-offer';

const SIDES = ['sell', 'buy'] as const;
type Side = (typeof SIDES)[number];
const isSide = (value: string | null): value is Side => value === 'sell' || value === 'buy';

/**
 * My offers (named route `myOffers`, `/offer-manager`): sell and buy tabs with their counts, each offer
 * with its status switch and quick edits of price and amounts, "all on / all off", the security deposit
 * the offers need, and the way to the editor. The tab is in the address (`?type=buy`).
 */
export function MyOffersPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('offerManager.list.title'));
  const localize = useLocalizePath();
  const walletPath = useNamedRoute('walletIndex');
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const side: Side = isSide(params.get('type')) ? (params.get('type') as Side) : 'sell';
  const list = useMyOffers(side);
  const methods = usePaymentMethods();
  const status = useSetOfferStatus();
  const toggleAll = useToggleAllOffers();
  const [panel, setPanel] = useState<QuickEditSelection>(null);
  const [savedNotice, setSavedNotice] = useState(() => readSavedOfferNotice(location.state));
  const [skipped, setSkipped] = useState<ToggleAllResult | null>(null);

  const data = list.data;
  // While the other tab loads, the previous answer (another side) stays for the counts only.
  const offers = data && !list.isPlaceholderData ? data.offers : null;
  const counts = data?.meta.counts;
  const methodName = (slug: string | null) =>
    (slug && methods.data?.find((method) => method.slug === slug)?.name.localized) || slug || '—';
  const anyOffers = (counts?.buy ?? 0) + (counts?.sell ?? 0) > 0;
  const createPath = localize(`${offerEditorPath()}?type=${side}`);

  const switchOffer = (id: string, active: boolean) => {
    status.mutate(
      { id, active },
      {
        onError: (error) =>
          toast.error({ title: t('offerManager.list.statusFailed'), message: offerErrorMessage(t, error) }),
      },
    );
  };

  const switchAll = (active: boolean) => {
    setSkipped(null);
    toggleAll.mutate(active, {
      onSuccess: (result) => {
        toast.success({
          message: active
            ? t('offerManager.list.allOn', { count: result.changed })
            : t('offerManager.list.allOff', { count: result.changed }),
        });
        if (result.bondInsufficient.length > 0) setSkipped(result);
      },
      onError: (error) => toast.error({ message: offerErrorMessage(t, error) }),
    });
  };

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {t('offerManager.list.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('offerManager.list.subtitle')}
            </Text>
          </div>
          <Button component={Link} to={createPath}>
            {t('offerManager.nav.create')}
          </Button>
        </Group>

        {savedNotice ? (
          <SavedOfferAlert
            notice={savedNotice}
            missingAmount={
              savedNotice.isBondInsufficient
                ? data?.depositData.makeDeposit.options.find(
                    (option) => option.currencyCode === savedNotice.crypto,
                  )?.missingAmount
                : undefined
            }
            onClose={() => {
              setSavedNotice(null);
              // Dismissed for good: the history entry forgets it, so a reload does not bring it back.
              void navigate({ search: location.search }, { replace: true, state: null });
            }}
          />
        ) : null}
        {data ? (
          <BondNotice
            depositData={data.depositData}
            exclude={savedNotice?.isBondInsufficient ? savedNotice.crypto : undefined}
          />
        ) : null}
        {skipped ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertCircle />}
            withCloseButton
            closeButtonLabel={t('common.close')}
            onClose={() => setSkipped(null)}
            title={t('offerManager.list.skippedTitle', { count: skipped.bondInsufficient.length })}
            data-testid="toggle-all-skipped"
          >
            <Text size="sm">{t('offerManager.list.skippedText')}</Text>
            <Group gap={6} mt={6}>
              {skipped.bondInsufficient.map((id) => (
                <Anchor key={id} component={Link} to={localize(offerEditorPath(id))} ff="monospace" size="sm">
                  {id}
                </Anchor>
              ))}
            </Group>
            <Anchor
              component={Link}
              to={`${walletPath}?tab=bond`}
              size="sm"
              fw={600}
              mt={6}
              display="inline-block"
            >
              {t('offerManager.list.skippedLink')}
            </Anchor>
          </Alert>
        ) : null}

        <Tabs
          value={side}
          onChange={(value) => {
            if (!isSide(value)) return;
            setPanel(null);
            setParams({ type: value }, { replace: true });
          }}
        >
          <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
            <Tabs.List>
              {SIDES.map((value) => (
                <Tabs.Tab
                  key={value}
                  value={value}
                  rightSection={
                    counts ? (
                      <Badge size="sm" variant="light" color="gray" data-testid={`count-${value}`}>
                        {counts[value]}
                      </Badge>
                    ) : null
                  }
                >
                  {value === 'sell' ? t('offerManager.list.sellTab') : t('offerManager.list.buyTab')}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {anyOffers ? (
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="light"
                  color="teal"
                  onClick={() => switchAll(true)}
                  loading={toggleAll.isPending && toggleAll.variables}
                  disabled={toggleAll.isPending}
                >
                  {t('offerManager.list.turnAllOn')}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="gray"
                  onClick={() => switchAll(false)}
                  loading={toggleAll.isPending && !toggleAll.variables}
                  disabled={toggleAll.isPending}
                >
                  {t('offerManager.list.turnAllOff')}
                </Button>
              </Group>
            ) : null}
          </Group>
        </Tabs>

        {list.isPending || (list.isPlaceholderData && list.isFetching) ? (
          <Stack gap="md" role="status" aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton height={150} radius="md" />
            <Skeleton height={150} radius="md" />
          </Stack>
        ) : list.isError && !offers ? (
          <ErrorState
            title={t('offerManager.list.errorTitle')}
            message={t('offerManager.list.error')}
            onRetry={() => void list.refetch()}
          />
        ) : offers && offers.length === 0 ? (
          <Center py="xl">
            <EmptyState
              title={side === 'sell' ? t('offerManager.list.emptySell') : t('offerManager.list.emptyBuy')}
              description={t('offerManager.list.emptyText')}
            >
              <Button component={Link} to={createPath} mt="md">
                {t('offerManager.list.emptyCta')}
              </Button>
            </EmptyState>
          </Center>
        ) : (
          <Stack gap="md" data-testid="my-offers">
            {(offers ?? []).map((offer) => (
              <MyOfferCard
                key={offer.idHashed}
                offer={offer}
                methodName={methodName(offer.paymentMethod.slug)}
                openPanel={panel && panel.id === offer.idHashed ? panel.kind : null}
                onTogglePanel={(kind) =>
                  setPanel((current) => toggleQuickEdit(current, { id: offer.idHashed, kind }))
                }
                onToggleActive={(active) => switchOffer(offer.idHashed, active)}
                statusPending={status.isPending && status.variables.id === offer.idHashed}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

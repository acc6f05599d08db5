import { Alert, Badge, Container, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RelationActions } from '@/features/contacts';
import { isApiError } from '@/shared/api';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useRealtimeStatus } from '@/shared/realtime';
import { ErrorState } from '@/shared/ui/error-state';
import { useTradeAttachments } from '../api/attachments';
import { useTrade } from '../api/get-trade';
import { tradeKeys } from '../api/query-keys';
import { ChargebackCard } from '../components/chargeback-card';
import { CounterpartyPanel } from '../components/counterparty-panel';
import { DisputeProgress } from '../components/dispute-progress';
import { FeedbackCard } from '../components/feedback-card';
import { FlowFallbackCard } from '../components/flow-fallback-card';
import { PaymentDetailsCard } from '../components/payment-details-card';
import { RequirementsCard } from '../components/requirements-card';
import { TradeActionsCard } from '../components/trade-actions-card';
import { TradeChat } from '../components/trade-chat';
import { TradeCountdown } from '../components/trade-countdown';
import { TradeGuidance } from '../components/trade-guidance';
import { IconAlertTriangle, IconClock } from '@/shared/ui/icons';
import { TradeStatusBadge } from '../components/trade-status-badge';
import { TradeRecordLinks } from '../components/trade-record-links';
import { TradeSummaryCard } from '../components/trade-summary-card';
import { useTradeClock } from '../hooks/use-trade-clock';
import { useTradeFormat } from '../hooks/use-trade-format';
import { useTradeLiveUpdates } from '../hooks/use-trade-live-updates';
import { counterpartyOf } from '../utils/counterparty';
import { RUNNING_OUT_MS } from '../utils/trade-moments';

function TradeSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton height={36} width="50%" />
      <Skeleton height={64} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Skeleton height={320} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Skeleton height={420} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * The trade page (`/trade/{hash}`): status and time left, the amounts, the payment details, the flow's
 * requirements, the actions, the chat with files, the other party, and feedback once completed.
 * Everything the other party does appears without a reload (useTradeLiveUpdates).
 */
export function TradePage() {
  const { hash = '' } = useParams();
  const { t } = useTranslation();
  const format = useTradeFormat();
  const queryClient = useQueryClient();
  const trade = useTrade(hash);
  const attachments = useTradeAttachments(hash);
  const { typingUsername } = useTradeLiveUpdates(hash);
  const connection = useRealtimeStatus();
  useDocumentTitle(t('trades.page.title', { hash }));

  // Re-read at each moment the server's answer changes by time alone (dispute available, window ended,
  // appeal or chat closing): the page follows without a reload, and without polling in between.
  const refetchTrade = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: tradeKeys.trade(hash) });
  }, [queryClient, hash]);
  const now = useTradeClock(trade.data, refetchTrade);

  if (trade.isPending) {
    return (
      <Container size="lg" py="xl">
        <TradeSkeleton />
      </Container>
    );
  }
  if (trade.isError) {
    const missing = isApiError(trade.error) && trade.error.status === 404;
    return (
      <Container size="sm" py="xl">
        <ErrorState
          title={missing ? t('trades.page.notFoundTitle') : t('trades.page.errorTitle')}
          message={missing ? t('trades.page.notFound') : t('trades.page.error')}
          onRetry={missing ? undefined : () => void trade.refetch()}
        />
      </Container>
    );
  }

  const data = trade.data;
  const partner = counterpartyOf(data);
  const files = attachments.data?.items ?? [];
  const showCountdown = data.status === 'active_funded' && data.expiresAt !== null;
  const windowEndsAt = showCountdown && data.expiresAt ? data.expiresAt.timestamp * 1000 : null;
  const runningOut = windowEndsAt !== null && now >= windowEndsAt - RUNNING_OUT_MS && now < windowEndsAt;

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={1} fz={{ base: 22, sm: 28 }}>
              {data.role === 'moderator'
                ? t('trades.page.headingModerator', { code: data.cryptoCurrencyCode })
                : t(`trades.page.heading.${data.role}`, {
                    code: data.cryptoCurrencyCode,
                    partner: partner?.username ?? '',
                  })}
            </Title>
            <Group gap="xs" mt={4}>
              <TradeStatusBadge status={data.status} size="lg" data-testid="trade-status" />
              <Text size="sm" c="dimmed">
                {t('trades.page.reference', { hash: data.id })}
              </Text>
              {data.isVendor ? (
                <Badge variant="outline" size="sm">
                  {t('trades.page.yourOffer')}
                </Badge>
              ) : null}
            </Group>
          </div>
          {showCountdown && data.expiresAt ? <TradeCountdown expiresAt={data.expiresAt.timestamp} /> : null}
        </Group>

        {connection === 'reconnecting' ? (
          <Alert color="yellow" variant="light" data-testid="realtime-offline">
            {t('trades.page.reconnecting')}
          </Alert>
        ) : null}
        {runningOut ? (
          <Alert color="red" variant="light" icon={<IconClock />} data-testid="running-out">
            {t(`trades.runningOut.${data.role}`)}
          </Alert>
        ) : null}
        {data.isOpponentsSameIp ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle />}
            title={t('trades.page.sameIpTitle')}
            data-testid="same-ip-warning"
          >
            {t('trades.page.sameIp')}
          </Alert>
        ) : null}
        <TradeGuidance trade={data} />
        {data.dispute.isOpen && data.dispute.openedBy ? (
          <Alert color="orange" variant="light" data-testid="dispute-info">
            {t(`trades.page.disputeOpenedBy.${data.dispute.openedBy}`)}
            {/* reasonText is the opener's free-text "What happened", not the reason they chose. */}
            {data.dispute.reasonText
              ? ` ${t('trades.page.disputeNote', { note: data.dispute.reasonText })}`
              : ''}
            {data.dispute.openedAt ? ` (${format.fromSeconds(data.dispute.openedAt.timestamp)})` : ''}
          </Alert>
        ) : null}

        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <DisputeProgress trade={data} />
              <TradeActionsCard trade={data} />
              <FlowFallbackCard trade={data} />
              <TradeSummaryCard trade={data} />
              <PaymentDetailsCard trade={data} />
              <RequirementsCard trade={data} attachments={files} />
              {data.tradeCompleted && data.role !== 'moderator' ? <FeedbackCard tradeHash={data.id} /> : null}
              <ChargebackCard trade={data} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <TradeRecordLinks trade={data} />
              <TradeChat
                trade={data}
                attachments={files}
                remainingUploads={attachments.data?.remaining ?? null}
                typingUsername={typingUsername}
              />
              {partner ? (
                <CounterpartyPanel
                  party={partner}
                  sideLabel={data.role === 'buyer' ? t('trades.party.seller') : t('trades.party.buyer')}
                  actions={
                    <RelationActions
                      username={partner.username}
                      isTrusted={data.viewerRelation?.isTrusted ?? null}
                      isBlocked={data.viewerRelation?.isBlocked ?? null}
                    />
                  }
                />
              ) : (
                <>
                  <CounterpartyPanel party={data.buyer} sideLabel={t('trades.party.buyer')} />
                  <CounterpartyPanel party={data.seller} sideLabel={t('trades.party.seller')} />
                </>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

import type { AdminDisputeDetail } from '@app/contract';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LiveTradeChat } from '@/features/trades';
import { isApiError, useApiErrorText } from '@/shared/api';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocale, useLocalizePath } from '@/shared/i18n/locale-context';
import { useCurrentUser } from '@/shared/session/current-user';
import { ErrorState } from '@/shared/ui/error-state';
import { IconAlertTriangle } from '@/shared/ui/icons';
import { toast } from '@/shared/ui/toast';
import { useAssignDispute, useDisputeDetail, useReleaseDispute } from '../api/disputes';
import { useStaffPermissions } from '../api/permissions';
import { AwardDialog } from '../components/award-dialog';
import { ConsoleHeader } from '../components/console-header';
import { EscrowLine } from '../components/escrow-line';
import { EvidenceForm } from '../components/evidence-form';
import { PartyCard } from '../components/party-card';
import { FormError } from '@/shared/ui/form-error';

/** Who holds the dispute, and the buttons to take it or take it over (with a confirmation). */
function HolderCard({ dispute, me }: { dispute: AdminDisputeDetail; me: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useApiErrorText();
  const assign = useAssignDispute(dispute.tradeHash);
  const release = useReleaseDispute(dispute.tradeHash);
  const [confirming, setConfirming] = useState(false);
  const holder = dispute.assignee;
  const since = holder
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(holder.since),
      )
    : '';
  const take = async (takeover: boolean) => {
    try {
      await assign.mutateAsync({ takeover });
      setConfirming(false);
      toast.success({ message: t('admin.dispute.holder.taken') });
    } catch {
      // Shown below from the mutation's error.
    }
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('admin.dispute.holder.title')}
        </Title>
        <Text size="sm" data-testid="dispute-holder-text">
          {!holder
            ? t('admin.dispute.holder.nobody')
            : holder.username === me
              ? t('admin.dispute.holder.you', { since })
              : t('admin.dispute.holder.other', { name: holder.username, since })}
        </Text>
        <FormError message={assign.isError ? errorText(assign.error) : null} />
        {dispute.decision ? null : !holder ? (
          <Button
            onClick={() => void take(false)}
            loading={assign.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('admin.dispute.holder.take')}
          </Button>
        ) : holder.username !== me ? (
          confirming ? (
            <Stack gap="xs">
              <Text size="sm">{t('admin.dispute.holder.takeoverConfirm', { name: holder.username })}</Text>
              <Group gap="xs">
                <Button variant="default" onClick={() => setConfirming(false)}>
                  {t('common.cancel')}
                </Button>
                <Button color="orange" onClick={() => void take(true)} loading={assign.isPending}>
                  {t('admin.dispute.holder.takeover')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Button
              variant="light"
              color="orange"
              onClick={() => setConfirming(true)}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('admin.dispute.holder.takeover')}
            </Button>
          )
        ) : (
          <Button
            variant="default"
            onClick={() =>
              void release
                .mutateAsync()
                .then(() => toast.success({ message: t('admin.dispute.holder.left') }))
                .catch(() => undefined)
            }
            loading={release.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('admin.dispute.holder.leave')}
          </Button>
        )}
        <FormError message={release.isError ? errorText(release.error) : null} />
      </Stack>
    </Paper>
  );
}

/**
 * One dispute (`/admin/disputes/{hash}`): the trade and the reason, both parties side by side, who holds
 * it, evidence requests, the decision dialog, and the trade's chat with its files.
 */
export function DisputePage() {
  const { hash = '' } = useParams();
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizePath();
  const detail = useDisputeDetail(hash);
  const me = useCurrentUser().data?.username ?? '';
  const { can } = useStaffPermissions();
  const [deciding, setDeciding] = useState(false);
  useDocumentTitle(t('admin.dispute.title', { hash }));

  if (detail.isPending) {
    return (
      <Container size="lg" py="xl">
        <Stack gap="md" role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={36} width="50%" />
          <Skeleton height={160} />
          <Skeleton height={320} />
        </Stack>
      </Container>
    );
  }
  if (detail.isError) {
    const missing = isApiError(detail.error) && detail.error.status === 404;
    return (
      <Container size="sm" py="xl">
        <ErrorState
          message={missing ? t('admin.dispute.notFound') : t('admin.dispute.error')}
          onRetry={missing ? undefined : () => void detail.refetch()}
        />
      </Container>
    );
  }

  const dispute = detail.data;
  const mine = dispute.assignee?.username === me;
  const mayAct = !dispute.decision && (mine || can('disputes.assign'));
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <Anchor component={Link} to={localize('/admin/disputes')} size="sm">
          ← {t('admin.dispute.back')}
        </Anchor>
        <ConsoleHeader title={t('admin.dispute.title', { hash: dispute.tradeHash })}>
          <Button component={Link} to={localize(`/trade/${dispute.tradeHash}`)} variant="default" size="xs">
            {t('admin.dispute.openTrade')}
          </Button>
        </ConsoleHeader>
        <EscrowLine dispute={dispute} />
        {dispute.sameIp ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle />}
            title={t('admin.dispute.party.sameIpTitle')}
          >
            {t('admin.dispute.party.sameIp')}
          </Alert>
        ) : null}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <PartyCard party={dispute.buyer} side="buyer" />
                <PartyCard party={dispute.seller} side="seller" />
              </SimpleGrid>
              <Paper withBorder radius="md" p="md">
                <Stack gap="xs">
                  <Title order={2} fz="lg">
                    {t('admin.dispute.reasonTitle')}
                  </Title>
                  <Text size="sm">
                    {t(`admin.dispute.openedOn.${dispute.openedBy}`, {
                      date: dateTime.format(new Date(dispute.openedAt)),
                    })}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                    {dispute.reasonText}
                  </Text>
                  <Text size="xs" c="dimmed" mt="xs">
                    {t('admin.dispute.offerTerms')}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                    {dispute.offerTerms || '-'}
                  </Text>
                  <Text size="xs" c="dimmed" mt="xs">
                    {t('admin.dispute.paymentDetails')}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                    {dispute.paymentDetails || '-'}
                  </Text>
                </Stack>
              </Paper>
              <HolderCard dispute={dispute} me={me} />
              {mayAct ? <EvidenceForm hash={dispute.tradeHash} /> : null}
              <Paper withBorder radius="md" p="md">
                <Stack gap="sm">
                  <Title order={2} fz="lg">
                    {t('admin.dispute.decision.title')}
                  </Title>
                  {dispute.decision ? (
                    <div data-testid="console-decision">
                      <Text size="sm" fw={600}>
                        {t('admin.dispute.decision.decided', {
                          outcome: t(`admin.disputes.outcome.${dispute.decision.outcome}`),
                          date: dateTime.format(new Date(dispute.decision.at)),
                          moderator: dispute.decision.moderator ?? '-',
                        })}
                      </Text>
                      {dispute.decision.reason ? (
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {t('admin.dispute.decision.reason', { reason: dispute.decision.reason })}
                        </Text>
                      ) : null}
                    </div>
                  ) : mayAct && can('disputes.award') ? (
                    <Button color="red" onClick={() => setDeciding(true)} style={{ alignSelf: 'flex-start' }}>
                      {t('admin.dispute.decision.decide')}
                    </Button>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('admin.dispute.decision.notYours')}
                    </Text>
                  )}
                </Stack>
              </Paper>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <LiveTradeChat hash={dispute.tradeHash} />
          </Grid.Col>
        </Grid>
      </Stack>
      <AwardDialog dispute={dispute} opened={deciding} onClose={() => setDeciding(false)} />
    </Container>
  );
}

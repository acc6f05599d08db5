import { adminDisputeStatuses, type AdminDispute, type AdminDisputeStatus } from '@app/contract';
import { Anchor, Badge, Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocale, useLocalizePath } from '@/shared/i18n/locale-context';
import { useDisputeQueue } from '../api/disputes';
import { ConsoleHeader } from '../components/console-header';
import { EscrowLine } from '../components/escrow-line';
import { StatusTabs } from '../components/status-tabs';
import { QueueList } from '../components/queue-list';
import { formatDuration } from '../components/duration';

const isStatus = (value: string | null): value is AdminDisputeStatus =>
  (adminDisputeStatuses as readonly string[]).includes(value ?? '');

function DisputeRow({ dispute }: { dispute: AdminDispute }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizePath();
  const time = formatDuration(dispute.openSeconds, locale);
  return (
    <Paper withBorder radius="md" p="md" data-testid="dispute-row">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Anchor component={Link} to={localize(`/admin/disputes/${dispute.tradeHash}`)} fw={600}>
            {dispute.tradeHash}
          </Anchor>
          <Group gap={6}>
            {dispute.sameIp ? (
              <Badge color="red" variant="light">
                {t('admin.disputes.sameIp')}
              </Badge>
            ) : null}
            {dispute.decision ? (
              <Badge color="gray">{t(`admin.disputes.outcome.${dispute.decision.outcome}`)}</Badge>
            ) : (
              <Badge
                color={dispute.assignee ? 'blue' : 'orange'}
                variant="light"
                data-testid="dispute-holder"
              >
                {dispute.assignee
                  ? t('admin.disputes.heldBy', { name: dispute.assignee.username })
                  : t('admin.disputes.nobody')}
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm">
          {t('admin.disputes.versus', { buyer: dispute.buyer.username, seller: dispute.seller.username })}
        </Text>
        <EscrowLine dispute={dispute} />
        {dispute.reasonText ? (
          <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {dispute.reasonText}
          </Text>
        ) : null}
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {dispute.decision
              ? t('admin.disputes.decidedAfter', { time })
              : t(`admin.disputes.openedBy.${dispute.openedBy}`, { time })}
          </Text>
          <Button
            component={Link}
            to={localize(`/admin/disputes/${dispute.tradeHash}`)}
            size="xs"
            variant="light"
          >
            {t('admin.disputes.open')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The dispute queue (`/admin/disputes`): waiting, taken and decided disputes, oldest first while
 * undecided, each with both parties, the escrow, the reason, the time open and who holds it.
 */
export function DisputesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = isStatus(params.get('status')) ? (params.get('status') as AdminDisputeStatus) : 'open';
  const queue = useDisputeQueue(status);
  useDocumentTitle(t('admin.disputes.title'));

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <ConsoleHeader title={t('admin.disputes.title')} subtitle={t('admin.disputes.subtitle')} />
        <StatusTabs
          value={status}
          options={adminDisputeStatuses}
          label={(value) => t(`admin.disputes.tabs.${value}`)}
          onChange={(value) => setParams(value === 'open' ? {} : { status: value }, { replace: true })}
        />
        <QueueList
          query={queue}
          itemKey={(dispute) => dispute.tradeHash}
          renderItem={(dispute) => <DisputeRow dispute={dispute} />}
          emptyText={t(`admin.disputes.empty.${status}`)}
          errorText={t('admin.disputes.error')}
        />
      </Stack>
    </Container>
  );
}

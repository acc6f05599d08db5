import { chargebackStatuses, type Chargeback, type ChargebackStatus } from '@app/contract';
import { Alert, Anchor, Badge, Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAmountFormat } from '@/features/catalogue';
import { isApiError } from '@/shared/api';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocale, useLocalizePath } from '@/shared/i18n/locale-context';
import { useChargebackQueue, useDecideChargeback } from '../api/chargebacks';
import { ConsoleHeader } from '../components/console-header';
import { StatusTabs } from '../components/status-tabs';
import { QueueList } from '../components/queue-list';
import { ReasonDialog } from '../components/reason-dialog';

type Decision = 'Dismissed' | 'Confirmed';

/** Dismiss or confirm, with a reason and a confirmation (confirming restricts the buyer's account). */
function DecideDialog({
  report,
  decision,
  onClose,
}: {
  report: Chargeback;
  decision: Decision;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const decide = useDecideChargeback(report.id);
  return (
    <ReasonDialog
      title={t(`admin.chargebacks.confirm.${decision}`, { name: report.accused })}
      confirmLabel={t(`admin.chargebacks.action.${decision}`)}
      danger={decision === 'Confirmed'}
      doneMessage={t(`admin.chargebacks.done.${decision}`)}
      onClose={onClose}
      onSubmit={(reason) => decide.mutateAsync({ status: decision, reason })}
    >
      <Text size="sm">{t(`admin.chargebacks.effect.${decision}`, { name: report.accused })}</Text>
    </ReasonDialog>
  );
}

function ChargebackRow({ report }: { report: Chargeback }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizePath();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const format = useAmountFormat();
  return (
    <Paper withBorder radius="md" p="md" data-testid="chargeback-row">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Anchor component={Link} to={localize(`/trade/${report.tradeHash}`)} fw={600}>
            {report.tradeHash}
          </Anchor>
          <Badge
            variant="light"
            color={report.status === 'Confirmed' ? 'red' : report.status === 'Pending' ? 'orange' : 'gray'}
          >
            {t(`admin.chargebacks.tabs.${report.status}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {t('admin.chargebacks.parties', { reporter: report.reporter, accused: report.accused })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('admin.chargebacks.amount', {
            amount: format.fiat(report.amount, report.fiatCurrencyCode, { style: 'number' }),
            currency: report.fiatCurrencyCode,
            date: date.format(new Date(`${report.chargebackDate}T00:00:00Z`)),
          })}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {report.description}
        </Text>
        {report.decisionReason ? (
          <Text size="xs" c="dimmed">
            {t('admin.dispute.decision.reason', { reason: report.decisionReason })} ({report.decidedBy ?? '-'}
            )
          </Text>
        ) : null}
        {report.status === 'Pending' ? (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => setDeciding('Dismissed')}>
              {t('admin.chargebacks.action.Dismissed')}
            </Button>
            <Button size="xs" color="red" variant="light" onClick={() => setDeciding('Confirmed')}>
              {t('admin.chargebacks.action.Confirmed')}
            </Button>
          </Group>
        ) : null}
      </Stack>
      {deciding ? (
        <DecideDialog report={report} decision={deciding} onClose={() => setDeciding(null)} />
      ) : null}
    </Paper>
  );
}

const isStatus = (value: string | null): value is ChargebackStatus =>
  (chargebackStatuses as readonly string[]).includes(value ?? '');

/** The chargeback queue (`/admin/chargebacks`, supermods and admins): pending reports oldest first. */
export function ChargebacksPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: ChargebackStatus = isStatus(raw) ? raw : 'Pending';
  const queue = useChargebackQueue(status);
  useDocumentTitle(t('admin.chargebacks.title'));
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <ConsoleHeader title={t('admin.chargebacks.title')} subtitle={t('admin.chargebacks.subtitle')} />
        <StatusTabs
          value={status}
          options={chargebackStatuses}
          label={(value) => t(`admin.chargebacks.tabs.${value}`)}
          onChange={(value) => setParams(value === 'Pending' ? {} : { status: value }, { replace: true })}
        />
        {queue.isError && isApiError(queue.error) && queue.error.status === 403 ? (
          <Alert color="gray">{t('admin.forbidden')}</Alert>
        ) : (
          <QueueList
            query={queue}
            itemKey={(report) => report.id}
            renderItem={(report) => <ChargebackRow report={report} />}
            emptyText={t('admin.chargebacks.empty')}
            errorText={t('admin.chargebacks.error')}
          />
        )}
      </Stack>
    </Container>
  );
}

import {
  adminReportActions,
  adminReportStatuses,
  OWNER_MESSAGE_MAX,
  PENALTY_HOURS_MAX,
  type AdminReport,
} from '@app/contract';
import {
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { useActOnReport, useReportQueue, type ReportStatus } from '../api/reports';
import { ConsoleHeader } from '../components/console-header';
import { StatusTabs } from '../components/status-tabs';
import { QueueList } from '../components/queue-list';
import { ReasonDialog } from '../components/reason-dialog';

type Action = (typeof adminReportActions)[number];

/** One action on a report, with its reason and what it needs (the owner's message, the penalty hours). */
function ActDialog({
  report,
  action,
  onClose,
}: {
  report: AdminReport;
  action: Action;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const act = useActOnReport(report.id);
  const [text, setText] = useState('');
  const [hours, setHours] = useState<number | string>(24);
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <ReasonDialog
      title={t(`admin.reports.confirm.${action}`, { owner: report.offer.owner })}
      confirmLabel={t(`admin.reports.action.${action}`)}
      danger={action !== 'dismiss'}
      doneMessage={t('admin.reports.done')}
      onClose={onClose}
      validate={() => {
        const missing = action === 'message_owner' && !text.trim();
        setErrors(missing ? { text: t('admin.reports.textRequired') } : {});
        return !missing;
      }}
      onFieldErrors={setErrors}
      onSubmit={(reason) =>
        act.mutateAsync({
          action,
          reason,
          ...(text.trim() ? { text: text.trim() } : {}),
          ...(action === 'penalty' ? { penaltyHours: Number(hours) } : {}),
        })
      }
    >
      {action === 'penalty' ? (
        <NumberInput
          label={t('admin.reports.hours')}
          value={hours}
          onChange={setHours}
          min={1}
          max={PENALTY_HOURS_MAX}
          error={errors.penaltyHours}
        />
      ) : null}
      {action !== 'dismiss' ? (
        <Textarea
          label={t('admin.reports.text')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={OWNER_MESSAGE_MAX}
          error={errors.text}
          autosize
          minRows={2}
          withAsterisk={action === 'message_owner'}
        />
      ) : null}
    </ReasonDialog>
  );
}

function ReportRow({ report }: { report: AdminReport }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const [acting, setActing] = useState<Action | null>(null);
  return (
    <Paper withBorder radius="md" p="md" data-testid="report-row">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Anchor component={Link} to={localize(`/offer/${report.offer.hash}`)} fw={600}>
            {report.offer.hash}
          </Anchor>
          <Group gap={6}>
            <Badge variant="light" color="orange">
              {t(`offer.report.reasons.${report.reason}`)}
            </Badge>
            {report.openReportsOnOffer > 1 ? (
              <Badge variant="light" color="red">
                {t('admin.reports.openOnOffer', { count: report.openReportsOnOffer })}
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Text size="sm">
          {t('admin.reports.who', { reporter: report.reporter, owner: report.offer.owner })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('admin.reports.offer', {
            side: report.offer.type,
            code: report.offer.cryptoCode,
            currency: report.offer.fiatCurrencyCode,
            method: report.offer.paymentMethod,
          })}
        </Text>
        {report.message ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {report.message}
          </Text>
        ) : null}
        {report.offer.terms ? (
          <Text size="xs" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {report.offer.terms}
          </Text>
        ) : null}
        {report.resolution ? (
          <Text size="xs" c="dimmed">
            {report.resolution} ({report.handledBy ?? '-'})
          </Text>
        ) : null}
        {report.status === 'open' ? (
          <Group gap="xs">
            {adminReportActions.map((action) => (
              <Button
                key={action}
                size="xs"
                variant={action === 'dismiss' ? 'default' : 'light'}
                color={action === 'dismiss' ? undefined : 'red'}
                onClick={() => setActing(action)}
              >
                {t(`admin.reports.action.${action}`)}
              </Button>
            ))}
          </Group>
        ) : null}
      </Stack>
      {acting ? <ActDialog report={report} action={acting} onClose={() => setActing(null)} /> : null}
    </Paper>
  );
}

const isStatus = (value: string | null): value is ReportStatus =>
  (adminReportStatuses as readonly string[]).includes(value ?? '');

/** The offer-report queue (`/admin/reports`): open reports oldest first, with the offer and its owner. */
export function ReportsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: ReportStatus = isStatus(raw) ? raw : 'open';
  const queue = useReportQueue(status);
  useDocumentTitle(t('admin.reports.title'));
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <ConsoleHeader title={t('admin.reports.title')} subtitle={t('admin.reports.subtitle')} />
        <StatusTabs
          value={status}
          options={adminReportStatuses}
          label={(value) => t(`admin.reports.tabs.${value}`)}
          onChange={(value) => setParams(value === 'open' ? {} : { status: value }, { replace: true })}
        />
        <QueueList
          query={queue}
          itemKey={(report) => report.id}
          renderItem={(report) => <ReportRow report={report} />}
          emptyText={t('admin.reports.empty')}
          errorText={t('admin.reports.error')}
        />
      </Stack>
    </Container>
  );
}

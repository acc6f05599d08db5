import { appealOutcomes, offerAppealStatuses, type AdminAppeal, type OfferAppealStatus } from '@app/contract';
import { Anchor, Badge, Button, Container, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { useAppealQueue, useDecideAppeal, type AppealStatus } from '../api/appeals';
import { useOfferAppealQueue } from '../api/offer-appeals';
import { ConsoleHeader } from '../components/console-header';
import { StatusTabs } from '../components/status-tabs';
import { OfferAppealRow } from '../components/offer-appeal-row';
import { QueueList } from '../components/queue-list';
import { ReasonDialog } from '../components/reason-dialog';

type Outcome = 'uphold' | 'reject';

function AppealRow({ appeal }: { appeal: AdminAppeal }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const decide = useDecideAppeal(appeal.id);
  const [deciding, setDeciding] = useState<Outcome | null>(null);
  const winner = appeal.dispute.outcome;
  return (
    <Paper withBorder radius="md" p="md" data-testid="appeal-row">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Anchor component={Link} to={localize(`/admin/disputes/${appeal.tradeHash}`)} fw={600}>
            {appeal.tradeHash}
          </Anchor>
          <Badge variant="light" color={appeal.status === 'appealed' ? 'orange' : 'gray'}>
            {t(`admin.appeals.tabs.${appeal.status}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {t('admin.appeals.who', {
            appellant: appeal.appellant,
            role: t(`admin.dispute.party.${appeal.appellantRole}`),
            outcome: t(`admin.disputes.outcome.${winner}`),
            moderator: appeal.dispute.moderator ?? t('admin.audit.operator'),
          })}
        </Text>
        {appeal.dispute.reason ? (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('admin.dispute.decision.reason', { reason: appeal.dispute.reason })}
          </Text>
        ) : null}
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {appeal.reason}
        </Text>
        {appeal.reversedAmount !== null ? (
          <Text size="xs" c="dimmed">
            {t('admin.appeals.reversed', {
              amount: appeal.reversedAmount,
              shortfall: appeal.shortfallAmount ?? '0',
              code: appeal.cryptoCode,
            })}
          </Text>
        ) : null}
        {appeal.decisionReason ? (
          <Text size="xs" c="dimmed">
            {appeal.decisionReason} ({appeal.decidedBy ?? '-'})
          </Text>
        ) : null}
        {appeal.status === 'appealed' ? (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => setDeciding('reject')}>
              {t('admin.appeals.action.reject')}
            </Button>
            <Button size="xs" color="red" variant="light" onClick={() => setDeciding('uphold')}>
              {t('admin.appeals.action.uphold')}
            </Button>
          </Group>
        ) : null}
      </Stack>
      {deciding ? (
        <ReasonDialog
          title={t(`admin.appeals.confirm.${deciding}`, { name: appeal.appellant })}
          confirmLabel={t(`admin.appeals.action.${deciding}`)}
          danger={deciding === 'uphold'}
          doneMessage={t('admin.appeals.done')}
          onClose={() => setDeciding(null)}
          onSubmit={(reason) => decide.mutateAsync({ outcome: deciding, reason })}
        >
          <Text size="sm">{t(`admin.appeals.effect.${deciding}`, { code: appeal.cryptoCode })}</Text>
        </ReasonDialog>
      ) : null}
    </Paper>
  );
}

const isStatus = (value: string | null): value is AppealStatus =>
  (appealOutcomes as readonly string[]).includes(value ?? '');
const isOfferStatus = (value: string | null): value is OfferAppealStatus =>
  (offerAppealStatuses as readonly string[]).includes(value ?? '');

function DisputeAppeals({ status }: { status: AppealStatus }) {
  const { t } = useTranslation();
  const queue = useAppealQueue(status);
  return (
    <QueueList
      query={queue}
      itemKey={(appeal) => appeal.id}
      renderItem={(appeal) => <AppealRow appeal={appeal} />}
      emptyText={t('admin.appeals.empty')}
      errorText={t('admin.appeals.error')}
    />
  );
}

function OfferAppeals({ status }: { status: OfferAppealStatus }) {
  const { t } = useTranslation();
  const queue = useOfferAppealQueue(status);
  return (
    <QueueList
      query={queue}
      itemKey={(appeal) => appeal.id}
      renderItem={(appeal) => <OfferAppealRow appeal={appeal} />}
      emptyText={t('admin.appeals.empty')}
      errorText={t('admin.appeals.error')}
    />
  );
}

/**
 * Appeals (`/admin/appeals`, supermods and admins): the second decision, against a dispute's award or
 * (`?kind=offers`) against the rejection of an offer.
 */
export function AppealsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const offers = params.get('kind') === 'offers';
  const raw = params.get('status');
  const statuses = offers ? offerAppealStatuses : appealOutcomes;
  const status = (offers ? isOfferStatus(raw) : isStatus(raw)) ? raw! : 'appealed';
  useDocumentTitle(t('admin.appeals.title'));
  const show = (next: { kind?: string; status?: string }) =>
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v && v !== 'appealed')), {
      replace: true,
    });
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <ConsoleHeader
          title={t('admin.appeals.title')}
          subtitle={t(offers ? 'admin.offerAppeals.subtitle' : 'admin.appeals.subtitle')}
        />
        <SegmentedControl
          value={offers ? 'offers' : 'disputes'}
          onChange={(kind) => show({ kind: kind === 'offers' ? 'offers' : undefined })}
          data={[
            { value: 'disputes', label: t('admin.appeals.kind.disputes') },
            { value: 'offers', label: t('admin.appeals.kind.offers') },
          ]}
          fullWidth
        />
        <StatusTabs<string>
          value={status}
          options={statuses}
          // One label per status for both kinds (the offers' list adds "withdrawn").
          label={(value) => t(`admin.offerAppeals.tabs.${value as OfferAppealStatus}`)}
          onChange={(value) => show({ kind: offers ? 'offers' : undefined, status: value })}
        />
        {offers ? (
          <OfferAppeals status={status as OfferAppealStatus} />
        ) : (
          <DisputeAppeals status={status as AppealStatus} />
        )}
      </Stack>
    </Container>
  );
}

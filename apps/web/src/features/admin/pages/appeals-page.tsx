import { appealOutcomes, offerAppealStatuses, type OfferAppealStatus } from '@app/contract';
import { Container, SegmentedControl, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFeature } from '@/shared/app-state/app-state-context';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useAppealQueue, type AppealStatus } from '../api/appeals';
import { useOfferAppealQueue } from '../api/offer-appeals';
import { ConsoleHeader } from '../components/console-header';
import { StatusTabs } from '../components/status-tabs';
import { DisputeAppealRow } from '../components/dispute-appeal-row';
import { OfferAppealRow } from '../components/offer-appeal-row';
import { QueueList } from '../components/queue-list';

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
      renderItem={(appeal) => <DisputeAppealRow appeal={appeal} />}
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
 * Whether the console offers the dispute appeals: with the `disputeAppeal` flag on; with it off only
 * while appeals sent before it was switched off still wait for their decision (nobody can send more).
 */
function useDisputeAppealsShown(): boolean {
  const enabled = useFeature('disputeAppeal');
  const waiting = useAppealQueue('appealed', { enabled: !enabled });
  return enabled || (waiting.data?.pages[0]?.items.length ?? 0) > 0;
}

/**
 * Appeals (`/admin/appeals`, supermods and admins): the second decision, against a dispute's award or
 * (`?kind=offers`) against the rejection of an offer. Without dispute appeals (flag off), the offers'.
 */
export function AppealsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const disputeAppeals = useDisputeAppealsShown();
  const offers = params.get('kind') === 'offers' || !disputeAppeals;
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
        {disputeAppeals ? (
          <SegmentedControl
            value={offers ? 'offers' : 'disputes'}
            onChange={(kind) => show({ kind: kind === 'offers' ? 'offers' : undefined })}
            data={[
              { value: 'disputes', label: t('admin.appeals.kind.disputes') },
              { value: 'offers', label: t('admin.appeals.kind.offers') },
            ]}
            fullWidth
          />
        ) : null}
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

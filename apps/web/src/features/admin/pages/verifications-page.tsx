import {
  adminVerificationsQuerySchema,
  verificationTypes,
  type AdminVerificationPage,
  type VerificationType,
} from '@app/contract';
import { Alert, Anchor, Badge, Container, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '@/shared/api';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocale, useLocalizePath } from '@/shared/i18n/locale-context';
import { useVerificationQueue, type VerificationQueueStatus } from '../api/verifications';
import { ConsoleHeader } from '../components/console-header';
import { QueueList } from '../components/queue-list';
import { StatusTabs } from '../components/status-tabs';
import { verificationStatusColor } from '../components/verification-status';

type Summary = AdminVerificationPage['requests'][number];

const STATUSES = adminVerificationsQuerySchema.shape.status.unwrap().options;

const isStatus = (value: string | null): value is VerificationQueueStatus =>
  (STATUSES as readonly string[]).includes(value ?? '');
const isType = (value: string | null): value is VerificationType =>
  (verificationTypes as readonly string[]).includes(value ?? '');

function VerificationRow({ request }: { request: Summary }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizePath();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Paper withBorder radius="md" p="md" data-testid="verification-row" data-username={request.username}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Anchor component={Link} to={localize(`/admin/verifications/${request.id}`)} fw={600}>
            {t('admin.verifications.rowTitle', {
              id: request.id,
              type: t(`admin.verifications.types.${request.type}`),
            })}
          </Anchor>
          <Badge variant="light" color={verificationStatusColor(request.status)}>
            {t(`admin.verifications.status.${request.status}`)}
          </Badge>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('admin.verifications.trader', { name: request.username })}
        </Text>
        <Text size="xs" c="dimmed">
          {request.submittedAt
            ? t('admin.verifications.submitted', { date: date.format(new Date(request.submittedAt)) })
            : t('admin.verifications.started', { date: date.format(new Date(request.createdAt)) })}
          {request.decidedAt
            ? ` · ${t('admin.verifications.decided', { date: date.format(new Date(request.decidedAt)) })}`
            : ''}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * The verification review queue (`/admin/verifications`, `verifications.review`: supermods and admins):
 * the requests waiting for a review, oldest first, and the decided ones by status, optionally one type.
 * The tab and the type are in the address.
 */
export function VerificationsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const rawType = params.get('type');
  const status: VerificationQueueStatus = isStatus(rawStatus) ? rawStatus : 'pending';
  const type: VerificationType | null = isType(rawType) ? rawType : null;
  const queue = useVerificationQueue(status, type);
  useDocumentTitle(t('admin.verifications.title'));
  const update = (next: { status?: VerificationQueueStatus; type?: VerificationType | null }) => {
    const merged = { status, type, ...next };
    const search: Record<string, string> = {};
    if (merged.status !== 'pending') search.status = merged.status;
    if (merged.type) search.type = merged.type;
    setParams(search, { replace: true });
  };
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <ConsoleHeader title={t('admin.verifications.title')} subtitle={t('admin.verifications.subtitle')} />
        <StatusTabs
          value={status}
          options={STATUSES}
          label={(value) => t(`admin.verifications.tabs.${value}`)}
          onChange={(value) => update({ status: value })}
        />
        <Select
          label={t('admin.verifications.typeFilter')}
          value={type ?? 'all'}
          onChange={(value) => update({ type: isType(value) ? value : null })}
          data={[
            { value: 'all', label: t('admin.verifications.allTypes') },
            ...verificationTypes.map((value) => ({
              value,
              label: t(`admin.verifications.types.${value}`),
            })),
          ]}
          allowDeselect={false}
          maw={320}
        />
        {queue.isError && isApiError(queue.error) && queue.error.status === 403 ? (
          <Alert color="gray">{t('admin.forbidden')}</Alert>
        ) : (
          <QueueList
            query={queue}
            itemKey={(request) => request.id}
            renderItem={(request) => <VerificationRow request={request} />}
            emptyText={t(`admin.verifications.empty.${status}`)}
            errorText={t('admin.verifications.error')}
          />
        )}
      </Stack>
    </Container>
  );
}

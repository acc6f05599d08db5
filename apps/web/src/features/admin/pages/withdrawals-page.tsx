import type { AdminWithdrawal } from '@app/contract';
import {
  Alert,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAmountFormat } from '@/features/catalogue';
import { isApiError, useApiErrorText } from '@/shared/api';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocale } from '@/shared/i18n/locale-context';
import { ErrorState } from '@/shared/ui/error-state';
import { FormError } from '@/shared/ui/form-error';
import { toast } from '@/shared/ui/toast';
import { useApproveWithdrawal, useRejectWithdrawal, useWithdrawalQueue } from '../api/withdrawals';
import { ConsoleHeader } from '../components/console-header';
import { formatDuration } from '../components/duration';
import { ReasonDialog } from '../components/reason-dialog';

/** What the approval does, said before it is sent: the second approval is the last chance to stop it. */
function ApproveDialog({ withdrawal, onClose }: { withdrawal: AdminWithdrawal; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const format = useAmountFormat();
  const approve = useApproveWithdrawal(withdrawal.id);
  const [error, setError] = useState<string | null>(null);
  const releases = withdrawal.approvals.length + 1 >= withdrawal.requiredApprovals;
  const amount = format.crypto(withdrawal.amount, withdrawal.cryptoCurrencyCode);
  const submit = async () => {
    setError(null);
    try {
      const result = await approve.mutateAsync();
      toast.success({
        message:
          result.status === 'pending'
            ? t('admin.withdrawals.done.released')
            : t('admin.withdrawals.done.first'),
      });
      onClose();
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('admin.withdrawals.approveTitle')} centered>
      <Stack gap="sm">
        <Text size="sm">
          {releases
            ? t('admin.withdrawals.approveReleases', { amount, username: withdrawal.username })
            : t('admin.withdrawals.approveFirst', { amount, username: withdrawal.username })}
        </Text>
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {withdrawal.address}
        </Text>
        <FormError message={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="teal" onClick={() => void submit()} loading={approve.isPending}>
            {t('admin.withdrawals.approve')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RejectDialog({ withdrawal, onClose }: { withdrawal: AdminWithdrawal; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useAmountFormat();
  const reject = useRejectWithdrawal(withdrawal.id);
  return (
    <ReasonDialog
      title={t('admin.withdrawals.rejectTitle')}
      confirmLabel={t('admin.withdrawals.reject')}
      danger
      doneMessage={t('admin.withdrawals.done.rejected')}
      reasonLabel={t('admin.withdrawals.reasonLabel')}
      onClose={onClose}
      onSubmit={(reason) => reject.mutateAsync(reason)}
    >
      <Text size="sm">
        {t('admin.withdrawals.rejectEffect', {
          amount: format.crypto(withdrawal.amount, withdrawal.cryptoCurrencyCode),
          fee: format.crypto(withdrawal.networkFee, withdrawal.cryptoCurrencyCode),
          username: withdrawal.username,
        })}
      </Text>
    </ReasonDialog>
  );
}

function WithdrawalRow({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const format = useAmountFormat();
  const [acting, setActing] = useState<'approve' | 'reject' | null>(null);
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const blocked = withdrawal.mine
    ? t('admin.withdrawals.mine')
    : withdrawal.approvedByMe
      ? t('admin.withdrawals.approvedByMe')
      : null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="withdrawal-approval-row" data-id={withdrawal.id}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700} fz="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {format.crypto(withdrawal.amount, withdrawal.cryptoCurrencyCode)}
          </Text>
          <Badge variant="light" color="orange">
            {t('admin.withdrawals.approvalsCount', {
              count: withdrawal.approvals.length,
              required: withdrawal.requiredApprovals,
            })}
          </Badge>
        </Group>
        <Text size="sm">
          {t('admin.withdrawals.user', { username: withdrawal.username })}
          {' · '}
          {withdrawal.amountUsd === null
            ? t('admin.withdrawals.noUsd')
            : t('admin.withdrawals.usd', {
                amount: format.fiat(withdrawal.amountUsd, 'USD', { precision: 2 }),
              })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('admin.withdrawals.fee', {
            fee: format.crypto(withdrawal.networkFee, withdrawal.cryptoCurrencyCode),
          })}
        </Text>
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="withdrawal-address">
          {withdrawal.address}
        </Text>
        <Text size="xs" c="dimmed">
          {t('admin.withdrawals.age', {
            age: formatDuration(withdrawal.ageSeconds, locale),
            date: dateTime.format(new Date(withdrawal.createdAt)),
          })}
        </Text>
        {withdrawal.approvals.map((approval) => (
          <Text size="xs" key={`${approval.staff ?? '?'}-${approval.at}`}>
            {t('admin.withdrawals.approvedBy', {
              staff: approval.staff ?? '-',
              date: dateTime.format(new Date(approval.at)),
            })}
          </Text>
        ))}
        {blocked ? (
          <Text size="xs" c="dimmed">
            {blocked}
          </Text>
        ) : null}
        <Group gap="xs">
          <Button
            size="xs"
            color="teal"
            disabled={withdrawal.mine || withdrawal.approvedByMe}
            onClick={() => setActing('approve')}
          >
            {t('admin.withdrawals.approve')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            disabled={withdrawal.mine}
            onClick={() => setActing('reject')}
          >
            {t('admin.withdrawals.reject')}
          </Button>
        </Group>
      </Stack>
      {acting === 'approve' ? (
        <ApproveDialog withdrawal={withdrawal} onClose={() => setActing(null)} />
      ) : null}
      {acting === 'reject' ? <RejectDialog withdrawal={withdrawal} onClose={() => setActing(null)} /> : null}
    </Paper>
  );
}

/**
 * The four-eyes queue (`/admin/withdrawals`, supermods and admins; decision 0058): withdrawals above
 * WITHDRAW_APPROVAL_USD, oldest first. Two different staff members approve; one may reject with a reason.
 */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  const queue = useWithdrawalQueue();
  useDocumentTitle(t('admin.withdrawals.title'));
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <ConsoleHeader title={t('admin.withdrawals.title')} subtitle={t('admin.withdrawals.subtitle')} />
        {queue.isPending ? (
          <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton height={140} />
            <Skeleton height={140} />
          </Stack>
        ) : queue.isError ? (
          isApiError(queue.error) && queue.error.status === 403 ? (
            <Alert color="gray">{t('admin.forbidden')}</Alert>
          ) : (
            <ErrorState message={t('admin.withdrawals.error')} onRetry={() => void queue.refetch()} />
          )
        ) : queue.data.items.length === 0 ? (
          <Paper withBorder radius="md" p="xl">
            <Center>
              <Text c="dimmed" data-testid="queue-empty">
                {t('admin.withdrawals.empty')}
              </Text>
            </Center>
          </Paper>
        ) : (
          <Stack gap="sm">
            {queue.data.total > queue.data.items.length ? (
              <Text size="sm" c="dimmed">
                {t('admin.withdrawals.more', { shown: queue.data.items.length, total: queue.data.total })}
              </Text>
            ) : null}
            {queue.data.items.map((withdrawal) => (
              <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} />
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

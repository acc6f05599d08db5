import type { AdminDeficitAccount, AdminReversedDeposit } from '@app/contract';
import { Anchor, Badge, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocale, useLocalizePath } from '@/shared/i18n/locale-context';
import { ErrorState } from '@/shared/ui/error-state';
import { useChainReversals } from '../api/chain-reversals';
import { ConsoleHeader } from '../components/console-header';

const STATUS_COLOR: Record<string, string> = {
  reversed: 'red',
  pending: 'yellow',
  confirmed: 'teal',
  dropped: 'gray',
};

function UserLink({ username }: { username: string }) {
  const localize = useLocalizePath();
  return (
    <Anchor component={Link} to={localize(`/admin/users/${encodeURIComponent(username)}`)} fw={600}>
      {username}
    </Anchor>
  );
}

function DeficitRow({ account }: { account: AdminDeficitAccount }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="deficit-row">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <UserLink username={account.username} />
        <Text fw={700} c="red" style={{ overflowWrap: 'anywhere' }}>
          {t('admin.chainReversals.owed', { amount: account.owed, code: account.cryptoCurrencyCode })}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t('admin.chainReversals.available', { amount: account.available, code: account.cryptoCurrencyCode })}
        {account.accountNotice === 0 ? ` · ${t('admin.chainReversals.flagged')}` : ''}
      </Text>
    </Paper>
  );
}

function ReversedRow({ deposit }: { deposit: AdminReversedDeposit }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Paper withBorder radius="md" p="sm" data-testid="reversed-deposit-row">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <UserLink username={deposit.username} />
          <Badge variant="light" color={STATUS_COLOR[deposit.status] ?? 'gray'}>
            {t(`admin.chainReversals.status.${deposit.status as 'reversed'}`, deposit.status)}
          </Badge>
        </Group>
        <Text size="sm" fw={600}>
          {deposit.amount} {deposit.cryptoCurrencyCode}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {deposit.txid}:{deposit.outputIndex}
        </Text>
        <Text size="xs" c="dimmed">
          {t('admin.chainReversals.reversedAt', { date: when.format(new Date(deposit.reversedAt)) })}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * Chain reorganisations (`/admin/chain`, staff who may view users): the accounts that owe because a
 * deposit they had spent was taken back, and the reversed deposits, newest first (decision 0055).
 */
export function ChainReversalsPage() {
  const { t } = useTranslation();
  const query = useChainReversals();
  useDocumentTitle(t('admin.chainReversals.title'));
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <ConsoleHeader
          title={t('admin.chainReversals.title')}
          subtitle={t('admin.chainReversals.subtitle')}
        />
        {query.isPending ? (
          <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton height={64} />
            <Skeleton height={64} />
          </Stack>
        ) : query.isError ? (
          <ErrorState message={t('admin.chainReversals.error')} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <Title order={2} fz="lg">
              {t('admin.chainReversals.deficitsTitle')}
            </Title>
            {query.data.deficits.length === 0 ? (
              <Text c="dimmed">{t('admin.chainReversals.noDeficits')}</Text>
            ) : (
              <Stack gap="xs">
                {query.data.deficits.map((account) => (
                  <DeficitRow key={`${account.username}:${account.cryptoCurrencyCode}`} account={account} />
                ))}
              </Stack>
            )}
            <Title order={2} fz="lg">
              {t('admin.chainReversals.reversedTitle')}
            </Title>
            {query.data.reversedDeposits.length === 0 ? (
              <Text c="dimmed">{t('admin.chainReversals.noReversed')}</Text>
            ) : (
              <Stack gap="xs">
                {query.data.reversedDeposits.map((deposit) => (
                  <ReversedRow key={deposit.id} deposit={deposit} />
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}

import type { BankAccount } from '@app/contract';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/shared/session/current-user';
import { ErrorState } from '@/shared/ui/error-state';
import { useBankAccounts } from './api/bank-accounts';
import { BankAccountCard } from './components/bank-account-card';
import { BankAccountDeletionErrorModal } from './components/bank-account-deletion-error-modal';
import { BankAccountFormModal } from './components/bank-account-form-modal';
import { DeleteBankAccountModal, type DeletionBlockers } from './components/delete-bank-account-modal';

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label={t('bankAccounts.loading')}>
      {[0, 1].map((i) => (
        <Paper key={i} withBorder radius="md" p="sm">
          <Stack gap={8}>
            <Skeleton height={14} width="55%" />
            <Skeleton height={12} width="35%" />
            <Skeleton height={10} width="45%" />
            <Skeleton height={22} width={120} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The bank accounts tab: my accounts (numbers masked by the server) with edit and delete, the add and
 * edit popup, and the deletion-error modal when an offer or a trade still uses an account.
 */
export function BankAccountsSection() {
  const { t } = useTranslation();
  const query = useBankAccounts();
  const userCountry = useCurrentUser().data?.country?.iso ?? null;
  const [formOpen, setFormOpen] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<BankAccount | null>(null);
  const [blockers, setBlockers] = useState<DeletionBlockers | null>(null);

  const openForm = (id: number | null) => {
    setEditingId(id);
    setFormOpen(true);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Title order={2} fz="lg">
          {t('bankAccounts.title')}
        </Title>
        <Button onClick={() => openForm(null)}>{t('bankAccounts.add')}</Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('bankAccounts.explain')}
      </Text>
      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError ? (
        <ErrorState message={t('bankAccounts.loadError')} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <Paper withBorder radius="md" p="md" data-testid="bank-accounts-empty">
          <Stack gap={4}>
            <Text fw={600}>{t('bankAccounts.emptyTitle')}</Text>
            <Text size="sm" c="dimmed">
              {t('bankAccounts.emptyText')}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          aria-label={t('bankAccounts.listLabel')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {query.data.map((account) => (
            <BankAccountCard
              key={account.id}
              account={account}
              onEdit={() => openForm(account.id)}
              onDelete={() => setDeleting(account)}
            />
          ))}
        </Stack>
      )}
      <BankAccountFormModal
        opened={formOpen}
        accountId={editingId}
        defaultCountry={userCountry}
        onSaved={() => setFormOpen(false)}
        onClose={() => setFormOpen(false)}
      />
      <DeleteBankAccountModal account={deleting} onClose={() => setDeleting(null)} onInUse={setBlockers} />
      <BankAccountDeletionErrorModal blockers={blockers} onClose={() => setBlockers(null)} />
    </Stack>
  );
}

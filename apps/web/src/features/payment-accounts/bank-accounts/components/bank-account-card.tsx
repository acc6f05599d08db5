import type { BankAccount } from '@app/contract';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type BankAccountCardProps = {
  account: BankAccount;
  onEdit: () => void;
  onDelete: () => void;
};

/**
 * One account as the list shows it: bank, country and currency, personal or business, the masked number,
 * the holder, on how many offers; edit and delete. Long names wrap: nothing scrolls sideways at 320 px.
 */
export function BankAccountCard({ account, onEdit, onDelete }: BankAccountCardProps) {
  const { t } = useTranslation();
  // A SEPA account at a bank the directory does not know may have no bank name (decision 0053).
  const bank = account.bankName || t('bankAccounts.row.unnamedBank');
  const names = { bank, number: account.accountNumber };
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="bank-account">
      <Stack gap={4}>
        <Group gap={6} wrap="wrap">
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {bank}
          </Text>
          <Badge
            size="xs"
            variant="light"
            color="gray"
            aria-label={t('bankAccounts.row.country', { code: account.countryCode })}
          >
            {account.countryCode}
          </Badge>
          <Badge
            size="xs"
            variant="light"
            aria-label={t('bankAccounts.row.currency', { code: account.fiatCurrencyCode })}
          >
            {account.fiatCurrencyCode}
          </Badge>
          <Badge size="xs" variant="outline" color={account.isPersonal ? 'gray' : 'grape'}>
            {account.isPersonal ? t('bankAccounts.row.personal') : t('bankAccounts.row.business')}
          </Badge>
        </Group>
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {account.accountNumber}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('bankAccounts.row.holder', { name: account.holderName })}
        </Text>
        <Text size="xs" c="dimmed">
          {account.offerCount > 0
            ? t('bankAccounts.row.usedBy', { count: account.offerCount })
            : t('bankAccounts.row.unused')}
        </Text>
        <Group gap="xs" mt={4}>
          <Button
            size="compact-sm"
            variant="light"
            onClick={onEdit}
            aria-label={t('bankAccounts.row.editLabel', names)}
          >
            {t('bankAccounts.row.edit')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={onDelete}
            aria-label={t('bankAccounts.row.deleteLabel', names)}
          >
            {t('bankAccounts.row.delete')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

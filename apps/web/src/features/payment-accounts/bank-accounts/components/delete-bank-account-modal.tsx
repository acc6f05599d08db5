import type { BankAccount } from '@app/contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useApiErrorText } from '@/shared/api';
import { FormError } from '@/shared/ui/form-error';
import { toast } from '@/shared/ui/toast';
import { useDeleteBankAccount } from '../api/bank-accounts';
import { deletionBlockersOf } from '../utils/bank-form';

export type DeletionBlockers = ReturnType<typeof deletionBlockersOf>;

type DeleteBankAccountModalProps = {
  /** The account to delete (as listed: number masked), or null when closed. */
  account: BankAccount | null;
  onClose: () => void;
  /** The server refused (422 `BANK_ACCOUNT_IN_USE`): what still uses the account. */
  onInUse: (blockers: DeletionBlockers) => void;
};

/** Asks before deleting an account; a refusal because it is in use goes to the deletion-error modal. */
export function DeleteBankAccountModal({ account, onClose, onInUse }: DeleteBankAccountModalProps) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const remove = useDeleteBankAccount();
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!account) return;
    setError(null);
    remove.mutate(account.id, {
      onSuccess: () => {
        toast.success({ message: t('bankAccounts.remove.deleted') });
        close();
      },
      onError: (failure) => {
        if (isApiError(failure) && failure.code === 'BANK_ACCOUNT_IN_USE') {
          close();
          onInUse(deletionBlockersOf(failure.details));
        } else {
          setError(errorText(failure));
        }
      },
    });
  };

  return (
    <Modal opened={account !== null} onClose={close} title={t('bankAccounts.remove.title')} centered>
      <Stack gap="sm">
        {account ? (
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('bankAccounts.remove.account', {
              bank: account.bankName || t('bankAccounts.row.unnamedBank'),
              number: account.accountNumber,
            })}
          </Text>
        ) : null}
        <Text size="sm">{t('bankAccounts.remove.text')}</Text>
        <FormError message={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            {t('bankAccounts.remove.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

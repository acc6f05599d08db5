import type { BankAccountDetail } from '@app/contract';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/shared/ui/error-state';
import { PageLoader } from '@/shared/ui/page-loader';
import { useBankAccount } from '../api/bank-accounts';
import { BankAccountForm } from './bank-account-form';

type BankAccountFormModalProps = {
  opened: boolean;
  /** The account being changed (read whole from the server), or null to add one. */
  accountId: number | null;
  defaultCountry: string | null;
  onSaved: (account: BankAccountDetail) => void;
  onClose: () => void;
};

/** The add/edit popup; the whole screen on a phone, where a long form in a small box is hard to use. */
export function BankAccountFormModal({
  opened,
  accountId,
  defaultCountry,
  onSaved,
  onClose,
}: BankAccountFormModalProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const editing = useBankAccount(opened ? accountId : null);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={accountId === null ? t('bankAccounts.form.addTitle') : t('bankAccounts.form.editTitle')}
      fullScreen={narrow}
      centered={!narrow}
      size="lg"
    >
      {accountId === null ? (
        <BankAccountForm
          account={null}
          defaultCountry={defaultCountry}
          onSaved={onSaved}
          onCancel={onClose}
        />
      ) : editing.isPending ? (
        <PageLoader minHeight={200} />
      ) : editing.isError ? (
        <ErrorState message={t('bankAccounts.form.loadError')} onRetry={() => void editing.refetch()} />
      ) : (
        // Keyed by the account: the form starts from the stored values each time it opens.
        <BankAccountForm
          key={editing.data.id}
          account={editing.data}
          defaultCountry={null}
          onSaved={onSaved}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}

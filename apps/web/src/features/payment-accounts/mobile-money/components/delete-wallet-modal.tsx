import { inUseOfferHashes, type MobileMoneyWallet } from '@app/contract';
import { Alert, Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { offerEditorPath } from '@/features/offer-manager';
import { isApiError, useApiErrorText } from '@/shared/api';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { FormError } from '@/shared/ui/form-error';
import { toast } from '@/shared/ui/toast';
import { useDeleteMobileMoneyWallet } from '../api/mobile-money-wallets';

type DeleteWalletModalProps = {
  /** The wallet to delete (as listed: number masked), or null when closed. */
  wallet: MobileMoneyWallet | null;
  onClose: () => void;
};

/**
 * Asks before deleting a wallet. The server refuses while an active offer lists the wallet
 * (`MOBILE_MONEY_WALLET_IN_USE`): the popup then names those offers, each a link to its editor.
 */
export function DeleteWalletModal({ wallet, onClose }: DeleteWalletModalProps) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const localizePath = useLocalizePath();
  const remove = useDeleteMobileMoneyWallet();
  const [blockingOffers, setBlockingOffers] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setBlockingOffers(null);
    setError(null);
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!wallet) return;
    setError(null);
    remove.mutate(wallet.id, {
      onSuccess: () => {
        toast.success({ message: t('paymentAccounts.mobileMoney.remove.deleted') });
        close();
      },
      onError: (failure) => {
        if (isApiError(failure) && failure.code === 'MOBILE_MONEY_WALLET_IN_USE') {
          setBlockingOffers(inUseOfferHashes(failure.details));
        } else {
          setError(errorText(failure));
        }
      },
    });
  };

  const inUse = blockingOffers !== null;
  return (
    <Modal
      opened={wallet !== null}
      onClose={close}
      title={
        inUse
          ? t('paymentAccounts.mobileMoney.remove.inUseTitle')
          : t('paymentAccounts.mobileMoney.remove.title')
      }
      centered
    >
      {inUse ? (
        <Stack gap="sm">
          <Alert color="orange" variant="light" role="alert">
            <Text size="sm">{t('paymentAccounts.mobileMoney.remove.inUseText')}</Text>
          </Alert>
          <List size="sm" spacing={4}>
            {blockingOffers.map((hash) => (
              <List.Item key={hash}>
                <Anchor
                  component={Link}
                  to={localizePath(offerEditorPath(hash))}
                  style={{ wordBreak: 'break-all' }}
                >
                  {t('paymentAccounts.mobileMoney.remove.offerLink', { hash })}
                </Anchor>
              </List.Item>
            ))}
          </List>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            {t('paymentAccounts.mobileMoney.remove.confirmText', {
              provider: wallet?.paymentMethodName ?? '',
              number: wallet?.phoneNumber ?? '',
            })}
          </Text>
          <FormError message={error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={confirm} loading={remove.isPending}>
              {t('paymentAccounts.mobileMoney.remove.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

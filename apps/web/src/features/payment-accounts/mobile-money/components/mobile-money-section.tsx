import { MOBILE_MONEY_WALLETS_MAX, type MobileMoneyWallet } from '@app/contract';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentMethodIconUrl } from '@/features/catalogue';
import { useCurrentUser } from '@/shared/session/current-user';
import { ErrorState } from '@/shared/ui/error-state';
import { PageLoader } from '@/shared/ui/page-loader';
import { useMobileMoneyWallets } from '../api/mobile-money-wallets';
import { DeleteWalletModal } from './delete-wallet-modal';
import { WalletFormModal } from './wallet-form-modal';

type WalletRowProps = {
  wallet: MobileMoneyWallet;
  iconName: string;
  isNew: boolean;
  onEdit: () => void;
  onDelete: () => void;
};

/** One wallet: provider (icon and name), masked number, holder, on how many offers; edit and delete. */
function WalletRow({ wallet, iconName, isNew, onEdit, onDelete }: WalletRowProps) {
  const { t } = useTranslation();
  const names = { provider: wallet.paymentMethodName, number: wallet.phoneNumber };
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="mobile-money-wallet">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <img
          src={paymentMethodIconUrl(iconName)}
          alt=""
          width={32}
          height={32}
          loading="lazy"
          style={{ borderRadius: 8, flex: '0 0 auto' }}
        />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {wallet.paymentMethodName}
            </Text>
            <Badge size="xs" variant="light" color="gray">
              {wallet.countryCode}
            </Badge>
            {isNew ? (
              <Badge size="xs" variant="light" color="teal">
                {t('paymentAccounts.mobileMoney.new')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
            {wallet.phoneNumber}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('paymentAccounts.mobileMoney.holder', { name: wallet.holderName })}
          </Text>
          {wallet.offerCount > 0 ? (
            <Text size="xs" c="dimmed">
              {t('paymentAccounts.mobileMoney.offers', { count: wallet.offerCount })}
            </Text>
          ) : null}
          <Group gap="xs" mt={4}>
            <Button
              size="compact-sm"
              variant="light"
              onClick={onEdit}
              aria-label={t('paymentAccounts.mobileMoney.editLabel', names)}
            >
              {t('paymentAccounts.mobileMoney.edit')}
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={onDelete}
              aria-label={t('paymentAccounts.mobileMoney.deleteLabel', names)}
            >
              {t('paymentAccounts.mobileMoney.delete')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * The mobile money tab: my wallets, an "Add wallet" popup, edit (the whole number is read from the server)
 * and delete with confirmation. Holds the spec's collection state: the wallets and providers (the query),
 * the selected wallet, the popup flag and the last added wallet (marked "New").
 */
export function MobileMoneySection() {
  const { t } = useTranslation();
  const query = useMobileMoneyWallets();
  const userCountry = useCurrentUser().data?.country?.iso ?? null;
  const [modalOpen, setModalOpen] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<MobileMoneyWallet | null>(null);
  const [lastAddedId, setLastAddedId] = useState<number | null>(null);

  const openForm = (id: number | null) => {
    setSelectedId(id);
    setModalOpen(true);
  };

  if (query.isPending) return <PageLoader minHeight={160} />;
  if (query.isError) {
    return (
      <ErrorState message={t('paymentAccounts.mobileMoney.loadError')} onRetry={() => void query.refetch()} />
    );
  }
  const { mobileMoneyWallets: wallets, paymentMethods: methods } = query.data;
  const iconOf = new Map(methods.map((m) => [m.id, m.iconName]));
  const full = wallets.length >= MOBILE_MONEY_WALLETS_MAX;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Title order={2} fz="lg">
          {t('paymentAccounts.mobileMoney.title')}
        </Title>
        <Button onClick={() => openForm(null)} disabled={full}>
          {t('paymentAccounts.mobileMoney.add')}
        </Button>
      </Group>
      {full ? (
        <Text size="sm" c="dimmed">
          {t('paymentAccounts.mobileMoney.limitReached', { max: MOBILE_MONEY_WALLETS_MAX })}
        </Text>
      ) : null}
      {wallets.length === 0 ? (
        <Paper withBorder radius="md" p="md" data-testid="mobile-money-empty">
          <Stack gap={4}>
            <Text fw={600}>{t('paymentAccounts.mobileMoney.emptyTitle')}</Text>
            <Text size="sm" c="dimmed">
              {t('paymentAccounts.mobileMoney.emptyText')}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          aria-label={t('paymentAccounts.mobileMoney.listLabel')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {wallets.map((wallet) => (
            <WalletRow
              key={wallet.id}
              wallet={wallet}
              iconName={iconOf.get(wallet.paymentMethodId) ?? 'mobile'}
              isNew={wallet.id === lastAddedId}
              onEdit={() => openForm(wallet.id)}
              onDelete={() => setDeleting(wallet)}
            />
          ))}
        </Stack>
      )}
      <WalletFormModal
        opened={modalOpen}
        walletId={selectedId}
        methods={methods}
        defaultCountry={userCountry}
        onSaved={(wallet) => {
          if (selectedId === null) setLastAddedId(wallet.id);
          setModalOpen(false);
        }}
        onClose={() => setModalOpen(false)}
      />
      <DeleteWalletModal wallet={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

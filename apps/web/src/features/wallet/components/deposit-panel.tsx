import {
  Alert,
  Badge,
  Button,
  Center,
  EmptyState,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/shared/ui/error-state';
import { IconAlertCircle, IconCheck, IconRefresh } from '@/shared/ui/icons';
import { useDepositAddress } from '../api/get-deposit-address';
import { useDeposits, type ChainDeposit } from '../api/get-deposits';
import { useWalletFormat } from '../hooks/use-wallet-format';
import type { WalletCoin } from '../hooks/use-wallet-coins';
import { CryptoAmount } from './amount';
import { CoinSelect } from './coin-select';
import { DemoNetworkNotice } from './demo-network-notice';
import classes from './wallet.module.css';

type DepositPanelProps = {
  coins: readonly WalletCoin[];
  coin: WalletCoin;
  onCoinChange: (code: string) => void;
};

/** Receive crypto: the address of the chosen coin (QR and copy), then the deposits on their way. */
export function DepositPanel({ coins, coin, onCoinChange }: DepositPanelProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('wallet.deposit.title', { code: coin.cryptoCurrencyCode })}
          </Title>
          <CoinSelect
            coins={coins}
            value={coin.cryptoCurrencyCode}
            onChange={onCoinChange}
            label={t('wallet.deposit.coinLabel')}
          />
          <DepositAddressCard coin={coin} />
        </Stack>
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <IncomingDeposits coin={coin} />
      </Paper>
    </SimpleGrid>
  );
}

function DepositAddressCard({ coin }: { coin: WalletCoin }) {
  const { t } = useTranslation();
  const code = coin.cryptoCurrencyCode;
  const query = useDepositAddress(code);
  const clipboard = useClipboard({ timeout: 2500 });

  if (query.isPending) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton height={184} width={184} radius="md" />
        <Skeleton height={18} />
        <Skeleton height={36} width={160} />
      </Stack>
    );
  }
  if (query.isError) {
    return <ErrorState message={t('wallet.deposit.addressError')} onRetry={() => void query.refetch()} />;
  }
  const { address, network, requiredConfirmations, simulated } = query.data;
  return (
    <Stack gap="md" data-simulated={simulated}>
      {simulated ? <DemoNetworkNotice kind="deposit" code={code} network={network} /> : null}
      <Group align="flex-start" gap="lg" wrap="wrap">
        {/*
         * On the simulated chain the code is framed and stamped DEMO, and holds a sentence with the
         * address rather than the address alone: no wallet reads it as somewhere to pay (decision 0047).
         */}
        <div className={simulated ? `${classes.qr} ${classes.qrDemo}` : classes.qr}>
          <QRCodeSVG
            value={simulated ? t('wallet.demoNetwork.qrPayload', { address }) : address}
            size={160}
            level="M"
            title={
              simulated ? t('wallet.demoNetwork.qrTitle', { code }) : t('wallet.deposit.qrTitle', { code })
            }
            data-testid="deposit-qr"
          />
          {simulated ? (
            <Badge className={classes.qrDemoBadge} color="orange" variant="filled" size="xl" aria-hidden>
              {t('wallet.demoNetwork.qrBadge')}
            </Badge>
          ) : null}
        </div>
        <Stack gap={6} style={{ flex: '1 1 200px', minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              {t('wallet.deposit.addressLabel', { code })}
            </Text>
            {simulated ? (
              <Badge color="orange" variant="light" data-testid="demo-address-badge">
                {t('wallet.demoNetwork.addressBadge')}
              </Badge>
            ) : null}
          </Group>
          <Text className={classes.mono} fw={600} data-testid="deposit-address">
            {address}
          </Text>
          <Group gap="xs" mt={4}>
            <Button
              onClick={() => clipboard.copy(address)}
              color={clipboard.copied ? 'teal' : undefined}
              leftSection={clipboard.copied ? <IconCheck size={16} /> : undefined}
              variant={clipboard.copied ? 'light' : 'filled'}
            >
              {clipboard.copied ? t('wallet.deposit.copied') : t('wallet.deposit.copy')}
            </Button>
          </Group>
          {/* Said once for screen readers when the copy succeeds or fails. */}
          <Text size="sm" c={clipboard.error ? 'red' : 'teal'} role="status" aria-live="polite">
            {clipboard.error
              ? t('wallet.deposit.copyFailed')
              : clipboard.copied
                ? t('wallet.deposit.copiedLong')
                : ''}
          </Text>
        </Stack>
      </Group>
      <SimpleGrid cols={2} spacing="sm">
        <div>
          <Text size="xs" c="dimmed">
            {t('wallet.deposit.network')}
          </Text>
          <Text fw={600} data-testid="deposit-network">
            {network}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('wallet.deposit.confirmations')}
          </Text>
          <Text fw={600}>{t('wallet.deposit.confirmationsValue', { count: requiredConfirmations })}</Text>
        </div>
      </SimpleGrid>
      {/* On the simulated chain the notice above says more than "send only on this network". */}
      {simulated ? null : (
        <Alert color="orange" variant="light" icon={<IconAlertCircle />}>
          {t('wallet.deposit.networkWarning', { code, network })}
        </Alert>
      )}
    </Stack>
  );
}

function IncomingDeposits({ coin }: { coin: WalletCoin }) {
  const { t } = useTranslation();
  const query = useDeposits();
  const code = coin.cryptoCurrencyCode;
  const deposits = (query.data ?? []).filter((deposit) => deposit.cryptoCurrencyCode === code).slice(0, 10);
  const pending = deposits.some((deposit) => deposit.status === 'pending');

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} fz="lg">
          {t('wallet.deposit.recentTitle')}
        </Title>
        {pending ? (
          <Group gap={6} wrap="nowrap">
            <IconRefresh size={14} />
            <Text size="xs" c="dimmed">
              {t('wallet.deposit.autoRefresh')}
            </Text>
          </Group>
        ) : null}
      </Group>
      {query.isPending ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      ) : query.isError ? (
        <ErrorState message={t('wallet.deposit.listError')} onRetry={() => void query.refetch()} />
      ) : deposits.length === 0 ? (
        <Center py="lg">
          <EmptyState
            title={t('wallet.deposit.emptyTitle', { code })}
            description={t('wallet.deposit.emptyText')}
            size="sm"
          />
        </Center>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="deposit-list">
          {deposits.map((deposit) => (
            <DepositItem key={deposit.id} deposit={deposit} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

const STATUS_COLORS: Record<ChainDeposit['status'], string> = {
  pending: 'yellow',
  confirmed: 'teal',
  reversed: 'red',
  dropped: 'gray',
};

function DepositItem({ deposit }: { deposit: ChainDeposit }) {
  const { t } = useTranslation();
  const format = useWalletFormat();
  const { status } = deposit;
  const isPending = status === 'pending';
  // A reversed or dropped deposit credits nothing: no progress bar, a plain reason instead (0055).
  const settledAway = status === 'reversed' || status === 'dropped';
  const shown = Math.min(deposit.confirmations, deposit.requiredConfirmations);
  // "1 of 2 confirmations": the noun agrees with the number required, not with the count so far.
  const percent = deposit.requiredConfirmations > 0 ? (shown / deposit.requiredConfirmations) * 100 : 100;
  return (
    <Stack
      component="li"
      gap={6}
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      data-status={status}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <CryptoAmount
            amount={deposit.amount}
            code={deposit.cryptoCurrencyCode}
            signed
            fw={700}
            td={settledAway ? 'line-through' : undefined}
          />
          <Text size="xs" c="dimmed">
            {format.dateTime(deposit.createdAt)}
          </Text>
        </div>
        <Badge color={STATUS_COLORS[status]} variant={status === 'confirmed' ? 'filled' : 'light'}>
          {t(`wallet.deposit.${status}`)}
        </Badge>
      </Group>
      {settledAway ? (
        <Text size="sm" c={status === 'reversed' ? 'red' : 'dimmed'} data-testid="deposit-reason">
          {t(status === 'reversed' ? 'wallet.deposit.reversedReason' : 'wallet.deposit.droppedReason')}
        </Text>
      ) : (
        <Progress
          value={percent}
          color={isPending ? 'yellow' : 'teal'}
          size="sm"
          aria-label={t('wallet.deposit.progress', {
            shown,
            count: deposit.requiredConfirmations,
          })}
        />
      )}
      <Group justify="space-between" gap="xs" wrap="wrap">
        {settledAway ? null : (
          <Text size="xs" c={isPending ? undefined : 'dimmed'} fw={isPending ? 600 : undefined}>
            {deposit.inMempool
              ? t('wallet.deposit.inMempool')
              : t('wallet.deposit.progress', { shown, count: deposit.requiredConfirmations })}
          </Text>
        )}
        <Text size="xs" c="dimmed" className={classes.mono} truncate="end" title={deposit.txid} maw="100%">
          {deposit.txid}
        </Text>
      </Group>
    </Stack>
  );
}

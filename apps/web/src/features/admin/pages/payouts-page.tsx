import { payoutNetworks, type AdminPayout, type AdminPayouts } from '@app/contract';
import {
  Alert,
  Badge,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocale } from '@/shared/i18n/locale-context';
import { usePayouts, type PayoutNetwork } from '../api/payouts';
import { ConsoleHeader } from '../components/console-header';

const STATUS_COLOR = { broadcast: 'yellow', confirmed: 'teal', replaced: 'gray', failed: 'red' } as const;
const mono = { fontFamily: 'var(--mantine-font-family-monospace)', overflowWrap: 'anywhere' } as const;

function PayoutCard({ payout, network }: { payout: AdminPayout; network: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Paper withBorder radius="md" p="sm" data-testid="payout-row">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text size="xs" style={mono}>
            {payout.txid}
          </Text>
          <Badge variant="light" color={STATUS_COLOR[payout.status]} style={{ flexShrink: 0 }}>
            {t(`admin.payouts.status.${payout.status}`)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {t('admin.payouts.fee', { fee: payout.fee, coin: network })} ·{' '}
          {when.format(new Date(payout.createdAt))}
          {payout.replacesId !== null ? ` · ${t('admin.payouts.replaces', { id: payout.replacesId })}` : ''}
        </Text>
        {payout.withdrawals.map((w) => (
          <Group key={w.id} justify="space-between" gap="xs" wrap="wrap">
            <Text size="xs" style={mono}>
              {w.address}
            </Text>
            <Text size="xs" ff="monospace">
              {w.amount} {network} {w.username ? `· ${w.username}` : ''}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

function Section({ title, payouts, network }: { title: string; payouts: AdminPayout[]; network: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      {payouts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('admin.payouts.none')}
        </Text>
      ) : (
        payouts.map((p) => <PayoutCard key={p.id} payout={p} network={network} />)
      )}
    </Stack>
  );
}

function Overview({ data }: { data: AdminPayouts }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const coin = data.network;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        <Paper withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed">
            {t('admin.payouts.maxPerTx')}
          </Text>
          <Text ff="monospace">
            {data.limits.maxPerTx} {coin}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed">
            {t('admin.payouts.paidToday')}
          </Text>
          <Text ff="monospace" data-testid="payouts-paid-today">
            {data.limits.paidLast24h} / {data.limits.maxPerDay} {coin}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed">
            {t('admin.payouts.lastBatch')}
          </Text>
          <Text size="sm">
            {data.lastBatchAt ? when.format(new Date(data.lastBatchAt)) : t('admin.payouts.never')}
          </Text>
        </Paper>
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('admin.payouts.waiting')}
        </Title>
        {data.waiting.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('admin.payouts.noneWaiting')}
          </Text>
        ) : (
          data.waiting.map((w) => (
            <Paper key={w.id} withBorder radius="md" p="sm" data-testid="payout-waiting">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="xs" style={mono}>
                  {w.address}
                </Text>
                <Text size="xs" ff="monospace">
                  {w.amount} {coin} {w.username ? `· ${w.username}` : ''}
                </Text>
              </Group>
              <Badge
                mt={4}
                variant="light"
                color={w.reason === 'next_batch' ? 'blue' : 'orange'}
                style={{ whiteSpace: 'normal', height: 'auto' }}
              >
                {t(`admin.payouts.reason.${w.reason}`)}
              </Badge>
            </Paper>
          ))
        )}
      </Stack>
      <Section title={t('admin.payouts.open')} payouts={data.open} network={coin} />
      <Section title={t('admin.payouts.recent')} payouts={data.recent} network={coin} />
    </Stack>
  );
}

/**
 * The hot wallet's payouts (`/admin/payouts`, supermods and admins; decision 0057): the limits and what
 * was paid today, the withdrawals waiting and why, the open and recent batch transactions with their
 * txids, fees and the withdrawals each pays.
 */
export function PayoutsPage() {
  const { t } = useTranslation();
  const [network, setNetwork] = useState<PayoutNetwork>('BTC');
  const payouts = usePayouts(network);
  useDocumentTitle(t('admin.payouts.title'));
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <ConsoleHeader title={t('admin.payouts.title')} subtitle={t('admin.payouts.subtitle')} />
        <SegmentedControl
          value={network}
          onChange={(value) => setNetwork(value as PayoutNetwork)}
          data={payoutNetworks.map((value) => ({ value, label: value }))}
          fullWidth
        />
        {payouts.isPending ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : payouts.isError ? (
          <Alert color="red" variant="light">
            {t('admin.payouts.error')}
          </Alert>
        ) : (
          <Overview data={payouts.data} />
        )}
      </Stack>
    </Container>
  );
}

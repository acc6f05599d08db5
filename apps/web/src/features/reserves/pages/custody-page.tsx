import { formatBaseUnitsTrimmed } from '@app/contract';
import {
  Alert,
  Badge,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConsoleHeader } from '@/features/admin/components/console-header';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { ErrorState } from '@/shared/ui/error-state';
import { useCustody } from '../api/reserves';

/**
 * The console's custody (`/admin/custody`, supermods and admins; decision 0060): per coin what the hot
 * wallet, deposit addresses, the cold side and sweeps in progress hold now, the withdrawals waiting to be
 * sent, the float to keep (HOT_WALLET_TARGET) and what must move from cold to hot.
 */
export function CustodyPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('reserves.custody.title'));
  const custody = useCustody();
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <ConsoleHeader title={t('reserves.custody.title')} subtitle={t('reserves.custody.subtitle')} />
        {custody.isPending ? (
          <Skeleton height={200} radius="md" />
        ) : custody.isError ? (
          <ErrorState message={t('reserves.custody.error')} onRetry={() => void custody.refetch()} />
        ) : (
          <>
            {custody.data.problems.length > 0 ? (
              <Alert color="orange" variant="light">
                {custody.data.problems.join(' · ')}
              </Alert>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {custody.data.coins.map((coin) => {
                const f = (units: string) => formatBaseUnitsTrimmed(BigInt(units), coin.decimals);
                const rows = [
                  ['hot', coin.hot],
                  ['cold', coin.cold],
                  ['deposit', coin.deposit],
                  ['sweeping', coin.sweeping],
                  ['waiting', coin.waitingWithdrawals],
                  ['target', coin.target],
                ] as const;
                const refill = BigInt(coin.refill) > 0n;
                return (
                  <Paper
                    key={coin.cryptoCurrencyCode}
                    withBorder
                    radius="md"
                    p="md"
                    data-testid={`custody-${coin.cryptoCurrencyCode}`}
                  >
                    <Stack gap={6}>
                      <Group justify="space-between" gap="xs">
                        <Title order={2} fz="lg">
                          {coin.cryptoCurrencyCode}
                        </Title>
                        {coin.custody === 'chain' ? null : (
                          <Badge color="gray" variant="light">
                            {t(`reserves.custody.kind.${coin.custody}`)}
                          </Badge>
                        )}
                      </Group>
                      {rows.map(([key, value]) => (
                        <Group key={key} justify="space-between" gap="xs" wrap="nowrap">
                          <Text size="sm" c="dimmed">
                            {t(`reserves.custody.${key}`)}
                          </Text>
                          <Text size="sm" ff="monospace" ta="right">
                            {f(value)}
                          </Text>
                        </Group>
                      ))}
                      <Group justify="space-between" gap="xs" wrap="nowrap">
                        <Text size="sm" fw={600}>
                          {t('reserves.custody.refill')}
                        </Text>
                        <Text
                          size="sm"
                          fw={700}
                          ff="monospace"
                          c={refill ? 'orange' : 'teal'}
                          data-testid="custody-refill"
                        >
                          {f(coin.refill)}
                        </Text>
                      </Group>
                    </Stack>
                  </Paper>
                );
              })}
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Container>
  );
}

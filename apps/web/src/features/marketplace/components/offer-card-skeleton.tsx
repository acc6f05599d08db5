import { Group, Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Placeholder cards while a page of offers loads, shaped like the real ones so nothing jumps. The
 * columns wrap on a phone as the cards' do: at 320 px they were 15 px wider than the screen.
 */
export function OfferListSkeleton({ count = 3 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <Stack
      gap="sm"
      role="status"
      aria-busy="true"
      aria-label={t('marketplace.results.loading')}
      data-testid="offers-loading"
    >
      {Array.from({ length: count }, (_, index) => (
        <Paper key={index} withBorder p="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Group gap="sm" wrap="nowrap">
              <Skeleton height={40} circle />
              <Stack gap={6}>
                <Skeleton height={12} width={110} />
                <Skeleton height={10} width={70} />
              </Stack>
            </Group>
            <Stack gap={6} visibleFrom="sm">
              <Skeleton height={12} width={120} />
              <Skeleton height={10} width={90} />
            </Stack>
            <Stack gap={6} align="flex-end">
              <Skeleton height={16} width={120} />
              <Skeleton height={30} width={96} />
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

import { Grid, Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The calculator's shape while its first answer loads, so nothing jumps when it arrives. */
export function CalculatorSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" role="status" aria-live="polite" aria-label={t('catalogue.calculator.loading')}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} h="100%">
            <Stack gap="md">
              <Skeleton h={14} w={80} />
              <Skeleton h={42} />
              <Skeleton h={14} w={120} />
              <Skeleton h={50} />
              <Skeleton h={14} w={120} />
              <Skeleton h={50} />
              <Skeleton h={14} w="60%" />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} h="100%">
            <Stack gap="sm">
              <Skeleton h={14} w={120} />
              <Skeleton h={36} w={200} />
              <Skeleton h={26} w={140} />
              <Skeleton h={280} mt="sm" />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Skeleton h={22} w={220} />
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} h={32} />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}

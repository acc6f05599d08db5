import type { PublicProfile } from '@app/contract';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/locale-context';
import { numericClass } from '@/shared/ui/numeric';
import { formatDuration, formatPercent, positiveShare } from '../utils/profile-stats';

function Stat({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: string;
  testId: string;
}) {
  return (
    <Stack gap={2} miw={0} data-testid={testId}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fw={700} fz="lg" className={numericClass} lh={1.3}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The trader's record in numbers, beside the header's member-since, trust and feedback counts: completed
 * trades, completion rate and release time (the server's `tradeStats`, the last two over 30 days) and the
 * share of positive feedback. A figure the server cannot give (no finished trade, no sale) says so.
 */
export function ProfileStats({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const locale = useLocale();
  // Read defensively: a server older than the trader stats answers without them.
  const stats: Partial<PublicProfile>['tradeStats'] = profile.tradeStats;
  const none = t('profile.stats.none');
  const share = profile.feedback ? positiveShare(profile.feedback) : null;
  const count = (value: number) => new Intl.NumberFormat(locale).format(value);

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="profile-stats-title"
      data-testid="profile-stats"
    >
      <Title order={2} fz="lg" mb="md" id="profile-stats-title">
        {t('profile.stats.title')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="md">
        <Stat
          testId="stat-completed"
          label={t('profile.stats.completedTrades')}
          value={stats ? count(stats.completedTrades) : none}
        />
        <Stat
          testId="stat-completion"
          label={t('profile.stats.completionRate')}
          value={stats?.completionRate ? formatPercent(stats.completionRate, locale) : none}
          hint={t('profile.stats.last30Days')}
        />
        <Stat
          testId="stat-release"
          label={t('profile.stats.avgRelease')}
          value={
            typeof stats?.avgReleaseSeconds === 'number'
              ? formatDuration(stats.avgReleaseSeconds, locale)
              : none
          }
          hint={t('profile.stats.last30Days')}
        />
        <Stat
          testId="stat-positive"
          label={t('profile.stats.positiveShare')}
          value={share ? formatPercent(share, locale) : none}
          hint={
            profile.feedback
              ? t('profile.stats.feedbackTotal', {
                  count: profile.feedback.positive + profile.feedback.negative,
                })
              : undefined
          }
        />
      </SimpleGrid>
    </Paper>
  );
}

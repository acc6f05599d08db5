import type { DisputeParty } from '@app/contract';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/locale-context';

/** One party as the moderator weighs them: age, track record, verification, standing. */
export function PartyCard({ party, side }: { party: DisputeParty; side: 'buyer' | 'seller' }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(party.registeredAt));
  return (
    <Paper withBorder radius="md" p="md" data-testid={`party-${side}`}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t(`admin.dispute.party.${side}`)}
          </Text>
          {party.accountState !== 'active' ? (
            <Badge color="red" variant="light">
              {t('admin.dispute.party.state', { state: party.accountState })}
            </Badge>
          ) : null}
        </Group>
        <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          {party.username}
        </Title>
        <Text size="sm">{t('admin.dispute.party.registered', { date, days: party.accountAgeDays })}</Text>
        <Text size="sm">{t('admin.dispute.party.completedTrades', { count: party.completedTrades })}</Text>
        <Text size="sm">
          {t('admin.dispute.party.feedback', {
            positive: party.feedback.positive,
            negative: party.feedback.negative,
          })}
        </Text>
        <Group gap={6}>
          <Badge variant="light" color={party.emailVerified ? 'green' : 'gray'}>
            {party.emailVerified
              ? t('admin.dispute.party.emailVerified')
              : t('admin.dispute.party.emailNotVerified')}
          </Badge>
          <Badge variant="light" color={party.idVerified ? 'green' : 'gray'}>
            {party.idVerified ? t('admin.dispute.party.idVerified') : t('admin.dispute.party.idNotVerified')}
          </Badge>
        </Group>
      </Stack>
    </Paper>
  );
}

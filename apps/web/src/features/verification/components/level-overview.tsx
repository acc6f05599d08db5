import type { KycLevelsInfo } from '@app/contract';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LimitList } from './limit-list';
import { RequirementChecklist } from './requirement-checklist';

/**
 * Where I stand: my level, what I have proven, and the next level: what it still needs and what it
 * allows. At the top of the table there is no next level.
 */
export function LevelOverview({ info }: { info: KycLevelsInfo }) {
  const { t } = useTranslation();
  const next = info.next ? (info.levels.find((level) => level.id === info.next) ?? null) : null;
  const met = new Map(info.requirements.map((r) => [r.requirement, r.met]));
  const needed = next
    ? next.requires.map((requirement) => ({ requirement, met: met.get(requirement) ?? false }))
    : [];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Stack gap="sm">
        <Group gap="xs" align="center">
          <Text size="sm" c="dimmed">
            {t('verification.overview.yourLevel')}
          </Text>
          <Badge size="lg" variant="filled" data-testid="current-level">
            {info.current}
          </Badge>
        </Group>
        <RequirementChecklist items={info.requirements} label={t('verification.overview.provenLabel')} />
      </Stack>
      <Paper withBorder radius="md" p="md" data-testid="next-level">
        {next ? (
          <Stack gap="sm">
            <Title order={3} fz="md">
              {t('verification.overview.nextTitle', { level: next.id })}
            </Title>
            <Text size="sm" fw={600}>
              {t('verification.overview.nextNeeds')}
            </Text>
            <RequirementChecklist
              items={needed}
              label={t('verification.overview.nextNeedsLabel', { level: next.id })}
              withLinks={false}
            />
            <Text size="sm" fw={600}>
              {t('verification.overview.nextGives')}
            </Text>
            <LimitList limits={next.limits} />
          </Stack>
        ) : (
          <Stack gap={4}>
            <Title order={3} fz="md">
              {t('verification.overview.topTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('verification.overview.topText')}
            </Text>
          </Stack>
        )}
      </Paper>
    </SimpleGrid>
  );
}

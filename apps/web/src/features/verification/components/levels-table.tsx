import type { KycLevelsInfo } from '@app/contract';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LimitList } from './limit-list';

/**
 * Every level of the operator's table with what it needs and allows. Cards rather than a seven-column
 * table: they read the same at 320 px without sideways scrolling.
 */
export function LevelsTable({ info }: { info: KycLevelsInfo }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, xs: 2, lg: 3 }}
      spacing="sm"
      aria-label={t('verification.levels.listLabel')}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {info.levels.map((level) => {
        const current = level.id === info.current;
        return (
          <Paper
            component="li"
            key={level.id}
            withBorder
            radius="md"
            p="sm"
            data-testid="level-card"
            data-level={level.id}
            data-current={current}
            style={
              current ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined
            }
          >
            <Stack gap={6}>
              <Group justify="space-between" gap="xs">
                <Title order={3} fz="md">
                  {t('verification.levels.levelName', { level: level.id })}
                </Title>
                {current ? (
                  <Badge variant="light" size="sm">
                    {t('verification.levels.yours')}
                  </Badge>
                ) : null}
              </Group>
              <Text size="xs" c="dimmed">
                {level.requires.length === 0
                  ? t('verification.levels.needsNothing')
                  : t('verification.levels.needs', {
                      list: level.requires
                        .map((requirement) => t(`verification.requirements.names.${requirement}`))
                        .join(', '),
                    })}
              </Text>
              <LimitList limits={level.limits} />
              {level.blockedActions.length > 0 ? (
                <Text size="xs" c="dimmed">
                  {t('verification.levels.blocked', {
                    list: level.blockedActions.map((a) => t(`verification.blockedActions.${a}`)).join(', '),
                  })}
                </Text>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

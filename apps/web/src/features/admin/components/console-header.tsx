import { Badge, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStaffPermissions } from '../api/permissions';

/** The console's page heading: the page title, what it is for, and my staff role. */
export function ConsoleHeader({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const permissions = useStaffPermissions();
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <div>
        <Text size="sm" c="dimmed">
          {t('admin.title')}
        </Text>
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          {title}
        </Title>
        {subtitle ? (
          <Text size="sm" c="dimmed" mt={4}>
            {subtitle}
          </Text>
        ) : null}
      </div>
      <Group gap="xs">
        {children}
        {permissions.data ? (
          <Badge variant="light" data-testid="staff-role">
            {t(`admin.role.${permissions.data.role}`)}
          </Badge>
        ) : null}
      </Group>
    </Group>
  );
}

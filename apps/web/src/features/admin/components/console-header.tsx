import { Anchor, Badge, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useLocalizePath } from '@/shared/i18n/locale-context';
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
  const localize = useLocalizePath();
  // The console's sections, each shown only to roles that may use it.
  const sections = [
    { to: '/admin/disputes', label: t('admin.nav.disputes'), show: permissions.can('disputes.take') },
    { to: '/admin/reports', label: t('admin.nav.reports'), show: permissions.can('reports.handle') },
    { to: '/admin/appeals', label: t('admin.nav.appeals'), show: permissions.can('appeals.decide') },
    { to: '/admin/users', label: t('admin.nav.users'), show: permissions.can('users.view') },
    { to: '/admin/chain', label: t('admin.nav.chain'), show: permissions.can('users.view') },
    { to: '/admin/audit', label: t('admin.nav.audit'), show: permissions.can('audit.read') },
    { to: '/admin/outbox', label: t('admin.nav.outbox'), show: permissions.can('outbox.read') },
    { to: '/admin/custody', label: t('admin.nav.custody'), show: permissions.can('custody.view') },
    { to: '/admin/payouts', label: t('admin.nav.payouts'), show: permissions.can('payouts.view') },
    {
      to: '/admin/chargebacks',
      label: t('admin.nav.chargebacks'),
      show: permissions.can('chargebacks.handle'),
    },
    {
      to: '/admin/withdrawals',
      label: t('admin.nav.withdrawals'),
      show: permissions.can('withdrawals.approve'),
    },
    {
      to: '/admin/verifications',
      label: t('admin.nav.verifications'),
      show: permissions.can('verifications.review'),
    },
  ].filter((section) => section.show);
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <div>
        {sections.length > 1 ? (
          <Group gap="md" mb={4} component="nav" aria-label={t('admin.title')}>
            {sections.map((section) => (
              <Anchor key={section.to} component={NavLink} to={localize(section.to)} size="sm">
                {section.label}
              </Anchor>
            ))}
          </Group>
        ) : null}
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

import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/shared/session/current-user';
import { PageBanner } from '@/shared/ui/page-banner';

/**
 * The spec's `demoModeBanner`: the logged-in account is one of the demo accounts (DEMO_DATA), whose
 * shared password the README prints. Whoever uses it should know that others can too.
 */
export function DemoModeBanner() {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  if (!user?.isDemoAccount) return null;
  return (
    <PageBanner color="blue" testId="demo-mode-banner">
      <Text size="sm" fw={600}>
        {t('account.demo.title')}
      </Text>
      <Text size="sm">{t('account.demo.text')}</Text>
    </PageBanner>
  );
}

import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/shared/session/current-user';
import { PageBanner } from '@/shared/ui/page-banner';

/**
 * The account notice staff left for the logged-in user (spec codes: 0 problem with the account balance,
 * 1 account closed, 2 notification from payment support), above every page until staff clear it.
 */
export function AccountNoticeBanner() {
  const { t } = useTranslation();
  const notice = useCurrentUser().data?.accountNotice;
  if (notice === undefined || notice === null) return null;
  return (
    <PageBanner color="orange" testId="account-notice">
      <Text size="sm" fw={600}>
        {t('accountNotice.title')}
      </Text>
      <Text size="sm">{t(`accountNotice.${notice}`)}</Text>
    </PageBanner>
  );
}

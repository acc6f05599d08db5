import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { useCurrentUser } from '@/shared/session/current-user';
import { PageBanner } from '@/shared/ui/page-banner';

/**
 * The spec's verify-email banner: above every page until the logged-in user's address is verified,
 * with the way to the verification page (not on that page itself).
 */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const { pathname } = useLocation();
  const user = useCurrentUser().data;
  if (!user || user.isEmailVerified || pathname.endsWith('/account/verify-email')) return null;
  return (
    <PageBanner color="blue" testId="verify-email-banner">
      <Text size="sm">
        {t('verification.email.banner', { email: user.email })}{' '}
        <Anchor component={Link} to={localize('/account/verify-email')} size="sm" fw={600}>
          {t('verification.email.bannerLink')}
        </Anchor>
      </Text>
    </PageBanner>
  );
}

import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCurrentUser } from '@/shared/session/current-user';
import { PageBanner } from '@/shared/ui/page-banner';
import { useVerificationLiveUpdates } from '../hooks/use-verification-live-updates';
import { STEP_TITLE_IDS, VERIFICATION_PAGE_PATH } from '../utils/steps';
import { isPostponed, owesPapers, PostponeButton } from './company-step';
import { VerificationLink } from './verification-link';

/**
 * The layout's KYC notices, and the listener that keeps them (and the verification page) current:
 * - `kycIdRequiredBanner`: the level's trading volume is used up; verify to raise it;
 * - `kycForcedAlert`: staff require a video verification;
 * - a company account whose papers are not in yet, unless its owner put the reminder off.
 * Neither shows on the verification page itself, where the same is said in its place.
 */
export function KycBanners() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useCurrentUser().data;
  useVerificationLiveUpdates();
  if (!user || pathname.endsWith(VERIFICATION_PAGE_PATH)) return null;
  return (
    <>
      {user.isVideoVerifiedForced ? (
        <PageBanner color="red" testId="kyc-forced-alert">
          <Text size="sm">
            {t('verification.banners.forced')}{' '}
            <VerificationLink step={STEP_TITLE_IDS.video}>
              {t('verification.banners.forcedLink')}
            </VerificationLink>
          </Text>
        </PageBanner>
      ) : null}
      {user.kycIdRequired ? (
        <PageBanner color="orange" testId="kyc-id-required-banner">
          <Text size="sm">
            {t('verification.banners.idRequired', { level: user.kycLevelCheck.levelId })}{' '}
            <VerificationLink>{t('verification.banners.idRequiredLink')}</VerificationLink>
          </Text>
        </PageBanner>
      ) : null}
      {user.corporateAccount &&
      owesPapers(user.corporateAccount.status) &&
      !isPostponed(user.corporateAccount) ? (
        <PageBanner color="blue" testId="kyc-company-banner">
          <Group gap="sm" justify="space-between" wrap="wrap">
            <Text size="sm">
              {t('verification.banners.company')}{' '}
              <VerificationLink step={STEP_TITLE_IDS.company}>
                {t('verification.banners.companyLink')}
              </VerificationLink>
            </Text>
            <PostponeButton />
          </Group>
        </PageBanner>
      ) : null}
    </>
  );
}

import { KycBanners } from '@/features/verification';
import { VerifyEmailBanner } from '@/features/verification/components/verify-email-banner';

/** The notices only a logged-in user gets (verify the e-mail, KYC); their own chunk (AppLayout). */
export function MemberBanners() {
  return (
    <>
      <VerifyEmailBanner />
      <KycBanners />
    </>
  );
}

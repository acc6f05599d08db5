import { AccountStateBanner, ConfirmBirthdayModal, DemoModeBanner } from '@/features/account';
import { KycBanners } from '@/features/verification';
import { VerifyEmailBanner } from '@/features/verification/components/verify-email-banner';

/**
 * The notices only a logged-in user gets (the account's state, a demo account, verify the e-mail, KYC,
 * the deferred confirm-birthday modal); their own chunk (AppLayout).
 */
export function MemberBanners() {
  return (
    <>
      <AccountStateBanner />
      <DemoModeBanner />
      <VerifyEmailBanner />
      <KycBanners />
      <ConfirmBirthdayModal />
    </>
  );
}

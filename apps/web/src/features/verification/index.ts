/**
 * Verification: the e-mail and phone checks, and the KYC levels with the identity verification page
 * (`/account/verification`). Other features link there from their refusals; the layout carries the
 * banners and the live updates.
 */
export { VerificationLink } from './components/verification-link';
export { KycBanners } from './components/kyc-banners';
export { VERIFICATION_PAGE_PATH } from './utils/steps';
export { isKycRefusal } from './utils/kyc-refusals';
export { useTradeLimitsIn } from './api/levels';

/** The ids of the steps' headings on the verification page: the checklist links down to them. */
export const STEP_TITLE_IDS = {
  id: 'kyc-id-title',
  address: 'kyc-address-title',
  video: 'kyc-video-title',
  company: 'kyc-company-title',
} as const;

/** The page's address, for links from elsewhere (banners, refusals, the account menu). */
export const VERIFICATION_PAGE_PATH = '/account/verification';

/**
 * The account's standing in the shell: the banners for account states (frozen, restricted, on hold,
 * compliance review) and demo accounts, the notice a locked-out account gets at login, and the date of
 * birth (the confirm-birthday modal and the verification page's section; decision 0054).
 */
export { AccountStateBanner } from './components/account-state-banner';
export { DemoModeBanner } from './components/demo-mode-banner';
export { LockedAccountNotice, lockedStateOf, type LockedState } from './components/locked-account-notice';
export { ConfirmBirthdayModal } from './components/confirm-birthday-modal';
export { BirthDateSection } from './components/birth-date-section';

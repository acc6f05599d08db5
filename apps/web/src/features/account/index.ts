/**
 * The account's standing in the shell: the banners for account states (frozen, restricted, on hold,
 * compliance review) and demo accounts, and the notice a locked-out account gets at login.
 */
export { AccountStateBanner } from './components/account-state-banner';
export { DemoModeBanner } from './components/demo-mode-banner';
export { LockedAccountNotice, lockedStateOf, type LockedState } from './components/locked-account-notice';

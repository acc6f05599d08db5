/**
 * Contacts (`/contacts`): the recent-trades, trusted and blocked lists and the favourite offers; the
 * page loads lazily from the router. Other features import from here only: the trust and block actions
 * the profile and trade pages show, and the lists' cache keys.
 */
export { RelationActions } from './components/relation-actions';
export { contactsKeys } from './api/query-keys';

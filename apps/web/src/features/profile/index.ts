/**
 * Public profiles (`/user/{username}`): the profile query and the trader summary other features show
 * beside an offer. Other features import from here only.
 */
export { usePublicProfile, publicProfileQueryOptions } from './api/get-public-profile';
export { ProfileSummary } from './components/profile-summary';
export { useNow } from './hooks/use-now';

/**
 * The account's settings: profile, preferences, username, avatar, closing the account (0029); the date of
 * birth, confirmed once (0054).
 */
export { createSettings, type Settings, type CloseAccountGuards } from './service.js';
export { settingsRoutes } from './routes.js';
export { createBirthDates, type BirthDates } from './birth-date.js';

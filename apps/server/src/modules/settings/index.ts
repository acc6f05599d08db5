/** The account's settings: profile, preferences, username, avatar, closing the account (0029). */
export { createSettings, type Settings, type CloseAccountGuards } from './service.js';
export { settingsRoutes } from './routes.js';

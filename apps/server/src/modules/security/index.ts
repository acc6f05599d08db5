/** The account's security: its sessions and its password (decision 0027). */
export { createUserSessions, publicSessionId, type UserSessions } from './sessions.js';
export { createPasswords, type Passwords } from './passwords.js';
export { securityRoutes } from './routes.js';
export { deviceLabel } from './device.js';
export { createLoginAlerts } from './login-alerts.js';
